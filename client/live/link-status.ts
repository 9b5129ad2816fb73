import { useEffect, useReducer } from "react";
import { create } from "zustand";

/**
 * Whether the page's prices are still arriving (docs/design.md, When prices stop). Live pages
 * report their link; a page that shows no live prices reports nothing, and leaving one clears it.
 */
export interface LinkStatus {
  /** When the link dropped (epoch ms); null while prices arrive. */
  downSince: number | null;
  down(at: number): void;
  up(): void;
}

export const useLinkStatus = create<LinkStatus>((set) => ({
  downSince: null,
  // The first drop counts: a link that keeps failing has been down since then.
  down: (at) => set((state) => (state.downSince === null ? { downSince: at } : state)),
  up: () => set((state) => (state.downSince === null ? state : { downSince: null })),
}));

/**
 * How long a drop must last before the bar shows: a stream the web tier ends to renew the session
 * reconnects within a second or two, which is no outage.
 */
export const LINK_GRACE_MS = 4_000;

/**
 * How old a price may be before it is marked stale: two feed intervals of the embedded default
 * (docs/design.md, When prices stop), the age at which the API marks a bookmaker stale.
 */
export const STALE_AFTER_MS = 120_000;

/** Whether the bar says prices are not updating, at `now`. */
export function linkLost(downSince: number | null, now: number): boolean {
  return downSince !== null && now - downSince >= LINK_GRACE_MS;
}

/** Whether prices last confirmed when the link dropped are now older than the stale threshold. */
export function pricesStale(downSince: number | null, now: number): boolean {
  return downSince !== null && now - downSince >= STALE_AFTER_MS;
}

/**
 * Whether the prices on the page are older than the stale threshold because the link is down:
 * re-renders once when the threshold passes, not every second. False on the server.
 */
export function usePricesStale(): boolean {
  const downSince = useLinkStatus((state) => state.downSince);
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (downSince === null) return;
    const wait = downSince + STALE_AFTER_MS - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(recheck, wait + 50);
    return () => clearTimeout(timer);
  }, [downSince]);
  return pricesStale(downSince, Date.now());
}
