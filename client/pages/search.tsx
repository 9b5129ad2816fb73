import { useId, type JSX } from "react";
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { EventHeading, SearchResult } from "#shared/contract.ts";
import { formatKickoff } from "#shared/format.ts";
import { eventCompetitionName } from "#shared/reference.ts";
import { ToolPage } from "../components/tool-page.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { SEARCH_FAILED_MESSAGE } from "../finder/team-search.tsx";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_CHARS } from "../finder/use-team-search.ts";
import { protectedSource } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { matchPath, SEARCH_PATH } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";
import { useRootData } from "../session/root-data.ts";

export const SEARCH_TOO_SHORT_MESSAGE = `Type at least ${SEARCH_MIN_CHARS} letters of a team's name.`;
export const SEARCH_REFUSED_MESSAGE = `Type at most ${SEARCH_MAX_LENGTH} characters: a team's name, or part of it.`;
export const noMatchMessage = (q: string) => `No match for "${q}". Try another spelling, or a club's short name ("Man U", "Spurs").`;

export interface SearchData {
  /** What was asked, trimmed (cut to the field's length when it was longer). */
  q: string;
  /** The API's answer, or why nothing was asked. */
  found: Served<SearchResult> | "too-short" | "refused";
}

// The API answers 400 to control characters (docs/design.md, Search): the page says so without asking.
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * /search?q=TEXT (docs/design.md, Search): the matches whose teams match, as a page of its own. It is
 * the dashboard's team search without JavaScript (its GET form lands here), and where Enter takes it
 * with JavaScript before any match is listed.
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<SearchData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (q.length > SEARCH_MAX_LENGTH || CONTROL.test(q)) return { q: q.replace(new RegExp(CONTROL, "g"), "").slice(0, SEARCH_MAX_LENGTH), found: "refused" };
  if (q.length < SEARCH_MIN_CHARS) return { q, found: "too-short" };
  return { q, found: await settle(source.search(LIVE_COUNTRY_ID, q)) };
}

/** The search field as a plain GET form: it works the same with JavaScript or without. */
function SearchForm({ q }: { q: string }): JSX.Element {
  const id = useId();
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className="search-form mb-4">
      <label className="label" htmlFor={id}>
        Team
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input id={id} className="input" type="search" name="q" defaultValue={q} key={q} maxLength={SEARCH_MAX_LENGTH} autoComplete="off" />
        </div>
        <div className="control">
          <button type="submit" className="button is-primary">
            Search
          </button>
        </div>
      </div>
    </Form>
  );
}

function Found({ events }: { events: readonly EventHeading[] }): JSX.Element {
  const root = useRootData();
  return (
    <ul className="search-results" aria-label="Matches">
      {events.map((event) => (
        <li key={event.id}>
          <Link className="search-result" to={matchPath(event.id)}>
            <span className="search-result-teams">
              {event.home} v {event.away}
            </span>
            <span className="search-result-detail">
              {eventCompetitionName(event)} · <time dateTime={event.date}>{formatKickoff(event.date, new Date(root.now), root.timeZone)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What the search found, or why there is nothing to show. */
function Results({ q, found }: SearchData): JSX.Element | null {
  if (found === "too-short") return q ? <p role="status">{SEARCH_TOO_SHORT_MESSAGE}</p> : null;
  if (found === "refused") return <p role="alert" className="has-text-danger-dark">{SEARCH_REFUSED_MESSAGE}</p>;
  if (!found.ok) return <LoadFailed message={SEARCH_FAILED_MESSAGE} />;
  const n = found.data.events.length;
  if (n === 0) return <p role="status">{noMatchMessage(q)}</p>;
  return (
    <>
      <p role="status" className="mb-2">
        {n} {n === 1 ? "match" : "matches"} for "{q}", soonest first.
      </p>
      <Found events={found.data.events} />
    </>
  );
}

function Search() {
  const data = useLoaderData<typeof loader>();
  return (
    <ToolPage title="Search a team">
      {data && (
        <>
          <SearchForm q={data.q} />
          <Results q={data.q} found={data.found} />
        </>
      )}
    </ToolPage>
  );
}

/** /search (docs/design.md, Search): the upcoming matches of the teams asked for, each a link to its match page. */
export function SearchPage() {
  return (
    <RequireSession>
      <PageMeta title="Search a team" description="Find any football team's next matches at Nigerian bookmakers and compare their odds." />
      <Search />
    </RequireSession>
  );
}
