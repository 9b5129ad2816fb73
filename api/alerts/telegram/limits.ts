import type { ActionRates } from "../../http/action-rates.ts";

/**
 * The bot's own limits (docs/design.md, Rate limits per user and action): per chat for every
 * message, and per bettor (their linked account, else their chat) for reading and minting codes,
 * through the one limiter over (subject, action) in the database, so every replica counts alike. A
 * limit of `max` a `windowMs` is a burst of `max`, then one every `windowMs / max`. The first
 * message over a limit is answered "slow down"; the rest until one fits again is silence, so a
 * flood costs one answer (which message was warned is kept in memory: another replica may warn once more).
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

/** Warnings past this many are swept as they expire. */
const SWEEP_AT = 10_000;

export function botLimiter(rates: ActionRates, clock: () => number) {
  const warnedUntil = new Map<string, number>();
  return {
    /** Counts one `action` of `subject` ("tg:<chat>" or a user's id): "ok" within the limit, "warn" for the first over it, "silent" after. */
    async take(subject: string, action: string, limit: WindowLimit): Promise<LimitVerdict> {
      const taken = await rates.take(subject, `telegram-${action}`, { burst: limit.max, intervalMs: Math.ceil(limit.windowMs / limit.max) });
      const key = `${subject}\n${action}`;
      const now = clock();
      if (taken.ok) {
        warnedUntil.delete(key);
        return "ok";
      }
      if (warnedUntil.size > SWEEP_AT) for (const [k, until] of warnedUntil) if (until <= now) warnedUntil.delete(k);
      if ((warnedUntil.get(key) ?? 0) > now) return "silent";
      warnedUntil.set(key, now + taken.waitMs);
      return "warn";
    },
  };
}

export type BotLimiter = ReturnType<typeof botLimiter>;

/**
 * At most `perSecond` sends a second for the whole bot (Telegram's broadcast limit, about 30):
 * a token bucket on the real clock that makes each sender wait its turn. It holds one token, so
 * sends go evenly spaced and no second ever holds more than `perSecond` (a fuller bucket's
 * burst would put twice the rate in the first second, and Telegram answers that with 429s).
 */
export function tokenBucket(perSecond: number, now: () => number = () => performance.now()) {
  let tokens = 1;
  let last = now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const at = now();
    tokens = Math.min(1, tokens + ((at - last) / 1000) * perSecond);
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
