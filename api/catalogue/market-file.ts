/**
 * The shape of `api/catalogue/data/markets.json` (docs/design.md, Market catalogue and Lines): each
 * market type with its markets (one per line), their selections, and each book's ids and words for
 * the type. Checked whole at start-up: a reviewed file with a mistake stops the API, never writes.
 */
import { z } from "zod";
import { BOOKMAKER_KEYS } from "../feeds/types.ts";
import { LINE_KINDS, RULE_LINE_KINDS } from "#shared/math/settle-rule.ts";
import { settleRuleSchema } from "./settle-rules.ts";
import { MARKET_GROUPS } from "#shared/market-groups.ts";

/** The hand-given ranges (docs/design.md, Competition and market ids); above them ids are learnt. */
export const LAST_HAND_GIVEN = { competition: 9_999, market: 99_999, selection: 999_999 } as const;

const text = z.string().trim().min(1);
const bookmakerKey = z.enum(BOOKMAKER_KEYS as [string, ...string[]]);

const selectionSchema = z.strictObject({ id: z.int().min(1).max(LAST_HAND_GIVEN.selection), outcome: text, label: text });

const marketSchema = z.strictObject({
  id: z.int().min(1).max(LAST_HAND_GIVEN.market),
  /** Goals, as bettors read it (2.5; −0.25); stored in hundredths. */
  line: z.number().multipleOf(0.25).nullable(),
  code: text,
  name: text,
  selections: z.array(selectionSchema).min(2),
});

const bookSchema = z.strictObject({
  bookmaker: bookmakerKey,
  market: text,
  name: text,
  /** How the book writes a line (docs/design.md, Lines); null for a type without lines. */
  lineNotation: z.enum(["bet9ja-key", "betking-special-bet-value", "sportybet-specifier", "altenar-sv", "onexbet-p"]).nullable(),
  /** The book's outcome id -> our outcome. */
  outcomes: z.record(text, text),
});

const typeSchema = z.strictObject({
  id: z.int().min(1),
  key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a key is lower-case words joined by '-'"),
  name: text,
  /** Where the match page's picker and the tools' Market choices list it (docs/design.md, Market groups). */
  group: z.enum(MARKET_GROUPS),
  period: z.enum(["FT", "1H", "2H"]),
  shape: z.enum(["two-way", "three-way", "many-way", "overlapping"]),
  coverage: z.int().min(1),
  lineKind: z.enum(LINE_KINDS),
  exclusive: z.boolean(),
  settle: settleRuleSchema,
  bookOnly: bookmakerKey.nullable(),
  rank: z.int(),
  markets: z.array(marketSchema).min(1),
  books: z.array(bookSchema),
});

export type MarketTypeEntry = z.infer<typeof typeSchema>;

/** Within one type: lines as its kind says, one market per line, one outcome set, books naming only its outcomes. */
function checkType(type: MarketTypeEntry, at: (string | number)[], ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path: [...at, ...path], message });
  if (!RULE_LINE_KINDS[type.settle.rule].includes(type.lineKind)) issue(["settle", "rule"], `rule "${type.settle.rule}" does not settle a type of line kind "${type.lineKind}"`);
  const outcomes = type.markets[0]?.selections.map((s) => s.outcome).join(",");
  const lines = new Set<number | null>();
  type.markets.forEach((market, m) => {
    if ((market.line === null) !== (type.lineKind === "none")) issue(["markets", m, "line"], type.lineKind === "none" ? "a type without lines has markets without a line" : "each market of a lined type has its line");
    if (lines.has(market.line)) issue(["markets", m, "line"], `line ${String(market.line)} is already a market of this type`);
    lines.add(market.line);
    if (market.selections.map((s) => s.outcome).join(",") !== outcomes) issue(["markets", m, "selections"], "every market of a type has the same outcomes, in the same order");
  });
  const known = new Set(type.markets[0]?.selections.map((s) => s.outcome));
  type.books.forEach((book, b) => {
    if ((book.lineNotation === null) !== (type.lineKind === "none")) issue(["books", b, "lineNotation"], "a line notation is given exactly for a lined type");
    for (const [bookOutcome, outcome] of Object.entries(book.outcomes)) {
      if (!known.has(outcome)) issue(["books", b, "outcomes", bookOutcome], `"${outcome}" is not an outcome of ${type.key}`);
    }
  });
}

/** Across the file: each id, key and code once, and each book's (market, outcome) once, as the tables' keys demand. */
function checkUnique(types: MarketTypeEntry[], ctx: z.RefinementCtx): void {
  const seen = new Map<string, string>();
  const once = (kind: string, value: string | number, path: (string | number)[]) => {
    const key = `${kind}:${value}`;
    const first = seen.get(key);
    if (first !== undefined) ctx.addIssue({ code: "custom", path, message: `${kind} ${value} is given twice (first at ${first})` });
    else seen.set(key, path.join("."));
  };
  types.forEach((type, t) => {
    once("type id", type.id, ["types", t, "id"]);
    once("type key", type.key, ["types", t, "key"]);
    type.markets.forEach((market, m) => {
      once("market id", market.id, ["types", t, "markets", m, "id"]);
      once("market code", market.code, ["types", t, "markets", m, "code"]);
      market.selections.forEach((selection, s) => once("selection id", selection.id, ["types", t, "markets", m, "selections", s, "id"]));
    });
    type.books.forEach((book, b) => {
      once(`${book.bookmaker} market`, `${book.market} of type ${type.key}`, ["types", t, "books", b, "market"]);
      for (const outcome of Object.keys(book.outcomes)) once(`${book.bookmaker} outcome`, `${book.market}/${outcome}`, ["types", t, "books", b, "outcomes", outcome]);
    });
  });
}

export const marketFileSchema = z
  .strictObject({ types: z.array(typeSchema).min(1) })
  .superRefine((file, ctx) => {
    file.types.forEach((type, t) => checkType(type, ["types", t], ctx));
    checkUnique(file.types, ctx);
  });

export type MarketFile = z.infer<typeof marketFileSchema>;
