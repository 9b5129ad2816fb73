import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import { BETSLIP_MAX_LEGS, type Betslip, type BetslipLeg, type BetslipRequest } from "#shared/contract.ts";
import type { UsersRepository } from "../accounts/users.ts";
import { AppError } from "../http/errors.ts";
import type { LegMarkets } from "./leg-markets.ts";
import { legMarketsFor, readKnownEvents, readLegViews, type KnownEvent, type LegReadDeps } from "./leg-reads.ts";
import type { BetslipRepository, StoredSlip, StoredBetslip } from "./repository.ts";
import { SLIP_FULL_MESSAGE } from "./request.ts";
import { betslipView, DEFAULT_STAKE_KOBO } from "./view.ts";

export interface BetslipDeps extends LegReadDeps {
  betslips: BetslipRepository;
  users: Pick<UsersRepository, "byId">;
  clock: () => number;
  /** SportyBet's live bonus plan, when the collector has read one (docs/design.md, Naira-true returns). */
  bonusPlan?: () => Promise<BonusPlan | undefined>;
}

/** The slip as answered, and its version (0 for a slip never saved): the answer's ETag. */
export interface VersionedBetslip {
  slip: Betslip;
  version: number;
}

/** A write's If-Match: whether the slip's version (0: never saved) is one the client named. */
export type VersionCheck = (version: number) => boolean;

export const SLIP_CHANGED_MESSAGE = "Your betslip was changed on another device. Please reload it and try again.";

const sameLeg = (a: BetslipLeg, b: BetslipLeg) => a.eventId === b.eventId && a.marketId === b.marketId && a.selectionTypeId === b.selectionTypeId;

async function viewOf(deps: BetslipDeps, slip: StoredBetslip | undefined): Promise<VersionedBetslip> {
  const now = deps.clock();
  if (!slip) return { slip: betslipView(DEFAULT_STAKE_KOBO, [], null, { now, plan: undefined }), version: 0 };
  const [legs, plan] = await Promise.all([readLegViews(deps, slip.legs, now), deps.bonusPlan?.()]);
  return { slip: betslipView(slip.stakeKobo, legs, slip.updatedAt, { now, plan }), version: slip.version };
}

/** GET /users/betslip: the user's saved slip, every leg re-read now; the default slip for one never saved. */
export async function readBetslip(deps: BetslipDeps, userId: string): Promise<VersionedBetslip> {
  return viewOf(deps, await deps.betslips.read(userId));
}

/** At most one selection per event: a second one is refused, named by its match where the store knows it. */
function refuseSecondLegs(legs: readonly BetslipLeg[], events: ReadonlyMap<string, KnownEvent>): void {
  const seen = new Set<string>();
  for (const { eventId } of legs) {
    if (seen.has(eventId)) throw new AppError("VALIDATION_ERROR", `One selection per match: ${events.get(eventId)?.heading.name ?? eventId} appears twice.`);
    seen.add(eventId);
  }
}

/**
 * Each leg's event must be one the store holds (upcoming, or started and not yet pruned), except a
 * leg the user had saved already: a slip saved before its event was pruned stays savable whole.
 */
function refuseUnknownEvents(legs: readonly BetslipLeg[], events: ReadonlyMap<string, KnownEvent>, saved: readonly BetslipLeg[], now: number): void {
  for (const leg of legs) {
    if (saved.some((s) => sameLeg(s, leg))) continue;
    const event = events.get(leg.eventId);
    if (!event) throw new AppError("VALIDATION_ERROR", `Unknown match ${leg.eventId}: it is not one we list.`);
    // No bookmaker takes a pre-match bet once it has kicked off: a stale page must not add one.
    if (event.kickoff <= now) throw new AppError("VALIDATION_ERROR", `${event.heading.name} has started: it can no longer be added.`);
  }
}

/**
 * A new leg's market must be one the catalogue still compares (docs/design.md, Betslip): a retired
 * market is refused as a new leg, while a leg the user had saved in it stays on the slip.
 */
function refuseRetiredMarkets(legs: readonly BetslipLeg[], markets: LegMarkets, saved: readonly BetslipLeg[]): void {
  for (const leg of legs) {
    if (saved.some((s) => sameLeg(s, leg))) continue;
    const market = markets(leg.marketId);
    if (market?.retired) throw new AppError("VALIDATION_ERROR", `${market.name} is no longer compared: it can no longer be added.`);
  }
}

