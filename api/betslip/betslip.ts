import type { Betslip, BetslipLeg, BetslipRequest } from "#shared/contract.ts";
import type { UsersRepository } from "../accounts/users.ts";
import { AppError } from "../http/errors.ts";
import { readKnownEvents, readLegViews, type KnownEvent, type LegReadDeps } from "./leg-reads.ts";
import type { BetslipRepository, StoredBetslip } from "./repository.ts";
import { betslipView, DEFAULT_STAKE_KOBO } from "./view.ts";

export interface BetslipDeps extends LegReadDeps {
  betslips: BetslipRepository;
  users: Pick<UsersRepository, "byId">;
  clock: () => number;
}

const sameLeg = (a: BetslipLeg, b: BetslipLeg) => a.eventId === b.eventId && a.marketId === b.marketId && a.selectionTypeId === b.selectionTypeId;

async function viewOf(deps: BetslipDeps, slip: StoredBetslip | undefined): Promise<Betslip> {
  if (!slip) return betslipView(DEFAULT_STAKE_KOBO, [], null);
  return betslipView(slip.stakeKobo, await readLegViews(deps, slip.legs, deps.clock()), slip.updatedAt);
}

/** GET /users/betslip: the user's saved slip, every leg re-read now; the default slip for one never saved. */
export async function readBetslip(deps: BetslipDeps, userId: string): Promise<Betslip> {
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
 * PUT /users/betslip: replaces the user's slip with a (parsed) request after the checks that need
 * the store; on any refusal nothing is saved. Answers the slip as saved, re-read.
 */
export async function saveBetslip(deps: BetslipDeps, userId: string, request: BetslipRequest): Promise<Betslip> {
  const events = await readKnownEvents(deps.db, request.legs.map((leg) => leg.eventId));
  refuseSecondLegs(request.legs, events);
  const saved = await deps.betslips.read(userId);
  refuseUnknownEvents(request.legs, events, saved?.legs ?? [], deps.clock());
  // A token can outlive its account; the slip's row needs one.
  if (!(await deps.users.byId(userId))) throw new AppError("AUTH_REQUIRED", "Please log in again.");
  const slip: StoredBetslip = { stakeKobo: Math.round(request.stake * 100), legs: request.legs, updatedAt: deps.clock() };
  await deps.betslips.save(userId, slip);
  return viewOf(deps, slip);
}
