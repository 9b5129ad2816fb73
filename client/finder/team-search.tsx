import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { EventHeading } from "#shared/contract.ts";
import { formatKickoff } from "#shared/format.ts";
import { matchPath, SEARCH_PATH } from "../route-paths.ts";
import { useAppRunning } from "../boot/use-app-running.ts";
import { useEarlyValue } from "../boot/use-early-value.ts";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_CHARS, useTeamSearch, type SearchState } from "./use-team-search.ts";

export const SEARCH_LABEL = "Search a team";
export const SEARCH_FAILED_MESSAGE = "Search is unavailable right now. Please try again.";

/** What the polite live region says: the count of matches, or why there is none. */
function announcement(state: SearchState): string {
  if (state.status === "error") return SEARCH_FAILED_MESSAGE;
  if (state.status !== "done") return "";
  const n = state.events.length;
  return n === 0 ? `No match for "${state.query}".` : `${n} ${n === 1 ? "match" : "matches"} found.`;
}

/** Shown (over the page) only when it says why there is no result; otherwise heard, not seen. */
function noteClass(state: SearchState, visible: boolean): string {
  if (!visible || state.status === "idle") return "visually-hidden";
  return state.status === "error" ? "finder-search-note has-text-danger-dark" : "finder-search-note";
}

interface ResultsProps {
  id: string;
  events: EventHeading[];
  active: number;
  timeZone: string;
  now: number;
  onPick(): void;
}

/** The listbox: each option is itself the link to the match page (no link nested in an option). */
function Results({ id, events, active, timeZone, now, onPick }: ResultsProps) {
  return (
    <ul className="finder-results" id={id} role="listbox" aria-label="Matches">
      {events.map((event, i) => (
        <li key={event.id} role="none">
          <Link
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className={i === active ? "finder-result is-active" : "finder-result"}
            to={matchPath(event.id)}
            onClick={onPick}
          >
            <span className="finder-result-teams">
              {event.home} v {event.away}
            </span>
            <time className="finder-result-time" dateTime={event.date}>
              {formatKickoff(event.date, new Date(now), timeZone)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The combobox's keys: arrows move through the matches, Enter opens one, Escape clears the query. */
function useComboboxKeys(events: readonly { id: string }[], expanded: boolean, active: number, actions: { clear(): void; open(): void; move(update: (current: number) => number): void }) {
  const navigate = useNavigate();
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      actions.clear();
    } else if ((e.key === "ArrowDown" || e.key === "ArrowUp") && events.length > 0) {
      e.preventDefault();
      actions.open();
      const step = e.key === "ArrowDown" ? 1 : -1;
      actions.move((current) => (current + step + events.length + (current < 0 && step < 0 ? 1 : 0)) % events.length);
    } else if (e.key === "Enter" && expanded) {
      e.preventDefault();
      const chosen = events[Math.max(active, 0)];
      if (chosen) void navigate(matchPath(chosen.id));
    }
  };
}

/**
 * The search box's state: the query, the active option and whether the list is open, with the
 * combobox's keys and the form's submit. Without JavaScript the field is a GET form to the search
 * page, sent by its button; with it the list shows as the bettor types, and Enter with no match
 * chosen opens that page.
 */
function useSearchBox() {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const state = useTeamSearch(query);
  const events = state.status === "done" ? state.events : [];
  const expanded = open && events.length > 0;
  const onKeyDown = useComboboxKeys(events, expanded, active, {
    clear: () => {
      setQuery("");
      setActive(-1);
    },
    open: () => setOpen(true),
    move: setActive,
  });
  // A team typed while the page was still loading is searched once the app is up.
  const inputRef = useEarlyValue<HTMLInputElement>(query, setQuery);
  const navigate = useNavigate();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (query.trim().length >= SEARCH_MIN_CHARS) void navigate(`${SEARCH_PATH}?${new URLSearchParams({ q: query.trim() }).toString()}`);
  };
  const type = (text: string) => {
    setQuery(text);
    setActive(-1);
    setOpen(true);
  };
  return { query, type, active, open, setOpen, state, events, expanded, onKeyDown, inputRef, submit };
}

/** The dashboard's team search (docs/design.md, Finding a match on the dashboard): a combobox whose listbox shows up to eight matches as the user types. */
export function TeamSearch({ timeZone, now }: { timeZone: string; now: number }) {
  const id = useId();
  const box = useSearchBox();
  const up = useAppRunning();
  const { expanded, active } = box;

  return (
    <form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className="finder-search"
      onSubmit={box.submit}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && box.setOpen(false)}
    >
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {SEARCH_LABEL}
      </label>
      <input
        ref={box.inputRef}
        id={`${id}-input`}
        className="input finder-search-input"
        type="search"
        name="q"
        placeholder={SEARCH_LABEL}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? `${id}-results` : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${id}-results-${active}` : undefined}
        value={box.query}
        onChange={(e) => box.type(e.target.value)}
        onFocus={() => box.setOpen(true)}
        onKeyDown={box.onKeyDown}
      />
      {expanded && <Results id={`${id}-results`} events={box.events} active={active} timeZone={timeZone} now={now} onPick={() => box.setOpen(false)} />}
      {/* One live region: it reads out the count beside the listbox, and is itself the note when there is no result. */}
      <div className={noteClass(box.state, box.open && box.events.length === 0)} aria-live="polite">
        {announcement(box.state)}
      </div>
      <button type="submit" className={up ? "is-hidden" : "button is-small finder-search-go"}>
        Search
      </button>
    </form>
  );
}
