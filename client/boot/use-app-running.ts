import { useSyncExternalStore } from "react";

/** Nothing to subscribe to: the snapshot differs only between the server (and hydration) and the running app. */
const noChanges = () => () => {};

/**
 * Whether the app runs in this browser: false on the server and while hydrating, true after. For what
 * only a page without JavaScript needs (docs/design.md, Pages without JavaScript): a form's own
 * submit button where the app applies each choice as it is made, or a check the app makes as the
 * bettor types.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}
