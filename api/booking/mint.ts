/**
 * POST /users/betslip/booking: the saved slip's selections that can still be bet, booked as a code at
 * one bookmaker with the ids its feed gave us, then read back and compared leg by leg before the
 * code is shown (docs/design.md, Minting a code). Nothing is stored: a code that does not verify is
 * never answered, and the slip stays as it was.
 */
import type { BookingCode, BetslipLegView } from "#shared/contract.ts";
import { rulesOf } from "#shared/math/bookmaker-rules.ts";
import { bookmakerName, marketLabel, selectionLabel, isMarketId } from "#shared/reference.ts";
import type { Catalogue } from "../catalogue/catalogue.ts";
import type { BetslipRepository } from "../betslip/repository.ts";
import { readLegViews } from "../betslip/leg-reads.ts";
import { isBiddable } from "../betslip/view.ts";
import { BOOKING_ADAPTERS, matchOddsKey, readMatchOddsIds } from "../feeds/booking/index.ts";
import type { BookingAdapter, CodeRead, MintLeg } from "../feeds/booking/types.ts";
import { feedCatalogue } from "../feeds/bookmakers/feed-catalogue.ts";
import { sportradarDigits } from "../feeds/matching/clusters.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import { AppError } from "../http/errors.ts";
import { BOOK_TIME_BUDGET_MS } from "./book-calls.ts";
import { eventsWithListings } from "./events.ts";
import { sidesReversed } from "./map-legs.ts";
import { mirrorSelection } from "./mirror.ts";
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

/** A market as a message names it: the eight as every screen does, the others by the catalogue. */
function marketWords(catalogue: Catalogue, marketId: number): string {
  return isMarketId(marketId) ? marketLabel(marketId) : (catalogue.markets.get(marketId)?.name ?? `Market ${marketId}`);
}

function selectionWords(catalogue: Catalogue, marketId: number, selectionTypeId: number): string {
  return isMarketId(marketId) ? selectionLabel(selectionTypeId) : (catalogue.selections.get(selectionTypeId)?.label ?? `Selection ${selectionTypeId}`);
}

const legName = (leg: BetslipLegView, catalogue: Catalogue = feedCatalogue()) =>
  `${leg.event?.name ?? leg.eventId}, ${marketWords(catalogue, leg.marketId)}: ${selectionWords(catalogue, leg.marketId, leg.selectionTypeId)}`;

/** The bookmaker a leg's market is only at (docs/design.md, Book-only markets), when that is not `provider`. */
function onlyElsewhere(catalogue: Catalogue, marketId: number, provider: number): number | undefined {
  const market = catalogue.markets.get(marketId);
  const bookOnly = market && catalogue.types.get(market.typeId)?.bookOnly;
  return bookOnly && bookOnly !== provider ? bookOnly : undefined;
}

type NotPlaced = NonNullable<BookingCode["notPlaced"]>[number];

/**
 * The slip's legs that can still be bet, each priced at the book, within the book's number of
 * selections; else a 400 naming why. A leg in another book's book-only market (1UP at SportyBet,
 * minting at Bet9ja) can never be priced here: it is set aside, named with its book, and the rest
 * is minted (docs/design.md, Minting a code).
 */
async function biddableLegs(deps: MintDeps, userId: string, provider: number): Promise<{ picked: { leg: BetslipLegView; price: number }[]; notPlaced: NotPlaced[] }> {
  const book = bookName(provider);
  const catalogue = feedCatalogue();
  const slip = await deps.betslips.read(userId);
  const views = slip ? await readLegViews({ db: deps.db, intervalS: deps.intervalS }, slip.legs, deps.clock()) : [];
  const biddable = views.filter(isBiddable);
  if (biddable.length === 0) throw new AppError("VALIDATION_ERROR", "Your betslip has no selections that can still be bet: add some before creating a code.");
  const notPlaced: NotPlaced[] = [];
  const here = biddable.filter((leg) => {
    const only = onlyElsewhere(catalogue, leg.marketId, provider);
    if (only === undefined) return true;
    const { eventId, marketId, selectionTypeId } = leg;
    notPlaced.push({ leg: { eventId, marketId, selectionTypeId }, reason: `${legName(leg, catalogue)} is only at ${bookmakerName(only)}: not placeable at ${book}, add it at ${bookmakerName(only)}.` });
    return false;
  });
  if (here.length === 0) {
    throw new AppError("VALIDATION_ERROR", `${book} cannot take any of your selections: ${notPlaced.map((n) => n.reason).join(" ")}`);
  }
  const unpriced = here.filter((leg) => !leg.prices.some((p) => p.provider === provider));
  if (unpriced.length > 0) {
    throw new AppError("VALIDATION_ERROR", `${book} does not price ${unpriced.map((leg) => legName(leg, catalogue)).join("; ")}. Remove it from your betslip or choose another bookmaker.`);
  }
  const max = BOOKING_ADAPTERS[keyOf(provider)]?.maxSelections ?? rulesOf(provider).maxSelections.value;
  if (typeof max === "number" && here.length > max) {
    throw new AppError("VALIDATION_ERROR", `${book} takes at most ${max} selections in one code; your betslip has ${here.length}.`);
  }
  return { picked: here.map((leg) => ({ leg, price: leg.prices.find((p) => p.provider === provider)!.value })), notPlaced };
}

const keyOf = (provider: number): BookmakerKey => BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider) ?? "nairabet";

/** Our legs with the book's ids, in the book's orientation (a book listing the sides reversed names the other side). */
type LeagueLeg = MintLeg & { competitionId: number };

async function mintLegs(deps: MintDeps, provider: number, legs: { leg: BetslipLegView; price: number }[]): Promise<LeagueLeg[]> {
  const catalogue = feedCatalogue();
  const events = await eventsWithListings(deps.db, provider, legs.map(({ leg }) => leg.eventId));
  return legs.map(({ leg, price }) => {
    const event = events.get(leg.eventId);
    const listing = event?.listing;
    if (!event || !listing) throw new AppError("VALIDATION_ERROR", `We do not have ${bookName(provider)}'s own id for ${legName(leg, catalogue)}: choose another bookmaker.`);
    // A book listing the sides the other way round is asked for the mirror selection: our home team total is its away one (docs/design.md, Reading a code).
    const reversed = sidesReversed(listing.home, listing.away, event);
    const theirs = reversed ? mirrorSelection(catalogue, leg.marketId, leg.selectionTypeId) : leg;
    if (!theirs) throw new AppError("VALIDATION_ERROR", `${bookName(provider)} lists ${legName(leg, catalogue)} with home and away the other way round, and we cannot book its mirror there: choose another bookmaker.`);
    return {
      externalId: listing.externalId,
      ...(event.srId ? { srId: event.srId } : {}),
      marketId: theirs.marketId,
      selectionTypeId: theirs.selectionTypeId,
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
    if (!id) throw new AppError("BOOKING_FAILED", `BetKing no longer offers ${leg.home ?? "?"} v ${leg.away ?? "?"}, ${marketWords(feedCatalogue(), leg.marketId)}: remove it or choose another bookmaker.`);
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
  const { picked, notPlaced } = await biddableLegs(deps, userId, provider);
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
    ...(notPlaced.length > 0 ? { notPlaced } : {}),
  };
}
