import { useEffect } from "react";
import { useSession } from "../session/store.ts";
import { useBetslip } from "./store.ts";

/**
 * Keeps the betslip with the session: the signed-in user's slip is read once their session is
 * known, and forgotten at logout (or when the session expires), so the next user never sees it.
 * Runs in the signed-in top bar, which unmounts at logout: leaving forgets the slip too.
 */
export function useBetslipSync(): void {
  const userId = useSession((s) => s.user?.id ?? null);
  const checking = useSession((s) => s.loading);
  useEffect(() => {
    if (checking) return;
    if (userId) void useBetslip.getState().load(userId);
    else useBetslip.getState().reset();
  }, [userId, checking]);
  useEffect(() => () => useBetslip.getState().reset(), []);
}
