import { BETSLIP_MAX_LEGS, type Betslip, type BetslipLeg } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { api } from "../../backend/endpoints.ts";
import { plainLeg } from "../slip.ts";

/** A booking code's selections put in place of the slip's, or after them. */
export type ImportMode = "replace" | "add";

/**
 * The legs the slip holds after an import, and what did not go on it: a selection of a match
 * already on the slip (one per match), and those past the slip's 50.
 */
export interface ImportPlan {
  legs: BetslipLeg[];
  added: number;
  sameMatch: number;
  overLimit: number;
}

/** Adding keeps the slip's legs and skips a match already on it; replacing starts from none. At most BETSLIP_MAX_LEGS either way. */
export function planImport(current: readonly BetslipLeg[], incoming: readonly BetslipLeg[], mode: ImportMode): ImportPlan {
  const legs = mode === "replace" ? [] : current.map(plainLeg);
  const plan: ImportPlan = { legs, added: 0, sameMatch: 0, overLimit: 0 };
  for (const leg of incoming) {
    if (legs.some((l) => l.eventId === leg.eventId)) plan.sameMatch += 1;
    else if (legs.length >= BETSLIP_MAX_LEGS) plan.overLimit += 1;
    else {
      legs.push(plainLeg(leg));
      plan.added += 1;
    }
  }
  return plan;
}

/** A slip another device changed between our read and our write is read again, this many times in all. */
const ATTEMPTS = 3;

/**
 * The import as one whole-slip write made from the slip as stored now: read it with its version,
 * plan on it, and PUT with `If-Match`, so a change another device saved meanwhile is never written
 * over; on 412 read again and plan again (decision 024). One write whatever the number of legs, where
 * one add per leg would run into the betslip's write limit.
 */
export async function sendImport(incoming: readonly BetslipLeg[], mode: ImportMode): Promise<{ slip: Betslip; plan: ImportPlan }> {
  for (let attempt = 1; ; attempt += 1) {
    const read = await api.taggedBetslip();
    const plan = planImport(read.data.legs, incoming, mode);
    if (mode === "add" && plan.added === 0) return { slip: read.data, plan };
    try {
      // Every betslip answer carries its ETag; "*" only should a proxy have dropped it.
      const saved = await api.replaceBetslip({ stake: read.data.stake, legs: plan.legs }, read.etag ?? "*");
      return { slip: saved.data, plan };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ERROR_CODES.BETSLIP_CHANGED && attempt < ATTEMPTS)) throw error;
    }
  }
}
