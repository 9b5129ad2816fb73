/**
 * SportyBet's live "Multi Bet Bonus" plan (docs/design.md, Naira-true returns; Bookmaker rules):
 * `GET /api/ng/promotion/v2/bonus/plans/valid`, the plan the site's own betslip loads, asked with
 * the feeds' headers through the feeds' fetcher. Every number in it is x10^4 (qualifyingOddsLimit
 * 12000 = 1.20, a ratio of 800 = 8 %, a bonusFactor of 6000 = 0.6). Success is `bizCode` 10000,
 * as on every SportyBet answer; a success with no plan in it means the site offers none.
 *
 * The football factor is the per-sport entry for sr:sport:1. Per-tournament entries (which carry a
 * tournamentId, and may carry the sport's id too) are not kept: a BonusPlan has one factor.
 */
import { z } from "zod";
import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import type { FeedRequest } from "../../types.ts";
import { failure, validate, type Result } from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { LIVE_BASE_URL, SITE_HEADERS, decodeAnswer } from "./sportybet.ts";

export const BONUS_PLAN_PATH = "/api/ng/promotion/v2/bonus/plans/valid";
const SCALE = 10_000;
const FOOTBALL = "sr:sport:1";

const ratioSchema = z.object({
  // The site's own betslip reads a step for 0 selections as no bonus; planPct does too.
  qualifyingSelections: z.number().int().nonnegative(),
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
});
const entitySchema = z.object({
  planName: z.string().min(1),
  qualifyingOddsLimit: z.number().positive(),
  bonusRatios: z.array(ratioSchema).min(1),
});
const factorSchema = z.object({
  sportId: z.string().nullish(),
  tournamentId: z.string().nullish(),
  bonusFactor: z.number().nonnegative().nullish(),
  isEnabled: z.unknown().optional(),
  isDel: z.unknown().optional(),
});
const answerSchema = z.object({
  data: z.object({
    entityList: z.array(entitySchema).nullish(),
    bonusFactorVOList: z.array(factorSchema).nullish(),
  }),
});

type Factor = z.infer<typeof factorSchema>;

/** The request for the plan, at SportyBet's live origin or the simulator's stand-in. */
export function bonusPlanRequest(baseUrl: string): FeedRequest {
  return {
    url: `${baseUrl}${BONUS_PLAN_PATH}`,
    headers: { ...browserHeaders({ referer: `${LIVE_BASE_URL}/ng/sport/football`, origin: LIVE_BASE_URL }), ...SITE_HEADERS },
  };
}

/** A switched-off or deleted entry counts as absent (the site sends both as booleans; 0/1 read alike). */
const inForce = (factor: Factor) => factor.isEnabled !== false && factor.isEnabled !== 0 && factor.isDel !== true && factor.isDel !== 1;

/** Football's factor: its per-sport entry in force, 1 when there is none. */
function footballFactorOf(factors: readonly Factor[]): Result<number> {
  const entry = factors.find((f) => f.sportId === FOOTBALL && !f.tournamentId && inForce(f));
  if (!entry) return { ok: true, value: 1 };
  if (entry.bonusFactor === undefined || entry.bonusFactor === null) return failure("unexpected payload shape: the football bonusFactor entry has no bonusFactor");
  return { ok: true, value: entry.bonusFactor / SCALE };
}

/**
 * The plan in a body the plan endpoint answered: a failure for a body that is no answer (a
 * challenge page is `blocked`, as for the feeds; decision 012), for a `bizCode` other than 10000
 * and for a shape we do not know; no plan (undefined) for a success without one. The first plan of
 * `entityList` is the plan.
 */
export function decodeBonusPlan(body: string, fetchedAt: Date): Result<BonusPlan | undefined> {
  const json = decodeAnswer(body);
  if (!json.ok) return json;
  const answer = validate(answerSchema, json.value);
  if (!answer.ok) return answer;
  const entity = answer.value.data.entityList?.[0];
  if (!entity) return { ok: true, value: undefined };
  const footballFactor = footballFactorOf(answer.value.data.bonusFactorVOList ?? []);
  if (!footballFactor.ok) return footballFactor;
  const ratios = entity.bonusRatios
    .map((r) => ({ legs: r.qualifyingSelections, min: r.min / SCALE, max: r.max / SCALE }))
    .sort((a, b) => a.legs - b.legs);
  return {
    ok: true,
    value: { name: entity.planName, minLegOdds: entity.qualifyingOddsLimit / SCALE, ratios, footballFactor: footballFactor.value, fetchedAt: fetchedAt.toISOString() },
  };
}

/** The plan in the endpoint's body, or undefined for no plan: a failure answer, another bizCode, no entity. */
export function parseBonusPlan(body: string, fetchedAt: Date): BonusPlan | undefined {
  const read = decodeBonusPlan(body, fetchedAt);
  return read.ok ? read.value : undefined;
}
