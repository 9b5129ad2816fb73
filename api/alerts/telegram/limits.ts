/**
 * The bot's own limits (docs/design.md, Alerts, Channels, Telegram): per chat for every message,
 * and per bettor (their linked account, else their chat) for reading and minting codes, each a
 * fixed window. The first message over a limit is answered "slow down"; the rest of the window is
 * silence, so a flood costs one answer. Kept in memory: each replica counts its own updates (with
 * a webhook, Telegram spreads a chat's updates over few connections; the booking calls beyond
 * these are also held by the per-user limits in the database for a linked bettor).
 */

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** 20 messages a minute per chat; 6 codes read and 3 minted a minute per bettor. */
export const TELEGRAM_LIMITS = {
  chat: { max: 20, windowMs: 60_000 },
  read: { max: 6, windowMs: 60_000 },
  mint: { max: 3, windowMs: 60_000 },
} as const satisfies Record<string, WindowLimit>;

export type LimitVerdict = "ok" | "warn" | "silent";

interface Window {
  start: number;
  count: number;
}

/** Keys past this many windows are swept as they expire. */
const SWEEP_AT = 10_000;

export function windowLimiter(clock: () => number) {
  const windows = new Map<string, Window>();
  return {
    /** Counts one for `key`: "ok" within the limit, "warn" for the first over it, "silent" after. */
    take(key: string, limit: WindowLimit): LimitVerdict {
      const now = clock();
      if (windows.size > SWEEP_AT) for (const [k, w] of windows) if (now - w.start >= limit.windowMs) windows.delete(k);
      let window = windows.get(key);
      if (!window || now - window.start >= limit.windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit.max) return "ok";
      return window.count === limit.max + 1 ? "warn" : "silent";
    },
  };
}

export type WindowLimiter = ReturnType<typeof windowLimiter>;

/**
 * At most `perSecond` sends a second for the whole bot (Telegram's broadcast limit, about 30):
 * a token bucket on the real clock that makes each sender wait its turn.
 */
export function tokenBucket(perSecond: number, now: () => number = () => performance.now()) {
  let tokens = perSecond;
  let last = now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const at = now();
    tokens = Math.min(perSecond, tokens + ((at - last) / 1000) * perSecond);
    last = at;
  };
  return {
    /** Resolves when this caller may send: callers are served in turn. */
    take(): Promise<void> {
      const turn = queue.then(async () => {
        refill();
        while (tokens < 1) {
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - tokens) / perSecond) * 1000)));
          refill();
        }
        tokens -= 1;
      });
      queue = turn;
      return turn;
    },
  };
}
