import type { Request, Response } from "express";
import { BETSLIP_MAX_LEGS, ENDPOINTS, endpointUrl, type BetslipLeg } from "#shared/contract.ts";
import { ERROR_CODES } from "#shared/error-codes.ts";
import { bookmakerName } from "#shared/reference.ts";
import { bookingFailure } from "#client/booking/booking-errors.ts";
import { importSummary } from "#client/booking/import-summary.ts";
import { runImport, type ImportMode, type ImportPlan } from "#client/betslip/sync/import-legs.ts";
import { parseStake, STAKE_INVALID_MESSAGE } from "#client/betslip/returns/money.ts";
import { hasForms, sitePath } from "#client/route-paths.ts";
import { answerData } from "../bff/session-calls.ts";
import { betslipAnswer, bookingCodeAnswer } from "../bff/api-answers.ts";
import type { UpstreamAnswer } from "../bff/upstream.ts";
import { field, fieldList, refusalOf, sessionCall, type FormDeps } from "./form-calls.ts";
import { flashTo, type Said } from "./flash.ts";

/**
 * The betslip as form posts (docs/design.md, Pages without JavaScript): add a selection from an odds
 * table, remove one, set the stake, get a booking code, put a code's selections on the slip. Each makes the BFF's call with the session
 * (refreshed first when due), then goes back to the page it was made on with what happened.
 */

/**
 * A selection as a form sends it: `marketId.selectionTypeId.eventId` (an event id may hold dots and
 * colons). Ids of up to nine digits, as the API reads a path's (api/betslip/request.ts): a learnt
 * market's and selection's run past four (docs/design.md, Competition and market ids).
 */
export function legOf(value: string): BetslipLeg | undefined {
  const match = /^(\d{1,9})\.(\d{1,9})\.([^/\\\s]{1,200})$/.exec(value);
  // A dot segment would be a step up in the API's path once in the URL.
  if (!match || match[3] === "." || match[3] === "..") return undefined;
  return { marketId: Number(match[1]), selectionTypeId: Number(match[2]), eventId: match[3]! };
}

/**
 * The page a form was posted from, to go back to: one of ours that has forms (its path and query),
 * else the betslip. Its path is the flash cookie's Path: hasForms admits only paths a cookie can carry.
 */
export function backTo(req: Request): string {
  const back = sitePath(field(req, "back"));
  return back && hasForms(pathOf(back)) ? back : "/betslip";
}

const pathOf = (location: string) => location.split("?")[0]!;

function backWith(deps: FormDeps, req: Request, res: Response, said: Said): void {
  const to = backTo(req);
  flashTo(res, deps.secure, pathOf(to), { ...said, fields: {} }, to);
}

/** What the page says after a betslip write the API refused: its own description, as the app's notice does. */
const refusedSaying = (answer: UpstreamAnswer): Said => ({ message: refusalOf(answer).message || "Your betslip could not be saved. Please try again." });

export function addPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const leg = legOf(field(req, "leg"));
    if (!leg) return backWith(deps, req, res, { message: "That selection could not be read. Please try again." });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.addToBetslip, url: ENDPOINTS.addToBetslip.path, body: leg, next: backTo(req) });
    if (!answer) return;
    backWith(deps, req, res, answer.status === 200 ? { status: "Added to your betslip." } : refusedSaying(answer));
  };
}

export function removePost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const leg = legOf(field(req, "leg"));
    if (!leg) return backWith(deps, req, res, { message: "That selection could not be read. Please try again." });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.removeFromBetslip, url: endpointUrl(ENDPOINTS.removeFromBetslip, leg), next: backTo(req) });
    if (!answer) return;
    backWith(deps, req, res, answer.status === 200 ? { status: "Removed from your betslip." } : refusedSaying(answer));
  };
}

export function stakePost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const stake = parseStake(field(req, "stake"));
    if (stake === undefined) return backWith(deps, req, res, { message: STAKE_INVALID_MESSAGE });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.changeBetslipStake, url: ENDPOINTS.changeBetslipStake.path, body: { stake }, next: backTo(req) });
    if (!answer) return;
    backWith(deps, req, res, answer.status === 200 ? { status: "Stake updated." } : refusedSaying(answer));
  };
}

/** A booking code for the slip at one book: the code itself is the news, with what it holds. */
export function bookingPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const provider = Number(field(req, "provider"));
    if (!Number.isInteger(provider) || provider <= 0) return backWith(deps, req, res, { message: "Choose a bookmaker for the code." });
    const answer = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.mintBookingCode, url: ENDPOINTS.mintBookingCode.path, body: { provider }, next: backTo(req) });
    if (!answer) return;
    if (answer.status !== 200) return backWith(deps, req, res, { message: bookingFailure(refusalOf(answer), provider, "mint") });
    const code = answerData(deps.upstream, ENDPOINTS.mintBookingCode, answer, bookingCodeAnswer);
    const legs = `${code.legs} ${code.legs === 1 ? "selection" : "selections"}`;
    backWith(deps, req, res, { status: `Your ${bookmakerName(provider)} booking code: ${code.code} (${legs}). Enter it in ${bookmakerName(provider)}'s site or app to place the bet.` });
  };
}

const isImportMode = (mode: string): mode is ImportMode => mode === "replace" || mode === "add";

/**
 * A booking code's selections put on the slip, in place of what it holds ("replace") or after it
 * ("add"), as the app's import does (client/betslip/sync/import-legs.ts): the slip read with its
 * version, the import planned on it, and one whole-slip write with `If-Match`, read and planned
 * again when another device saved meanwhile.
 */
export function importPost(deps: FormDeps) {
  return async (req: Request, res: Response) => {
    const mode = field(req, "mode");
    const fields = fieldList(req, "leg");
    const incoming = fields.map(legOf).filter((leg) => leg !== undefined);
    if (!isImportMode(mode) || incoming.length === 0 || incoming.length !== fields.length || incoming.length > BETSLIP_MAX_LEGS) {
      return backWith(deps, req, res, { message: "Those selections could not be read. Please try again." });
    }
    const summary = (plan: ImportPlan) => backWith(deps, req, res, { status: importSummary(plan, mode) });
    await runImport<void>(incoming, mode, {
      async read() {
        const read = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.betslip, url: ENDPOINTS.betslip.path, next: backTo(req) });
        // No answer: the session is over, and the call already sent the browser to sign in.
        if (!read) return { done: undefined };
        if (read.status !== 200) return { done: backWith(deps, req, res, refusedSaying(read)) };
        const slip = answerData(deps.upstream, ENDPOINTS.betslip, read, betslipAnswer);
        return { slip, etag: typeof read.headers.etag === "string" ? read.headers.etag : "*" };
      },
      async write(slip, etag, plan, last) {
        const saved = await sessionCall(deps, req, res, { endpoint: ENDPOINTS.replaceBetslip, url: ENDPOINTS.replaceBetslip.path, body: slip, headers: { "if-match": etag }, next: backTo(req) });
        if (!saved) return { done: undefined };
        if (saved.status === 200) return { done: summary(plan) };
        if (!last && refusalOf(saved).code === ERROR_CODES.BETSLIP_CHANGED) return "changed";
        return { done: backWith(deps, req, res, refusedSaying(saved)) };
      },
      nothingAdded: (_slip, plan) => summary(plan),
    });
  };
}
