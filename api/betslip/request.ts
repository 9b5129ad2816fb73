import { z } from "zod";
import { BETSLIP_MAX_LEGS, MAX_STAKE_NAIRA, type BetslipLeg, type BetslipRequest, type BetslipStakeRequest } from "#shared/contract.ts";
import { hasBrokenCharacters, hasControlCharacters } from "#shared/validation.ts";
import { AppError } from "../http/errors.ts";
import { fileLegMarkets, type LegMarkets } from "./leg-markets.ts";

/** ₦10,000,000: far above any bookmaker's stake limit, and so no real slip's. */
/** Event ids are the store's keys (`c1:2026-11-28:arsenal+chelsea`); anything longer is none of ours. */
export const MAX_EVENT_ID_LENGTH = 100;

export const SLIP_FULL_MESSAGE = `A betslip holds at most ${BETSLIP_MAX_LEGS} selections.`;
const STAKE_MESSAGE = `stake must be a positive amount in naira with at most two decimals, at most ₦10,000,000.`;
const EVENT_ID_MESSAGE = `eventId must be an event id: text of 1 to ${MAX_EVENT_ID_LENGTH} characters on one line.`;
const LEG_FIELDS = "eventId, marketId and selectionTypeId";
export const MARKET_ID_MESSAGE = "marketId must be a market id of the catalogue (GET /odds/markets).";

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
      marketId: z.number({ error: MARKET_ID_MESSAGE }),
      selectionTypeId: z.number({ error: "selectionTypeId must be a selection id." }),
    },
    {
      error: (issue) =>
        keysOf(issue) ? `A selection holds only ${LEG_FIELDS}; unknown field: ${keysOf(issue)}.` : `Each selection must be an object with ${LEG_FIELDS}.`,
    },
  );

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
 * Each leg's market and selection against the catalogue (docs/design.md, Betslip): a market it lists
 * (a retired one too, so a slip saved with it stays savable and removable; the domain refuses it as
 * a new leg) and a selection of that market. The first problem found is the 400.
 */
function checkMarkets<T extends { legs: readonly BetslipLeg[] }>(value: T, markets: LegMarkets): T {
  for (const { marketId, selectionTypeId } of value.legs) {
    const market = markets(marketId);
    if (!market) throw new AppError("VALIDATION_ERROR", MARKET_ID_MESSAGE);
    if (!market.selections.some((s) => s.id === selectionTypeId)) throw new AppError("VALIDATION_ERROR", `Unknown selection ${selectionTypeId} for the market ${market.name}.`);
  }
  return value;
}

/**
 * PUT /users/betslip's body, checked strictly: the fields of BetslipRequest and no others, a stake
 * in naira, at most BETSLIP_MAX_LEGS selections each of a market of the catalogue and one of its
 * selections. Anything else is 400 with the first problem found. One selection per event and known
 * events are the domain's checks. `markets`: the loaded catalogue's (the build's files by default).
 */
export function parseBetslipRequest(body: unknown, markets: LegMarkets = fileLegMarkets()): BetslipRequest {
  return checkMarkets(parsed(request.safeParse(body), "The betslip is not valid."), markets);
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
export function parseSelection(body: unknown, markets: LegMarkets = fileLegMarkets()): BetslipLeg {
  const selection = parsed(leg.safeParse(body), "The selection is not valid.");
  return checkMarkets({ legs: [selection] }, markets).legs[0]!;
}

/** A whole number as a path segment spells it (`4`, not `4.0`, `04` or `0x4`), else the segment unchanged, for the leg check to refuse. */
const pathNumber = (segment: string): number | string => (/^(0|[1-9][0-9]{0,8})$/.test(segment) ? Number(segment) : segment);

/** DELETE /users/betslip/selections/:eventId/:marketId/:selectionTypeId's parameters, checked as a leg. */
export function parseSelectionPath(params: { eventId?: string; marketId?: string; selectionTypeId?: string }, markets: LegMarkets = fileLegMarkets()): BetslipLeg {
  const { eventId, marketId = "", selectionTypeId = "" } = params;
  return parseSelection({ eventId, marketId: pathNumber(marketId), selectionTypeId: pathNumber(selectionTypeId) }, markets);
}
