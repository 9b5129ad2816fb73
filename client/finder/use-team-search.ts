import { useEffect, useRef, useState } from "react";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import type { EventHeading, SearchResult } from "#shared/contract.ts";
import { api } from "../backend/endpoints.ts";

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MAX_RESULTS = 8;
/** The API refuses longer questions (GET /odds/search, 400): the field stops there. */
export const SEARCH_MAX_LENGTH = 100;

export type SearchState =
  | { status: "idle" }
  | { status: "done"; query: string; events: EventHeading[] }
  | { status: "error"; query: string };

type Search = (query: string) => Promise<SearchResult>;
const searchLive: Search = (query) => api.search(LIVE_COUNTRY_ID, query);

/**
 * Team search as the user types (docs/design.md, Search): from two characters, asked once typing pauses for
 * 200 ms; an answer to anything but the latest question is dropped, so a slow early answer never
 * overwrites a newer one.
 */
export function useTeamSearch(query: string, search: Search = searchLive): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const asked = useRef(0);
  const term = query.trim();
  const searchable = term.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    const ticket = ++asked.current;
    // Below two characters nothing is shown, and the next search starts from nothing, not from old results.
    if (!searchable) return setState({ status: "idle" });
    const latest = () => ticket === asked.current;
    const timer = setTimeout(() => {
      search(term).then(
        (result) => latest() && setState({ status: "done", query: term, events: (result?.events ?? []).slice(0, SEARCH_MAX_RESULTS) }),
        () => latest() && setState({ status: "error", query: term }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, searchable, search]);

  return searchable ? state : { status: "idle" };
}
