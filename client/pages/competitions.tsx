import { useId, useState, type JSX } from "react";
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { CompetitionEntry, CompetitionList } from "#shared/contract.ts";
import { bookmakerShortName } from "#shared/reference.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { pickerGroups, type RegionGroup } from "../board/picker.ts";
import { ToolPage } from "../components/tool-page.tsx";
import { LoadFailed } from "../components/load-failed.tsx";
import { PageMeta } from "../components/page-meta.tsx";
import { protectedSource } from "../loaders/page-data.ts";
import { settle, type Served } from "../loaders/served.ts";
import { competitionPath, COMPETITIONS_PATH, MATCHES_PATH } from "../route-paths.ts";
import { RequireSession } from "../session/require-session.tsx";

export const COMPETITIONS_FAILED_MESSAGE = "Failed to load competitions";
export const NO_COMPETITIONS_MESSAGE = "No competition has upcoming matches right now. Check again later.";
export const noCompetitionFound = (q: string) => `No competition or country matches "${q}". Try a shorter word ("Premier", "Spain").`;
/** A search longer than any competition's name is cut there. */
const SEARCH_MAX = 60;

export interface CompetitionsData {
  q: string;
  list: Served<CompetitionList>;
}

/** /competitions?q= (docs/design.md, Board pages): every competition with upcoming matches; the search filters on the server too. */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<CompetitionsData | null> {
  const source = protectedSource(context);
  if (!source) return null;
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  return { q, list: await settle(source.competitions(LIVE_COUNTRY_ID)) };
}

const matchCount = (n: number) => (n === 1 ? "1 match" : `${n} matches`);

/** One competition: its name (a link to its matches), its upcoming matches and the books pricing them. */
function Entry({ entry }: { entry: CompetitionEntry }): JSX.Element {
  return (
    <li className="picker-entry">
      <Link className="picker-entry-name" to={competitionPath(entry.id)}>
        {entry.name}
      </Link>
      <span className="picker-entry-detail">
        {matchCount(entry.upcoming)} · {entry.books.map(bookmakerShortName).join(", ")}
      </span>
    </li>
  );
}

function Entries({ entries, label }: { entries: readonly CompetitionEntry[]; label: string }): JSX.Element {
  return (
    <ul className="picker-entries" aria-label={label}>
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/** A region's competitions, folded until opened; open while a search is on, so what it found shows. */
function Region({ group, open }: { group: RegionGroup; open: boolean }): JSX.Element {
  return (
    <details className="picker-region" open={open}>
      <summary>
        {group.name} <span className="picker-region-count">({group.entries.length})</span>
      </summary>
      <Entries entries={group.entries} label={`Competitions in ${group.name}`} />
    </details>
  );
}

/** The search: a GET form of this page (its "Search" works without the app); with the app the list also narrows as the bettor types. */
function Search({ typed, onType }: { typed: string; onType(text: string): void }): JSX.Element {
  const id = useId();
  // A search typed before the app hydrated is kept, and narrows the list once it is up (docs/design.md, Input before hydration).
  const inputRef = useEarlyValue<HTMLInputElement>(typed, onType);
  return (
    <Form method="get" action={COMPETITIONS_PATH} role="search" className="mb-4">
      <label className="label" htmlFor={id}>
        Find a competition or country
      </label>
      <div className="field has-addons">
        <div className="control is-expanded">
          <input ref={inputRef} id={id} className="input" type="search" name="q" value={typed} onChange={(event) => onType(event.target.value)} maxLength={SEARCH_MAX} autoComplete="off" />
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

function Picker({ list, q }: { list: CompetitionList; q: string }): JSX.Element {
  // What is typed filters at once; the URL's `q` is what the server filtered by, and a new one starts the field again.
  const [typed, setTyped] = useState({ q, text: q });
  const text = typed.q === q ? typed.text : q;
  const groups = pickerGroups(list, text);
  const searching = text.trim() !== "";
  return (
    <>
      <Search typed={text} onType={(next) => setTyped({ q, text: next })} />
      {list.competitions.length === 0 ? (
        <p role="status">{NO_COMPETITIONS_MESSAGE}</p>
      ) : groups.shown === 0 ? (
        <p role="status">{noCompetitionFound(text.trim())}</p>
      ) : (
        <>
          {groups.favourites.length > 0 && (
            <>
              <h2 className="title is-6 mb-2">Favourites</h2>
              <Entries entries={groups.favourites} label="Favourite competitions" />
            </>
          )}
          {groups.regions.length > 0 && (
            <>
              <h2 className="title is-6 mt-4 mb-2">By country and region</h2>
              {groups.regions.map((group) => (
                <Region key={group.name} group={group} open={searching} />
              ))}
            </>
          )}
        </>
      )}
    </>
  );
}

function Competitions(): JSX.Element {
  const data = useLoaderData<typeof loader>();
  return (
    <ToolPage title="Competitions">
      <p className="mb-3">
        Every competition the bookmakers list with matches to come. Choose one to compare its prices, or see <Link to={MATCHES_PATH}>today's matches</Link> across all of them.
      </p>
      {data && (data.list.ok ? <Picker list={data.list.data} q={data.q} /> : <LoadFailed message={COMPETITIONS_FAILED_MESSAGE} />)}
    </ToolPage>
  );
}

/** /competitions (docs/product.md, Competitions): the picker, favourites first, the rest by region, with a search. */
export function CompetitionsPage() {
  return (
    <RequireSession>
      <PageMeta title="Competitions" description="Every football competition at Nigerian bookmakers: find a league or cup and compare its odds." />
      <Competitions />
    </RequireSession>
  );
}
