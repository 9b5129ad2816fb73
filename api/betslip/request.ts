import { z } from "zod";
import { BETSLIP_MAX_LEGS, MAX_STAKE_NAIRA, type BetslipRequest } from "#shared/contract.ts";
import { hasBrokenCharacters, hasControlCharacters } from "#shared/validation.ts";
import { findMarket, marketLabel } from "#shared/reference.ts";
import { AppError } from "../http/errors.ts";

/** ₦10,000,000: far above any bookmaker's stake limit, and so no real slip's. */
/** Event ids are the store's keys (`c1:2026-11-28:arsenal+chelsea`); anything longer is none of ours. */
export const MAX_EVENT_ID_LENGTH = 100;

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

const request = z.strictObject(
  {
    stake: z.number({ error: STAKE_MESSAGE }).refine(isNairaAmount, STAKE_MESSAGE),
    legs: z
      .array(leg, { error: `legs must be a list of selections, each with ${LEG_FIELDS}.` })
      .max(BETSLIP_MAX_LEGS, `A betslip holds at most ${BETSLIP_MAX_LEGS} selections.`),
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
  const parsed = request.safeParse(body);
  if (!parsed.success) throw new AppError("VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "The betslip is not valid.");
  return parsed.data;
}
