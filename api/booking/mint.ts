/**
 * POST /users/betslip/booking: the saved slip's selections that can still be bet, booked as a code at
 * one bookmaker with the ids its feed gave us, then read back and compared leg by leg before the
 * code is shown (docs/design.md, Minting a code). Nothing is stored: a code that does not verify is
 * never answered, and the slip stays as it was.
 */
import type { BookingCode, BetslipLegView } from "#shared/contract.ts";
import { rulesOf } from "#shared/math/bookmaker-rules.ts";
import { marketLabel, selectionLabel } from "#shared/reference.ts";
import type { BetslipRepository } from "../betslip/repository.ts";
import { readLegViews } from "../betslip/leg-reads.ts";
import { isBiddable } from "../betslip/view.ts";
import { BOOKING_ADAPTERS, matchOddsKey, readMatchOddsIds } from "../feeds/booking/index.ts";
import type { BookingAdapter, CodeRead, MintLeg } from "../feeds/booking/types.ts";
import { sportradarDigits } from "../feeds/matching/clusters.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import { swapSides } from "../odds/write/sides.ts";
import { AppError } from "../http/errors.ts";
import { BOOK_TIME_BUDGET_MS } from "./book-calls.ts";
import { eventsWithListings } from "./events.ts";
import { sidesReversed } from "./map-legs.ts";
import { bookingsOff, bookName, unavailable } from "./names.ts";
import { rememberRead, type ReadDeps } from "./read.ts";

export interface MintDeps extends ReadDeps {
  betslips: Pick<BetslipRepository, "read">;
  /** FEED_INTERVAL_S: a leg is priced at a book as the betslip judges it. */
  intervalS: number;
}

/** The booking codec of a book we can mint at, or BOOKING_UNSUPPORTED (NairaBet, 1xBet: no create endpoint). */
export function mintAdapter(provider: number): BookingAdapter & Required<Pick<BookingAdapter, "mintRequest" | "parseMint">> {
  const key = BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider);
  const adapter = key ? BOOKING_ADAPTERS[key] : undefined;
  if (!adapter?.mintRequest || !adapter.parseMint) {
    throw new AppError("BOOKING_UNSUPPORTED", `${bookName(provider)} has no booking codes we can create: add these selections by hand.`);
  }
  return adapter as BookingAdapter & Required<Pick<BookingAdapter, "mintRequest" | "parseMint">>;
}

const legName = (leg: BetslipLegView) => `${leg.event?.name ?? leg.eventId}, ${marketLabel(leg.marketId)}: ${selectionLabel(leg.selectionTypeId)}`;

/** The slip's legs that can still be bet, each priced at the book, within the book's number of selections; else a 400 naming why. */
async function biddableLegs(deps: MintDeps, userId: string, provider: number): Promise<{ leg: BetslipLegView; price: number }[]> {
  const book = bookName(provider);
  const slip = await deps.betslips.read(userId);
  const views = slip ? await readLegViews({ db: deps.db, intervalS: deps.intervalS }, slip.legs, deps.clock()) : [];
  const biddable = views.filter(isBiddable);
  if (biddable.length === 0) throw new AppError("VALIDATION_ERROR", "Your betslip has no selections that can still be bet: add some before creating a code.");
  const unpriced = biddable.filter((leg) => !leg.prices.some((p) => p.provider === provider));
  if (unpriced.length > 0) {
    throw new AppError("VALIDATION_ERROR", `${book} does not price ${unpriced.map(legName).join("; ")}. Remove it from your betslip or choose another bookmaker.`);
  }
  const max = BOOKING_ADAPTERS[keyOf(provider)]?.maxSelections ?? rulesOf(provider).maxSelections.value;
  if (typeof max === "number" && biddable.length > max) {
    throw new AppError("VALIDATION_ERROR", `${book} takes at most ${max} selections in one code; your betslip has ${biddable.length}.`);
  }
  return biddable.map((leg) => ({ leg, price: leg.prices.find((p) => p.provider === provider)!.value }));
}

const keyOf = (provider: number): BookmakerKey => BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider) ?? "nairabet";

/** Our legs with the book's ids, in the book's orientation (a book listing the sides reversed names the other side). */
type LeagueLeg = MintLeg & { competitionId: number };

async function mintLegs(deps: MintDeps, provider: number, legs: { leg: BetslipLegView; price: number }[]): Promise<LeagueLeg[]> {
  const events = await eventsWithListings(deps.db, provider, legs.map(({ leg }) => leg.eventId));
  return legs.map(({ leg, price }) => {
    const event = events.get(leg.eventId);
    const listing = event?.listing;
    if (!event || !listing) throw new AppError("VALIDATION_ERROR", `We do not have ${bookName(provider)}'s own id for ${legName(leg)}: choose another bookmaker.`);
    const reversed = sidesReversed(listing.home, listing.away, event);
    const selectionTypeId = reversed ? swapSides([leg])[0]!.selectionTypeId : leg.selectionTypeId;
    return {
      externalId: listing.externalId,
      ...(event.srId ? { srId: event.srId } : {}),
      marketId: leg.marketId,
      selectionTypeId,
      price,
      home: listing.home,
      away: listing.away,
      kickoff: new Date(event.kickoff),
      competitionId: event.competitionId,
    };
  });
}

