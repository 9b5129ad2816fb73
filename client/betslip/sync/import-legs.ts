import { BETSLIP_MAX_LEGS, type Betslip, type BetslipLeg, type BetslipRequest } from "#shared/contract.ts";
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
export const IMPORT_ATTEMPTS = 3;

/** The slip as stored and its version, or the import's outcome when it could not be read. */
export type ImportRead<Out> = { slip: Betslip; etag: string } | { done: Out };

/** How one tier reads and writes the slip for an import: the browser through its API client, the web tier's form posts through the BFF. */
export interface ImportIO<Out> {
  read(): Promise<ImportRead<Out>>;
  /** The planned slip, written with `If-Match: etag`: the outcome, or "changed" when the API answered 412 and `last` is false. */
  write(slip: BetslipRequest, etag: string, plan: ImportPlan, last: boolean): Promise<{ done: Out } | "changed">;
  /** An add that had nothing to add: the outcome, with no write. */
  nothingAdded(slip: Betslip, plan: ImportPlan): Out;
}

/**
 * The import as one whole-slip write made from the slip as stored now: read it with its version,
 * plan on it, and PUT with `If-Match`, so a change another device saved meanwhile is never written
 * over; on 412 read again and plan again, IMPORT_ATTEMPTS times in all (decision 024). One write
 * whatever the number of legs, where one add per leg would run into the betslip's write limit.
 */
export async function runImport<Out>(incoming: readonly BetslipLeg[], mode: ImportMode, io: ImportIO<Out>): Promise<Out> {
  for (let attempt = 1; ; attempt += 1) {
    const read = await io.read();
    if ("done" in read) return read.done;
    const plan = planImport(read.slip.legs, incoming, mode);
    if (mode === "add" && plan.added === 0) return io.nothingAdded(read.slip, plan);
    const written = await io.write({ stake: read.slip.stake, legs: plan.legs }, read.etag, plan, attempt >= IMPORT_ATTEMPTS);
    if (written !== "changed") return written.done;
  }
}

/** The browser's import, through the API client; a refusal other than a 412 with attempts left is thrown. */
export function sendImport(incoming: readonly BetslipLeg[], mode: ImportMode): Promise<{ slip: Betslip; plan: ImportPlan }> {
  return runImport(incoming, mode, {
    async read() {
      const read = await api.taggedBetslip();
      // Every betslip answer carries its ETag; "*" only should a proxy have dropped it.
      return { slip: read.data, etag: read.etag ?? "*" };
    },
    async write(slip, etag, plan, last) {
      try {
        return { done: { slip: (await api.replaceBetslip(slip, etag)).data, plan } };
      } catch (error) {
        if (!last && error instanceof ApiError && error.code === ERROR_CODES.BETSLIP_CHANGED) return "changed";
        throw error;
      }
    },
    nothingAdded: (slip, plan) => ({ slip, plan }),
  });
}