const EMPTY: StoredSlip = { stakeKobo: DEFAULT_STAKE_KOBO, legs: [] };

/**
 * Every write: the edit applied to the slip as stored at that moment, under its row's lock
 * (repository.ts), so no other device's write falls between the read and the save. The If-Match
 * check and the slip's rules (at most BETSLIP_MAX_LEGS legs, one per match, new legs of listed matches not yet
 * started) judge the result against that stored slip; on any refusal nothing is saved.
 * `adding`: the legs the edit may add, whose matches are read from the store first.
 */
async function writeSlip(
  deps: BetslipDeps,
  userId: string,
  adding: readonly BetslipLeg[],
  edit: (saved: StoredSlip) => StoredSlip | undefined,
  ifMatch?: VersionCheck,
): Promise<VersionedBetslip> {
  const events = await readKnownEvents(deps.db, adding.map((leg) => leg.eventId));
  // A token can outlive its account; the slip's row needs one.
  if (!(await deps.users.byId(userId))) throw new AppError("AUTH_REQUIRED", "Please log in again.");
  const now = deps.clock();
  const markets = legMarketsFor(deps);
  const slip = await deps.betslips.change(
    userId,
    (current) => {
      if (ifMatch && !ifMatch(current?.version ?? 0)) throw new AppError("BETSLIP_CHANGED", SLIP_CHANGED_MESSAGE);
      const saved = current ?? EMPTY;
      const next = edit(saved);
      if (!next) return undefined;
      if (next.legs.length > BETSLIP_MAX_LEGS) throw new AppError("VALIDATION_ERROR", SLIP_FULL_MESSAGE);
      refuseSecondLegs(next.legs, events);
      refuseUnknownEvents(next.legs, events, saved.legs, now);
      refuseRetiredMarkets(next.legs, markets, saved.legs);
      return next;
    },
    now,
  );
  return viewOf(deps, slip);
}

/** PUT /users/betslip: replaces the user's slip with a (parsed) request, unless If-Match names another version. */
export function saveBetslip(deps: BetslipDeps, userId: string, request: BetslipRequest, ifMatch?: VersionCheck): Promise<VersionedBetslip> {
  return writeSlip(deps, userId, request.legs, () => ({ stakeKobo: Math.round(request.stake * 100), legs: request.legs }), ifMatch);
}

/**
 * POST /users/betslip/selections: adds one selection to the slip as stored, whatever another device
 * saved meanwhile. A selection of a match already on the slip replaces that match's, in its place
 * (one per match); the same selection again changes nothing.
 */
export function addSelection(deps: BetslipDeps, userId: string, leg: BetslipLeg, ifMatch?: VersionCheck): Promise<VersionedBetslip> {
  return writeSlip(
    deps,
    userId,
    [leg],
    (saved) => {
      if (saved.legs.some((l) => sameLeg(l, leg))) return undefined;
      const at = saved.legs.findIndex((l) => l.eventId === leg.eventId);
      const legs = at === -1 ? [...saved.legs, leg] : saved.legs.map((l, i) => (i === at ? leg : l));
      return { ...saved, legs };
    },
    ifMatch,
  );
}

/** DELETE /users/betslip/selections/...: removes that one selection if it is on the slip; another of its match stays. */
export function removeSelection(deps: BetslipDeps, userId: string, leg: BetslipLeg, ifMatch?: VersionCheck): Promise<VersionedBetslip> {
  return writeSlip(
    deps,
    userId,
    [],
    (saved) => (saved.legs.some((l) => sameLeg(l, leg)) ? { ...saved, legs: saved.legs.filter((l) => !sameLeg(l, leg)) } : undefined),
    ifMatch,
  );
}

/** PATCH /users/betslip: the stake alone; the legs stay as stored, whoever saved them. */
export function changeStake(deps: BetslipDeps, userId: string, stake: number, ifMatch?: VersionCheck): Promise<VersionedBetslip> {
  const stakeKobo = Math.round(stake * 100);
  return writeSlip(deps, userId, [], (saved) => (saved.stakeKobo === stakeKobo ? undefined : { ...saved, stakeKobo }), ifMatch);
}
