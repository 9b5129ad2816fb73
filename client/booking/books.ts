import { bookmakerName } from "#shared/reference.ts";
import { listNames } from "../betslip/returns/rules-text.ts";

/**
 * Which bookmakers' booking codes we can read and create (docs/design.md, Booking endpoints): read at
 * SportyBet, Bet9ja, BetKing and 1xBet; create at the first three; NairaBet neither. Ids as in
 * shared/reference.ts, in the order the form lists them.
 */
export const READ_BOOKS = [3, 1, 2, 5] as const;
export const MINT_BOOKS: ReadonlySet<number> = new Set([3, 1, 2]);

/** The bookmaker's key in a code page's path (`/code/sportybet/AB12CD`): its name in lower case. */
const KEYS = new Map<string, number>([
  ["bet9ja", 1],
  ["betking", 2],
  ["sportybet", 3],
  ["nairabet", 4],
  ["1xbet", 5],
]);

export const bookKey = (provider: number): string => [...KEYS].find(([, id]) => id === provider)?.[0] ?? String(provider);

/** A pasted code as the books write theirs: spaces dropped, upper case. */
export const normalisePastedCode = (text: string): string => text.replace(/\s+/g, "").toUpperCase();

/**
 * Letters and digits only, 4 to 12 of them: every book's codes fit (SportyBet and BetKing 6, Bet9ja 7,
 * 1xBet 5 or 6). Each book's own length is the API's to check, which answers VALIDATION_ERROR with why.
 */
export const isWellFormedCode = (code: string): boolean => /^[A-Z0-9]{4,12}$/.test(code);

export const CODE_FORMAT_MESSAGE = "A booking code is 4 to 12 letters and digits, for example AB12CD.";

/** The page that reads one code: shareable, signed-in like the betslip. */
export const codePath = (provider: number, code: string): string => `/code/${bookKey(provider)}/${encodeURIComponent(code)}`;

export type CodeTarget = { ok: true; provider: number; code: string } | { ok: false; message: string };

/** A code page's path parameters as a bookmaker and a code, or why they name none we can read. */
export function codeTarget(key: string | undefined, text: string | undefined): CodeTarget {
  const provider = KEYS.get((key ?? "").toLowerCase());
  if (provider === undefined) {
    return { ok: false, message: `We do not know a bookmaker called "${key ?? ""}". We read codes from ${readBooksText()}.` };
  }
  if (!(READ_BOOKS as readonly number[]).includes(provider)) {
    return { ok: false, message: `${bookmakerName(provider)} has no booking codes we can read. We read codes from ${readBooksText()}.` };
  }
  const code = normalisePastedCode(text ?? "");
  if (!isWellFormedCode(code)) return { ok: false, message: `"${text ?? ""}" is not a booking code. ${CODE_FORMAT_MESSAGE}` };
  return { ok: true, provider, code };
}

/** 'SportyBet, Bet9ja, BetKing and 1xBet'. */
export const readBooksText = (): string => listNames(READ_BOOKS.map(bookmakerName));
export const mintBooksText = (): string => listNames([...MINT_BOOKS].map(bookmakerName));
