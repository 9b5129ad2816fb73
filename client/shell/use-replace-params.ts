import { useEffect } from "react";
import { useSearchParams } from "react-router";

/** The last query asked for and not yet shown, and every query asked for on the way to it. */
let asked: { to: string; trail: Set<string> } | undefined;
/**
 * The query the page last showed. Only a change of it decides the wait: a part of the page that
 * mounts while a choice is on its way (a loading state, a re-keyed select) sees the old query, and
 * must not end the wait for the choice (it put the old league back under a market chosen next).
 */
let lastShown: string | undefined;

/**
 * The page's query, and a change to it that replaces the history entry (a choice of league,
 * market, view or day: Back still leaves the page). Each change starts from the query last asked
 * for until the page shows it: the router writes a navigation's URL before React shows it, and on
 * a loaded phone a second choice made in that gap would otherwise start from the query on screen
 * and undo the first (a market chosen right after a league put the old league back). A query
 * shown that none of these changes asked for (a link, Back) ends the wait.
 */
export function useReplaceParams(): [URLSearchParams, (edit: (query: URLSearchParams) => void) => void] {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  useEffect(() => {
    if (shown === lastShown) return;
    lastShown = shown;
    if (asked && (asked.to === shown || !asked.trail.has(shown))) asked = undefined;
  }, [shown]);
  const change = (edit: (query: URLSearchParams) => void) => {
    const query = new URLSearchParams(asked?.to ?? shown);
    edit(query);
    const to = query.toString();
    asked = { to, trail: new Set([...(asked?.trail ?? []), to]) };
    setParams(query, { replace: true });
  };
  return [params, change];
}

/**
 * Whether a change asked for is still on its way to the screen. A part of the page that mounts
 * meanwhile shows the old query's data, and must not write it back as if nobody had chosen.
 */
export function choiceOnItsWay(): boolean {
  return asked !== undefined;
}
