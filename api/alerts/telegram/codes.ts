/**
 * A booking code in Telegram (docs/design.md, Alerts, Channels, Telegram): read as the site reads
 * codes (api/booking/read.ts), its legs priced at every book as the betslip prices a slip
 * (api/betslip/view.ts, returns.ts), ranked by net payout for a stake, and minted at the best book
 * as the betslip's booking route mints (api/booking/mint.ts), the code's legs standing in for the
 * saved slip.
 */
import type { BetslipLeg, BetslipLegView, BookingCode, BookingRead, BookmakerSlip } from "#shared/contract.ts";
import { MAX_STAKE_NAIRA } from "#shared/contract.ts";
import { bookmakerName, marketLabel, selectionLabel } from "#shared/reference.ts";
import { readBonusPlan } from "../../betslip/bonus-plan.ts";
import { readLegViews } from "../../betslip/leg-reads.ts";
import { bookmakerSlip, bookmakerSlips, DEFAULT_STAKE_KOBO, isBiddable } from "../../betslip/view.ts";
import type { BookingService } from "../../booking/index.ts";
import { mintAdapter, mintBookingCode } from "../../booking/mint.ts";
import { readBookingCode } from "../../booking/read.ts";
import type { CatalogueHolder } from "../../catalogue/start.ts";
import { BOOKING_ADAPTERS, normaliseBookCode } from "../../feeds/booking/index.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS } from "../../feeds/types.ts";
import { AppError } from "../../http/errors.ts";
import { naira } from "./text.ts";

/** The books a bettor may name, in the words they would type. */
const BOOK_WORDS: Record<string, number> = {
  sportybet: 3,
  sporty: 3,
  bet9ja: 1,
  betking: 2,
  "1xbet": 5,
  onexbet: 5,
  nairabet: 4,
};

/** Without a book named, the books whose codes have this shape are tried in this order. */
const TRY_ORDER = [3, 1, 2, 5];

export interface CodeRequest {
  /** Undefined: the books whose codes look like this one are tried in turn. */
  provider: number | undefined;
  code: string;
  stakeKobo: number;
}

export type CodeParse = { ok: true; ask: CodeRequest } | { ok: false; message: string };

const USAGE = "Send a booking code, e.g. 3Q7XKD, or /code sportybet 3Q7XKD 2000 (book, code, stake in naira).";

const shapeFits = (provider: number, code: string) => {
  const key = BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider);
  const adapter = key ? BOOKING_ADAPTERS[key] : undefined;
  return adapter ? adapter.codePattern.test(code) : false;
};

function stakeOf(text: string | undefined): number | string {
  if (text === undefined) return DEFAULT_STAKE_KOBO;
  const plain = text.replace(/[,₦]/g, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(plain)) return "The stake must be an amount in naira, e.g. 2000.";
  const kobo = Math.round(Number(plain) * 100);
  if (kobo < 100 || kobo > MAX_STAKE_NAIRA * 100) return `The stake must be from ₦1 to ${naira(MAX_STAKE_NAIRA)}.`;
  return kobo;
}

/** `/code <book> <code> [stake]`'s words (after the command). */
export function parseCodeCommand(args: string): CodeParse {
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 3) return { ok: false, message: USAGE };
  const provider = BOOK_WORDS[words[0]!.toLowerCase()];
  if (provider === undefined) return { ok: false, message: `I do not know the bookmaker "${words[0]!.slice(0, 20)}". ${USAGE}` };
  if (provider === 4) return { ok: false, message: "NairaBet has no booking codes we can read." };
  const code = normaliseBookCode(words[1]!);
  if (!shapeFits(provider, code)) return { ok: false, message: `That is not a ${bookmakerName(provider)} booking code. ${USAGE}` };
  const stake = stakeOf(words[2]);
  if (typeof stake === "string") return { ok: false, message: stake };
  return { ok: true, ask: { provider, code, stakeKobo: stake } };
}

/**
 * A pasted message that is a code: the code alone, or with its book and a stake ("sportybet
 * 3Q7XKD", "3Q7XKD 5000"); undefined for any other text. A code alone holds a digit, so a word is
 * never taken for one.
 */
