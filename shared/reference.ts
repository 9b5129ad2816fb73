/** Reference tables fixed in the client (docs/product.md, Reference tables). Shared by browser and API. */

/**
 * Each bookmaker is spelt one way wherever a bettor reads it, as it brands itself ("Bet9ja",
 * "1xBet"; docs/product.md, Reference tables). `short`: a name that still reads as the book where a
 * full one does not fit (the compact list and the betslip grid at 360 px), never a code like "1X"
 * that a bettor could take for a selection.
 */
export const BOOKMAKERS = [
  { id: 1, name: "Bet9ja", short: "Bet9ja" },
  { id: 2, name: "BetKing", short: "BetKing" },
  { id: 3, name: "SportyBet", short: "Sporty" },
  { id: 4, name: "NairaBet", short: "Naira" },
  { id: 5, name: "1xBet", short: "1xBet" },
] as const;
export type BookmakerId = (typeof BOOKMAKERS)[number]["id"];

export const COMPETITIONS = [
  { id: 1, name: "Premier League (ENG)" },
  { id: 2, name: "La Liga (ESP)" },
  { id: 3, name: "Serie A (ITA)" },
  { id: 4, name: "Bundesliga (DE)" },
] as const;
export type CompetitionId = (typeof COMPETITIONS)[number]["id"];

/**
 * `line` is the goal line of Over/Under markets (selections are [over, under]).
 * `outcomesPerSelection` is 2 for Double Chance: each selection covers two of the three
 * results, which is why its margin halves the implied-probability sum (docs/design.md, Margins).
 */
export const MARKETS = [
  {
    id: 1,
    code: "1X2",
    label: "1X2 (Match Result)",
    line: null,
    outcomesPerSelection: 1,
    selections: [1, 2, 3],
  },
  { id: 2, code: "OU0.5", label: "OU0.5", line: 0.5, outcomesPerSelection: 1, selections: [4, 5] },
  { id: 3, code: "OU1.5", label: "OU1.5", line: 1.5, outcomesPerSelection: 1, selections: [6, 7] },
  { id: 4, code: "OU2.5", label: "OU2.5", line: 2.5, outcomesPerSelection: 1, selections: [8, 9] },
  { id: 5, code: "OU3.5", label: "OU3.5", line: 3.5, outcomesPerSelection: 1, selections: [10, 11] },
  {
    id: 6,
    code: "OU4.5",
    label: "OU4.5 (Over/Under goals)",
    line: 4.5,
    outcomesPerSelection: 1,
    selections: [12, 13],
  },
  {
    id: 7,
    code: "BTTS",
    label: "BTTS (Both Teams to Score)",
    line: null,
    outcomesPerSelection: 1,
    selections: [14, 15],
  },
  {
    id: 8,
    code: "DC",
    label: "DC (Double Chance)",
    line: null,
    outcomesPerSelection: 2,
    selections: [16, 17, 18],
  },
] as const;
export type Market = (typeof MARKETS)[number];
export type MarketId = Market["id"];
export type MarketCode = Market["code"];
export type SelectionTypeId = Market["selections"][number];

export const COUNTRIES = [
  { id: 1, name: "Nigeria" },
  { id: 2, name: "Ghana" },
  { id: 3, name: "Kenya" },
] as const;
export type CountryId = (typeof COUNTRIES)[number]["id"];

export const FLAGS = { Boosted: 1, Increased: 2, Decreased: 4, Best: 8 } as const;
export type FlagName = keyof typeof FLAGS;
export type Flag = (typeof FLAGS)[FlagName];

export const BOOKMAKER_IDS: readonly BookmakerId[] = BOOKMAKERS.map((b) => b.id);
export const COMPETITION_IDS: readonly CompetitionId[] = COMPETITIONS.map((c) => c.id);
export const MARKET_IDS: readonly MarketId[] = MARKETS.map((m) => m.id);
export const COUNTRY_IDS: readonly CountryId[] = COUNTRIES.map((c) => c.id);

const bookmakerById = new Map<number, string>(BOOKMAKERS.map((b) => [b.id, b.name]));
const bookmakerShortById = new Map<number, string>(BOOKMAKERS.map((b) => [b.id, b.short]));
const competitionById = new Map<number, string>(COMPETITIONS.map((c) => [c.id, c.name]));
const countryById = new Map<number, string>(COUNTRIES.map((c) => [c.id, c.name]));
const marketById = new Map<number, Market>(MARKETS.map((m) => [m.id, m]));
const marketBySelection = new Map<number, MarketId>(
  MARKETS.flatMap((m) => m.selections.map((s) => [s, m.id] as const)),
);
const marketByLine = new Map<number, MarketId>(
  MARKETS.flatMap((m) => (m.line === null ? [] : [[m.line, m.id] as const])),
);

