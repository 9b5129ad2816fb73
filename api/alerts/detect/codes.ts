/**
 * Booking codes for alerts (docs/design.md, Detection; Minting a code): one code per content (the
 * outcome or the slip's legs), book and price, minted once and handed to every follower of it, so
 * 10,000 followers of one match mean one mint. A mint that fails leaves the alert without a code; it
 * never holds the alert back.
 */
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { BetslipLeg } from "#shared/contract.ts";
import type { BookingService } from "../../booking/index.ts";
import { mintBookingCode } from "../../booking/mint.ts";
import { BOOKING_ADAPTERS } from "../../feeds/booking/index.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS } from "../../feeds/types.ts";
import type { AlertCode } from "../outbox.ts";
import type { CodeAsk } from "./judge.ts";

/** A minted code is reused this long for the same content, book and price. */
const CODE_REUSE_MS = 30 * 60_000;
/** No stake travels with an alert's code: the bettor sets theirs at the book. */
const ALERT_STAKE_KOBO = 100_000;

export interface AlertCodes {
  /** The code for this ask at its best book that can mint, or undefined. Asks of one content, book and price share one mint. */
  codeFor(ask: CodeAsk): Promise<AlertCode | undefined>;
  /** Mints asked of the books since start (tests and the lead's figures). */
  mints(): number;
}

export function alertCodes(booking: BookingService, logger: Logger, clock: () => number): AlertCodes {
  const made = new LRUCache<string, Promise<AlertCode | undefined>>({ max: 5_000, ttl: CODE_REUSE_MS, perf: { now: clock } });
  let mints = 0;

  const canMint = (provider: number) => {
    const key = BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider);
    const adapter = key ? BOOKING_ADAPTERS[key] : undefined;
    return key !== undefined && adapter?.mintRequest !== undefined && adapter.parseMint !== undefined && booking.deps.calls.configured(key);
  };

  async function mint(provider: number, legs: readonly BetslipLeg[]): Promise<AlertCode | undefined> {
    mints += 1;
    // The legs stand in for a saved slip: the same checks and read-back as a bettor's mint.
    const betslips = { read: async () => ({ stakeKobo: ALERT_STAKE_KOBO, legs: [...legs], updatedAt: clock(), version: 1 }) };
    try {
      const code = await mintBookingCode({ ...booking.deps, betslips }, "alerts", provider);
      return { provider: code.provider, code: code.code };
    } catch (error) {
      logger.warn({ err: error, provider }, "no booking code for an alert: it goes without one");
      return undefined;
    }
  }

  return {
    codeFor(ask) {
      const provider = ask.providers.find(canMint);
      if (provider === undefined) return Promise.resolve(undefined);
      const legs = [...ask.legs].sort((a, b) => a.eventId.localeCompare(b.eventId) || a.marketId - b.marketId || a.selectionTypeId - b.selectionTypeId);
      const key = `${provider}|${ask.priceKey}|${legs.map((l) => `${l.eventId}/${l.marketId}/${l.selectionTypeId}`).join(",")}`;
      let pending = made.get(key);
      if (!pending) {
        pending = mint(provider, legs);
        made.set(key, pending);
        // A failed mint is not kept: the next alert of this content tries again.
        void pending.then((code) => code ?? made.delete(key));
      }
      return pending;
    },
    mints: () => mints,
  };
}
