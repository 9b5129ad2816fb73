import { create } from "zustand";
import type { SessionUser } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { api } from "../backend/endpoints.ts";
import { onSessionExpired } from "../backend/http.ts";

export const SESSION_STORAGE_KEY = "auth-session";

/** What localStorage keeps: only the user and when it was stored; tokens stay in HttpOnly cookies (docs/design.md, Tokens in cookies). */
interface StoredSession {
  user: SessionUser;
  timestamp: number;
}

export interface SessionState {
  user: SessionUser | null;
  /** True until the start-up check through /api/session ends. */
  loading: boolean;
  /** The start-up check could not reach a verdict (API down, offline): not a logout. */
  unavailable: boolean;
  /** This page's user signed out (or their session ended): a protected page sends them home, not to sign in again for it. */
  signedOut: boolean;
  signIn(user: SessionUser): void;
  clear(): void;
  /** Start-up check: asks the web tier, which refreshes the tokens if needed. */
  check(): Promise<void>;
}

function readStored(): StoredSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null;
    return parsed?.user ? parsed : null;
  } catch {
    return null;
  }
}

function writeStored(user: SessionUser | null) {
  try {
    if (user) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, timestamp: Date.now() } satisfies StoredSession));
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode or a full quota: the session still works for this page's life.
  }
}

export const useSession = create<SessionState>((set) => ({
  user: null,
  loading: true,
  unavailable: false,
  signedOut: false,
  signIn(user) {
    writeStored(user);
    set({ user, loading: false, unavailable: false, signedOut: false });
  },
  clear() {
    writeStored(null);
    set({ user: null, loading: false, unavailable: false, signedOut: true });
  },
  async check() {
    const stored = readStored();
    try {
      const { user } = await api.session();
      writeStored(user);
      set({ user, loading: false, unavailable: false });
    } catch (error) {
      // docs/product.md, Session: a check that fails offline keeps the stored user; a 401 logs out.
      const status = (error as { status?: number }).status ?? 0;
      if (status === 401) {
        writeStored(null);
        set({ user: null, loading: false, unavailable: false });
      } else {
        // The web tier had cookies to check but no odds API to ask: a protected page says so rather than redirecting.
        const unavailable = (error as { code?: string }).code === ERROR_CODES.UPSTREAM_UNAVAILABLE;
        set({ user: stored?.user ?? null, loading: false, unavailable });
      }
    }
  },
}));

onSessionExpired(() => useSession.getState().clear());
