/** Booking calls' input, checked before any rate-limit slot or request to a book (docs/design.md, Hostile input). */
import { z } from "zod";
import { BOOKING_ADAPTERS, normaliseBookCode } from "../feeds/booking/index.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../feeds/types.ts";
import { AppError } from "../http/errors.ts";
import { bookName } from "./names.ts";

/** Longer than any book's code by far: anything longer is refused before it is looked at. */
const MAX_CODE_TEXT = 40;

const PROVIDER_MESSAGE = "provider must be a bookmaker id from 1 to 5.";
const CODE_MESSAGE = "code must be a booking code: letters and digits, as the bookmaker shows it.";

/** What each book's codes look like, as a bettor would check one (the codecs' codePattern). */
const CODE_SHAPES: Partial<Record<BookmakerKey, string>> = {
  sportybet: "6 letters and digits, like 3Q7XKD",
  bet9ja: "7 letters and digits, like 5Q7XKDM",
  betking: "6 letters and digits, like N71UHB",
  "1xbet": "5 or 6 letters and digits, like HYTRC",
};

const keysOf = (issue: { code?: string; keys?: string[] }) => (issue.code === "unrecognized_keys" && issue.keys ? issue.keys.join(", ") : undefined);

const query = z.strictObject(
  {
    provider: z.string({ error: PROVIDER_MESSAGE }).regex(/^[1-5]$/, PROVIDER_MESSAGE),
    code: z.string({ error: CODE_MESSAGE }).min(1, CODE_MESSAGE).max(MAX_CODE_TEXT, CODE_MESSAGE),
  },
  { error: (issue) => (keysOf(issue) ? `Reading a code takes only provider and code; unknown parameter: ${keysOf(issue)}.` : "provider and code are required.") },
);

const body = z.strictObject(
  { provider: z.number({ error: PROVIDER_MESSAGE }).int(PROVIDER_MESSAGE).min(1, PROVIDER_MESSAGE).max(5, PROVIDER_MESSAGE) },
  { error: (issue) => (keysOf(issue) ? `Creating a code takes only provider; unknown field: ${keysOf(issue)}.` : "The request must be an object with provider.") },
);

function parsed<T>(result: z.ZodSafeParseResult<T>, fallback: string): T {
  if (!result.success) throw new AppError("VALIDATION_ERROR", result.error.issues[0]?.message ?? fallback);
  return result.data;
}

const keyOf = (provider: number) => BOOKMAKER_KEYS.find((key) => BOOKMAKER_ID_BY_KEY[key] === provider);

/**
 * GET /odds/booking's query: a bookmaker we read codes of, and a code in that book's own shape
 * (trimmed, upper case), or 400 VALIDATION_ERROR / BOOKING_UNSUPPORTED before any request.
 */
export function parseReadQuery(raw: unknown): { provider: number; code: string } {
  const { provider: text, code: pasted } = parsed(query.safeParse(raw), "The code is not valid.");
  const provider = Number(text);
  const key = keyOf(provider);
  const adapter = key ? BOOKING_ADAPTERS[key] : undefined;
  if (!key || !adapter) throw new AppError("BOOKING_UNSUPPORTED", `${bookName(provider)} has no booking codes we can read.`);
  const code = normaliseBookCode(pasted);
  if (!adapter.codePattern.test(code)) throw new AppError("VALIDATION_ERROR", `That is not a ${bookName(provider)} booking code: theirs are ${CODE_SHAPES[key] ?? "letters and digits"}.`);
  return { provider, code };
}

/** POST /users/betslip/booking's body: `{provider}` and nothing else. */
export function parseMintRequest(raw: unknown): { provider: number } {
  return parsed(body.safeParse(raw), "The request is not valid.");
}
