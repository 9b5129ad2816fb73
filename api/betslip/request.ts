import { z } from "zod";
import { BETSLIP_MAX_LEGS, MAX_STAKE_NAIRA, type BetslipLeg, type BetslipRequest, type BetslipStakeRequest } from "#shared/contract.ts";
import { hasBrokenCharacters, hasControlCharacters } from "#shared/validation.ts";
import { findMarket, marketLabel } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";

/** ₦10,000,000: far above any bookmaker's stake limit, and so no real slip's. */
/** Event ids are the store's keys (`c1:2026-11-28:arsenal+chelsea`); anything longer is none of ours. */
export const MAX_EVENT_ID_LENGTH = 100;

export const SLIP_FULL_MESSAGE = `A betslip holds at most ${BETSLIP_MAX_LEGS} selections.`;
const STAKE_MESSAGE = `stake must be a positive amount in naira with at most two decimals, at most ₦10,000,000.`;
const EVENT_ID_MESSAGE = `eventId must be an event id: text of 1 to ${MAX_EVENT_ID_LENGTH} characters on one line.`;
const LEG_FIELDS = "eventId, marketId and selectionTypeId";

/** A naira amount with at most two decimals is one whose two-decimal form reads back as the same number. */
const isNairaAmount = (value: number) => value > 0 && value <= MAX_STAKE_NAIRA && Number(value.toFixed(2)) === value;

const keysOf = (issue: { code?: string; keys?: string[] }) => (issue.code === "unrecognized_keys" && issue.keys ? issue.keys.join(", ") : undefined);

const leg = z
  .strictObject(
    {
      eventId: z
        .string({ error: EVENT_ID_MESSAGE })
        .min(1, EVENT_ID_MESSAGE)
        .max(MAX_EVENT_ID_LENGTH, EVENT_ID_MESSAGE)
        .refine((id) => !hasControlCharacters(id) && !hasBrokenCharacters(id), EVENT_ID_MESSAGE),
      marketId: z.number({ error: "marketId must be a market id (1 to 8)." }).refine((id) => findMarket(id) !== undefined, "marketId must be a market id (1 to 8)."),
      selectionTypeId: z.number({ error: "selectionTypeId must be a selection id." }),
    },
    {
      error: (issue) =>
        keysOf(issue) ? `A selection holds only ${LEG_FIELDS}; unknown field: ${keysOf(issue)}.` : `Each selection must be an object with ${LEG_FIELDS}.`,
    },
  )
  .superRefine((value, ctx) => {
    const market = findMarket(value.marketId);
    if (market && !(market.selections as readonly number[]).includes(value.selectionTypeId)) {
      ctx.addIssue({ code: "custom", message: `Unknown selection ${value.selectionTypeId} for the market ${marketLabel(market.id)}.` });
    }
  });

const stake = z.number({ error: STAKE_MESSAGE }).refine(isNairaAmount, STAKE_MESSAGE);

const request = z.strictObject(
  {
    stake,
    legs: z
      .array(leg, { error: `legs must be a list of selections, each with ${LEG_FIELDS}.` })
      .max(BETSLIP_MAX_LEGS, SLIP_FULL_MESSAGE),
  },
  {
    error: (issue) => (keysOf(issue) ? `A betslip holds only stake and legs; unknown field: ${keysOf(issue)}.` : "The betslip must be an object with stake and legs."),
  },
);

/**
 * PUT /users/betslip's body, checked strictly: the fields of BetslipRequest and no others, a stake
 * in naira, at most BETSLIP_MAX_LEGS selections each of a known market. Anything else is 400 with
 * the first problem found. One selection per event and known events are the domain's checks.
 */
export function parseBetslipRequest(body: unknown): BetslipRequest {
  return parsed(request.safeParse(body), "The betslip is not valid.");
}

/** The first problem zod found, as a 400. */
function parsed<T>(result: z.ZodSafeParseResult<T>, fallback: string): T {
  if (!result.success) throw new AppError("VALIDATION_ERROR", result.error.issues[0]?.message ?? fallback);
  return result.data;
}

const stakeRequest = z.strictObject(
  { stake },
  { error: (issue) => (keysOf(issue) ? `A stake change holds only stake; unknown field: ${keysOf(issue)}.` : "The stake change must be an object with stake.") },
);

/** PATCH /users/betslip's body: a stake in naira and nothing else. */
export function parseStakeRequest(body: unknown): BetslipStakeRequest {
  return parsed(stakeRequest.safeParse(body), "The stake is not valid.");
}

/** POST /users/betslip/selections' body: one selection, checked as a leg of PUT's slip. */
export function parseSelection(body: unknown): BetslipLeg {
  return parsed(leg.safeParse(body), "The selection is not valid.");
}

/** A whole number as a path segment spells it (`4`, not `4.0`, `04` or `0x4`), else the segment unchanged, for the leg check to refuse. */
const pathNumber = (segment: string): number | string => (/^(0|[1-9][0-9]{0,8})$/.test(segment) ? Number(segment) : segment);

/** DELETE /users/betslip/selections/:eventId/:marketId/:selectionTypeId's parameters, checked as a leg. */
export function parseSelectionPath(params: { eventId?: string; marketId?: string; selectionTypeId?: string }): BetslipLeg {
  const { eventId, marketId = "", selectionTypeId = "" } = params;
  return parseSelection({ eventId, marketId: pathNumber(marketId), selectionTypeId: pathNumber(selectionTypeId) });
}
