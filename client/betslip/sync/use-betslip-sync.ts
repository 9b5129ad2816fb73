import { useEffect } from "react";
import { useSession } from "../../session/store.ts";
import { useBetslip } from "../store.ts";

/**
 * Keeps the betslip with the session: the signed-in user's slip is read once their session is
 * known, and forgotten at logout (or when the session expires), so the next user never sees it.
 * Runs in the signed-in top bar, which unmounts at logout: leaving forgets the slip too. Read again
 * when the tab or window comes back, for what another device saved meanwhile.
 */
export function useBetslipSync(): void {
  const userId = useSession((s) => s.user?.id ?? null);
  const checking = useSession((s) => s.loading);
  useEffect(() => {
    if (checking) return;
    if (userId) void useBetslip.getState().load(userId);
    else useBetslip.getState().reset();
  }, [userId, checking]);
  useEffect(() => {
    // Back on this tab or window: the slip may have changed on another device, and a tap here must
    // not save the stale one over it.
    const refresh = () => {
      if (document.visibilityState === "visible") void useBetslip.getState().refresh();
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
      useBetslip.getState().reset();
    };
  }, []);
}