const FIXED_SELECTION_LABELS: ReadonlyMap<number, string> = new Map([
  [1, "Home"],
  [2, "Draw"],
  [3, "Away"],
  [14, "Yes"],
  [15, "No"],
  [16, "1X"],
  [17, "12"],
  [18, "X2"],
]);
// Over/Under labels come from the market table so a line is written in one place only.
const selectionLabels: ReadonlyMap<number, string> = new Map([
  ...FIXED_SELECTION_LABELS,
  ...MARKETS.flatMap((m) =>
    m.line === null
      ? []
      : [[m.selections[0], `Over ${m.line}`] as const, [m.selections[1], `Under ${m.line}`] as const],
  ),
]);

export function isBookmakerId(id: number): id is BookmakerId {
  return bookmakerById.has(id);
}

export function isCompetitionId(id: number): id is CompetitionId {
  return competitionById.has(id);
}

export function isMarketId(id: number): id is MarketId {
  return marketById.has(id);
}

/** The order markets are shown in: 1-8 as MARKETS lists them, then the catalogue's others by id. */
export function compareMarketIds(a: number, b: number): number {
  const rank = (id: number) => (isMarketId(id) ? MARKET_IDS.indexOf(id) : MARKET_IDS.length + id);
  return rank(a) - rank(b);
}

export function isCountryId(id: number): id is CountryId {
  return countryById.has(id);
}

/** Unknown ids still render ('Provider {id}': docs/product.md, Reference tables), so a new feed never blanks a row. */
export function bookmakerName(id: number): string {
  return bookmakerById.get(id) ?? `Provider ${id}`;
}

/** Unknown ids get 'P{id}', as bookmakerName gives 'Provider {id}'. */
export function bookmakerShortName(id: number): string {
  return bookmakerShortById.get(id) ?? `P${id}`;
}

export function competitionName(id: number): string {
  return competitionById.get(id) ?? `Competition ${id}`;
}

/** An event's competition as answers name it: the four by their names here, any other by the name the answer carries. */
export function eventCompetitionName(event: { competitionId: number; competition?: string | undefined }): string {
  return event.competition ?? competitionName(event.competitionId);
}

export function marketLabel(id: number): string {
  return marketById.get(id)?.label ?? `Market ${id}`;
}

/**
 * A market as the market select names it: its label (docs/product.md, Reference tables), with the bare
 * 'OU0.5'...'OU3.5' said in words ('Over/Under 0.5 goals (OU0.5)'), since a new bettor cannot guess them
 * (docs/product.md, Copy that matches the product). Tables keep the plain labels (marketLabel).
 */
export function marketChoiceLabel(id: number): string {
  const market = marketById.get(id);
  if (!market) return `Market ${id}`;
  return market.line !== null && market.label === market.code ? `Over/Under ${market.line} goals (${market.label})` : market.label;
}

export function marketCode(id: number): MarketCode | undefined {
  return marketById.get(id)?.code;
}

export function findMarket(id: number): Market | undefined {
  return marketById.get(id);
}

/** The complete selection set of a market, in display order; empty for an unknown market. */
export function marketSelections(id: number): readonly SelectionTypeId[] {
  return marketById.get(id)?.selections ?? [];
}

export function marketForSelection(selectionTypeId: number): MarketId | undefined {
  return marketBySelection.get(selectionTypeId);
}

/** The Over/Under market for a goal line as feeds quote it (2.5 -> 4); undefined for lines we do not show. */
export function overUnderMarketId(line: number): MarketId | undefined {
  return marketByLine.get(line);
}

export function selectionLabel(selectionTypeId: number): string {
  return selectionLabels.get(selectionTypeId) ?? `Selection ${selectionTypeId}`;
}

export function hasFlag(flags: number, flag: Flag): boolean {
  return (flags & flag) !== 0;
}

/** Accepts numeric text because the session copy of the user stores country as text (docs/product.md, Users and sessions). */
export function countryName(id: number | string): string {
  const numeric = typeof id === "number" ? id : /^\s*\d+\s*$/.test(id) ? Number(id) : Number.NaN;
  return countryById.get(numeric) ?? "Unknown";
}
