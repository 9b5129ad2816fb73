import type { RootData } from "../session/root-data.ts";

/** A prerendered page was rendered at build time for no one: its root data gets this browser's clock and zone. */
export function giveBrowserClock(loaderData: Record<string, unknown>): void {
  const root = loaderData.root as RootData | undefined;
  if (!root) return;
  root.now = Date.now();
  root.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || root.timeZone;
}
