import type { JSX } from "react";
import { useLocation } from "react-router";
import type { MatchHeading } from "#shared/contract.ts";
import { formatKickoff, formatTimeZone } from "#shared/format.ts";
import { BOOKMAKERS, eventCompetitionName } from "#shared/reference.ts";
import { PageMeta } from "../components/page-meta.tsx";
import { useDialogs } from "../dialogs/store.ts";
import { listNames } from "../betslip/returns/rules-text.ts";
import { useRootData } from "../session/root-data.ts";
import { DialogOpener } from "../dialogs/dialog-opener.tsx";

const BOOKS = listNames(BOOKMAKERS.map((b) => b.name));

/** 'Fri 27 Nov, 20:30 GMT+1': a preview card outlives "Tomorrow", so it carries the date and zone. */
const cardKickoff = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" }).format(new Date(iso));

/** The title and description of a shared match link, for the page and its preview card. */
export function matchCard(heading: MatchHeading, timeZone: string): { title: string; description: string } {
  const { event } = heading;
  return {
    title: `${event.name} odds`,
    description: `${eventCompetitionName(event)}, ${cardKickoff(event.date, timeZone)}. Compare ${BOOKS} odds for ${event.name} on AfriOdds, free.`,
  };
}

/**
 * A shared match link opened signed out (docs/product.md, Shared links): the match, its league and
 * kick-off, said in the first HTML and in its preview card, and a sign-in that comes back here.
 */
export function MatchTeaser({ heading }: { heading: MatchHeading }): JSX.Element {
  const root = useRootData();
  const { pathname, search } = useLocation();
  const { event } = heading;
  const kickoff = formatKickoff(event.date, new Date(root.now), root.timeZone);
  const league = eventCompetitionName(event);
  const signIn = (dialog: "login" | "register") => {
    useDialogs.getState().signInFor(`${pathname}${search}`);
    if (dialog === "register") useDialogs.getState().show("register");
  };
  return (
    <>
      <PageMeta {...matchCard(heading, root.timeZone)} />
      <h1 className="title is-4 mb-1">{event.name}</h1>
      <p className="event-kickoff mb-4">
        <time dateTime={event.date}>{kickoff}</time> <span className="event-zone">{formatTimeZone(root.timeZone, new Date(root.now))}</span> · {league}
        {event.started && <span className="tag is-warning is-light ml-2">Started</span>}
      </p>
      <div className="notification is-info is-light">
        <p className="mb-3">
          Log in or sign up free to compare {BOOKS} odds for this match: every market, the best price and its history.
        </p>
        <div className="buttons">
          <DialogOpener page="login" next={`${pathname}${search}`} className="button is-primary" open={() => signIn("login")}>
            Log in to see the odds
          </DialogOpener>
          <DialogOpener page="register" className="button is-warning" open={() => signIn("register")}>
            Sign up free
          </DialogOpener>
        </div>
      </div>
    </>
  );
}
