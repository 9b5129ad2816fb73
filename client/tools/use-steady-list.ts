import { useCallback, useState } from "react";

/** One row of a list held steady: the item as it is now, or as it was shown when it has gone. */
export interface SteadyRow<T> {
  key: string;
  item: T;
  /** No longer in the list: kept in its place, marked, until the reader asks for the new list. */
  gone: boolean;
}

export interface SteadyList<T> {
  rows: SteadyRow<T>[];
  /** Items that arrived since the list was shown, not yet in it. */
  added: number;
  gone: number;
  /** Shows the list as it is now: the new rows in, the gone ones out, in the list's own order. */
  show(): void;
}

interface Shown<T> {
  resetKey: string;
  keys: string[];
  items: Map<string, T>;
}

function shownOf<T>(items: readonly T[], keyOf: (item: T) => string, resetKey: string): Shown<T> {
  return { resetKey, keys: items.map(keyOf), items: new Map(items.map((item) => [keyOf(item), item])) };
}

/**
 * A list that refreshes by itself but does not move under the reader's thumb
 * (docs/design.md, Sure bets): rows keep their places and take their new figures; a row that left
 * stays, marked gone; a new one waits. The page says how many are new and gone and offers to show them. A new `resetKey`
 * (another filter) shows the list as it is at once.
 */
export function useSteadyList<T>(items: readonly T[], keyOf: (item: T) => string, resetKey: string): SteadyList<T> {
  const [shown, setShown] = useState<Shown<T>>(() => shownOf(items, keyOf, resetKey));
  let current = shown;
  if (shown.resetKey !== resetKey) {
    // Adjusting state while rendering (react.dev, "You Might Not Need an Effect"): the new filter's list at once.
    current = shownOf(items, keyOf, resetKey);
    setShown(current);
  }
  const now = new Map(items.map((item) => [keyOf(item), item]));
  const rows = current.keys.map((key) => {
    const item = now.get(key);
    return item === undefined ? { key, item: current.items.get(key)!, gone: true } : { key, item, gone: false };
  });
  const shownKeys = new Set(current.keys);
  const added = [...now.keys()].filter((key) => !shownKeys.has(key)).length;
  const gone = rows.filter((row) => row.gone).length;
  const show = useCallback(() => setShown(shownOf(items, keyOf, resetKey)), [items, keyOf, resetKey]);
  return { rows, added, gone, show };
}

/** '3 new, 1 gone', '2 new' or '1 gone'. */
export function changeSummary(added: number, gone: number): string {
  return [added > 0 ? `${added} new` : "", gone > 0 ? `${gone} gone` : ""].filter(Boolean).join(", ");
}
