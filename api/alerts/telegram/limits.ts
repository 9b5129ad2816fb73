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

/** A send holds its place in the window this long after its answer came back (a little over a second, for clocks a few ms apart). */
export const SEND_WINDOW_MS = 1_010;

/**
 * At most `perSecond` messages a second for the whole bot (Telegram's broadcast limit, about 30; up
 * to 1,000 as paid broadcasts), in any second as Telegram counts them: each send takes one of
 * `perSecond` places and gives it back a second after Telegram answered it. A message reaches
 * Telegram between its send and its answer, so every message Telegram saw in any one second held
 * its place at that second's end: never more than `perSecond` of them. A burst of `perSecond` goes at
 * once (no timer a message: at 1,000 a second a timer each would cap the rate at the timers'
 * resolution), the next as places come back. Callers are served in turn.
 */
export function sendWindow(perSecond: number) {
  let free = perSecond;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    /** Resolves with `done` once this caller may send; `done()` when Telegram answered (or the send failed). */
    async take(): Promise<() => void> {
      if (free > 0 && waiting.length === 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let given = false;
      return () => {
        if (given) return;
        given = true;
        setTimeout(giveBack, SEND_WINDOW_MS).unref();
      };
    },
  };
}