export function pastedCode(text: string): CodeParse | undefined {
  if (text.length > 60) return undefined;
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 3) return undefined;
  const bookAt = words.findIndex((w) => BOOK_WORDS[w.toLowerCase()] !== undefined);
  const provider = bookAt >= 0 ? BOOK_WORDS[words[bookAt]!.toLowerCase()] : undefined;
  const rest = words.filter((_, i) => i !== bookAt);
  const code = rest[0] ? normaliseBookCode(rest[0]) : "";
  // Without its book, a word is a code when it holds a digit or was pasted in capitals as codes are
  // (books mint all-letter codes too): "hello" and "Thanks" stay chatter.
  const pasted = /\d/.test(code) || rest[0] === code;
  if (!/^[A-Z0-9]{5,7}$/.test(code) || (provider === undefined && !pasted)) return undefined;
  if (provider === 4) return { ok: false, message: "NairaBet has no booking codes we can read." };
  if (provider !== undefined && !shapeFits(provider, code)) return { ok: false, message: `That is not a ${bookmakerName(provider)} booking code. ${USAGE}` };
  if (rest.length > 2) return undefined;
  const stake = stakeOf(rest[1]);
  if (typeof stake === "string") return rest[1] && /^\d/.test(rest[1]) ? { ok: false, message: stake } : undefined;
  return { ok: true, ask: { provider, code, stakeKobo: stake } };
}

export interface CodeDeps {
  booking: BookingService;
  catalogue: CatalogueHolder;
  clock: () => number;
  intervalS: number;
}

/** The code read at its book, or at the first book of its shape that knows it. */
export async function readAsked(deps: CodeDeps, ask: CodeRequest): Promise<BookingRead> {
  if (ask.provider !== undefined) return readBookingCode(deps.booking.deps, ask.provider, ask.code);
  const books = TRY_ORDER.filter((p) => shapeFits(p, ask.code));
  let failure: unknown = new AppError("BOOKING_CODE_NOT_FOUND", `No bookmaker we read knows the code ${ask.code}.`);
  for (const provider of books) {
    try {
      return await readBookingCode(deps.booking.deps, provider, ask.code);
    } catch (error) {
      // A book that does not know it: the next of that shape may. Any other failure is kept to tell.
      if (!(error instanceof AppError) || error.code !== "BOOKING_CODE_NOT_FOUND") failure = error;
    }
  }
  if (failure instanceof AppError && failure.code === "BOOKING_CODE_NOT_FOUND") {
    throw new AppError("BOOKING_CODE_NOT_FOUND", `No bookmaker we read knows the code ${ask.code}: check it, or name the book (/code sportybet ${ask.code}).`);
  }
  throw failure;
}

export interface Ranked {
  read: BookingRead;
  views: BetslipLegView[];
  slips: BookmakerSlip[];
  /** The best book that can take every leg and where we can mint a code. */
  mintAt: number | undefined;
}

const asLeg = ({ eventId, marketId, selectionTypeId }: BetslipLeg): BetslipLeg => ({ eventId, marketId, selectionTypeId });

/** The read's legs priced at every book now, best net payout first (the betslip's own ranking). */
export async function rankRead(deps: CodeDeps, read: BookingRead, stakeKobo: number): Promise<Ranked> {
  const now = deps.clock();
  const legDeps = { db: deps.booking.deps.db, intervalS: deps.intervalS, catalogue: () => deps.catalogue.current() };
  const [views, plan] = await Promise.all([readLegViews(legDeps, read.legs.map(asLeg), now), readBonusPlan(deps.booking.deps.db, 3, now)]);
  const slips = bookmakerSlips(stakeKobo, views, { now, plan });
  const mintable = (provider: number) => {
    try {
      mintAdapter(provider);
      return deps.booking.deps.calls.configured(BOOKMAKER_KEYS.find((k) => BOOKMAKER_ID_BY_KEY[k] === provider)!);
    } catch {
      return false;
    }
  };
  const mintAt = slips.find((s) => s.placeable && mintable(s.provider))?.provider;
  return { read, views, slips, mintAt };
}