/** BetKing books by MatchOddsID, which only its league listing carries: fetched now for the legs' leagues. */
async function withMatchOddsIds(deps: MintDeps, legs: LeagueLeg[], signal: AbortSignal): Promise<MintLeg[]> {
  const ids = new Map<string, string>();
  for (const competitionId of new Set(legs.map((leg) => leg.competitionId))) {
    const listing = await deps.calls.listing("betking", competitionId, signal);
    if (!listing.ok) throw unavailable(BOOKMAKER_ID_BY_KEY.betking);
    for (const body of listing.bodies) {
      const read = readMatchOddsIds(body);
      if (!read.ok) {
        deps.logger.error({ bookmaker: "betking", error: read.error }, "BetKing listing without MatchOddsIDs we can read");
        throw unavailable(BOOKMAKER_ID_BY_KEY.betking);
      }
      for (const [key, id] of read.value) ids.set(key, id);
    }
  }
  return legs.map((leg) => {
    const id = ids.get(matchOddsKey(leg.externalId, leg.marketId, leg.selectionTypeId));
    if (!id) throw new AppError("BOOKING_FAILED", `BetKing no longer offers ${leg.home ?? "?"} v ${leg.away ?? "?"}, ${marketLabel(leg.marketId)}: remove it or choose another bookmaker.`);
    return { ...leg, bookSelectionId: id };
  });
}

/** The minted legs the read-back lacks (by the book's event id or Sportradar id, market and selection, still open). */
export function missingLegs(legs: readonly MintLeg[], read: Extract<CodeRead, { ok: true }>): MintLeg[] {
  const sameEvent = (a: MintLeg, b: { externalId: string; srId?: string }) =>
    a.externalId === b.externalId || (a.srId !== undefined && b.srId !== undefined && sportradarDigits(a.srId) === sportradarDigits(b.srId));
  return legs.filter((leg) => !read.legs.some((got) => got.available && sameEvent(leg, got) && got.marketId === leg.marketId && got.selectionTypeId === leg.selectionTypeId));
}

/** Counts a failed verification and answers why no code is shown. */
function unverified(deps: MintDeps, adapter: BookingAdapter, provider: number, why: string): AppError {
  deps.metrics.verificationFailures.inc({ bookmaker: adapter.key });
  deps.metrics.mints.inc({ bookmaker: adapter.key, result: "unverified" });
  deps.logger.warn({ bookmaker: adapter.key, why }, "minted booking code failed its read-back");
  return new AppError("BOOKING_FAILED", `${bookName(provider)} did not keep every selection on the code it made, so we are not showing it. Please try again, or choose another bookmaker.`);
}

/** POST /users/betslip/booking: a verified code for the slip's legs at `provider`, or why not. */
export async function mintBookingCode(deps: MintDeps, userId: string, provider: number): Promise<BookingCode> {
  const adapter = mintAdapter(provider);
  if (!deps.calls.configured(adapter.key)) throw bookingsOff();
  const picked = await biddableLegs(deps, userId, provider);
  // One budget for every request of the mint: listings, the booking and its read-back.
  const signal = AbortSignal.timeout(BOOK_TIME_BUDGET_MS);
  const built = await mintLegs(deps, provider, picked);
  const legs = adapter.key === "betking" ? await withMatchOddsIds(deps, built, signal) : built;
  const problem = adapter.mintProblem?.(legs);
  if (problem) throw new AppError("BOOKING_FAILED", `${bookName(provider)} cannot take this betslip: ${problem}.`);

  const minted = await deps.calls.mint(adapter, legs, signal);
  if (!minted.ok) {
    deps.metrics.mints.inc({ bookmaker: adapter.key, result: minted.reason === "rejected" ? "refused" : "unavailable" });
    if (minted.reason === "rejected") throw new AppError("BOOKING_FAILED", `${bookName(provider)} refused these selections. Please try again, or choose another bookmaker.`);
    throw unavailable(provider);
  }
  const back = await deps.calls.read(adapter, minted.code, signal);
  if (!back.ok && (back.reason === "blocked" || back.reason === "failed" || back.reason === "malformed")) {
    deps.metrics.mints.inc({ bookmaker: adapter.key, result: "unavailable" });
    throw unavailable(provider);
  }
  if (!back.ok) throw unverified(deps, adapter, provider, `read-back ${back.reason}: ${back.error}`);
  const missing = missingLegs(legs, back);
  if (missing.length > 0 || back.legs.length !== legs.length) {
    throw unverified(deps, adapter, provider, `${missing.length} leg(s) missing, ${back.legs.length} read for ${legs.length} booked`);
  }
  deps.metrics.mints.inc({ bookmaker: adapter.key, result: "verified" });
  rememberRead(deps, provider, minted.code, back);
  const firstKickoff = Math.min(...legs.map((leg) => leg.kickoff?.getTime() ?? Infinity));
  return {
    provider,
    code: minted.code,
    url: adapter.openUrl(minted.code) ?? null,
    legs: legs.length,
    expiresAt: Number.isFinite(firstKickoff) ? new Date(firstKickoff).toISOString() : null,
  };
}