export function legWords(view: BetslipLegView): string {
  const market = view.marketName ?? marketLabel(view.marketId);
  const selection = view.selectionName ?? selectionLabel(view.selectionTypeId);
  return `${view.event?.name ?? "A match"}: ${market}, ${selection}`;
}

/** The answer to a code: its legs, each book's net payout for the stake, and what each book misses. */
export function rankedText(ranked: Ranked, stakeKobo: number, now: number): string {
  const { read, views, slips } = ranked;
  const lines: string[] = [];
  const from = bookmakerName(read.provider);
  lines.push(`${from} code ${read.code}: ${read.legs.length} selection${read.legs.length === 1 ? "" : "s"} we compare${read.unmapped.length > 0 ? `, ${read.unmapped.length} we do not` : ""}.`);
  read.legs.forEach((leg, i) => {
    const view = views[i];
    const words = view ? legWords(view) : `${leg.event.name}`;
    const state = view && !isBiddable(view) ? (view.started ? " (started)" : " (no price now)") : "";
    lines.push(`${i + 1}. ${words}${leg.bookPrice ? ` @ ${leg.bookPrice.toFixed(2)} at ${from}` : ""}${state}`);
  });
  for (const miss of read.unmapped.slice(0, 10)) lines.push(`- Not compared: ${miss.description.slice(0, 120)} (${UNMAPPED_WORDS[miss.reason]})`);
  if (read.unmapped.length > 10) lines.push(`- and ${read.unmapped.length - 10} more not compared.`);
  lines.push("");
  if (slips.length === 0) {
    lines.push("None of its selections can be bet now: nothing to compare.");
    return lines.join("\n");
  }
  lines.push(`Pays most for ${naira(stakeKobo / 100)}, after bonus and 5% tax:`);
  let rank = 0;
  for (const slip of slips) {
    const name = bookmakerName(slip.provider);
    if (slip.netPayout !== null) {
      rank += 1;
      const bonus = slip.bonus ? `, bonus ${naira(slip.bonus)}${slip.bonusStatus === "estimate" ? " (estimate)" : ""}` : "";
      const why = slip.placeable ? "" : slip.reason === "below-min-stake" ? " - stake below its minimum" : " - too many selections for it";
      lines.push(`${rank}. ${name} ${naira(slip.netPayout, true)} (odds ${slip.totalOdds?.toFixed(2)}${bonus})${why}`);
      continue;
    }
    const missing = views.filter((v) => isBiddable(v) && !v.prices.some((p) => p.provider === slip.provider));
    const without = views.filter((v) => !missing.includes(v));
    const rest = without.some(isBiddable) ? bookmakerSlip(slip.provider, stakeKobo, without, { now, plan: undefined }) : undefined;
    const names = missing.slice(0, 3).map((v) => legWords(v)).join("; ");
    const more = missing.length > 3 ? ` and ${missing.length - 3} more` : "";
    const pays = rest?.netPayout ? `; without ${missing.length === 1 ? "it" : "them"} it pays ${naira(rest.netPayout, true)}` : "";
    lines.push(`- ${name} misses ${names}${more}${pays}`);
  }
  if (ranked.mintAt !== undefined) lines.push("", `Tap below for a ${bookmakerName(ranked.mintAt)} code with these selections.`);
  return lines.join("\n");
}

const UNMAPPED_WORDS: Record<BookingRead["unmapped"][number]["reason"], string> = {
  market: "a market we do not compare",
  event: "a match we do not list",
  started: "started or no longer offered",
  ambiguous: "more than one match fits",
};

/** A verified code at `to` for the legs of the code read, as the betslip's booking route mints one. */
export async function mintFor(deps: CodeDeps, read: BookingRead, to: number, owner: string): Promise<BookingCode> {
  const legs = read.legs.map(asLeg);
  const slip = { stakeKobo: DEFAULT_STAKE_KOBO, legs, updatedAt: deps.clock(), version: 1 };
  return mintBookingCode({ ...deps.booking.deps, betslips: { read: async () => slip } }, owner, to);
}
