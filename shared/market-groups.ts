/**
 * The five groups bettors sort markets into (docs/design.md, Market catalogue, "Market groups"):
 * Main, Goals, Halves, Teams and Specials, each catalogue type in one of them by its key
 * (`markets.json`'s `key`). One place for every screen that groups markets: the tools' Market
 * choice and the match page's market picker. A market's group is its type's, so it is known only
 * with the catalogue: the API's answers carry it.
 */

export const MARKET_GROUPS = ["main", "goals", "halves", "teams", "specials"] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

/** 'Main', 'Goals', 'Halves', 'Teams', 'Specials'. */
export const MARKET_GROUP_NAMES: Readonly<Record<MarketGroup, string>> = { main: "Main", goals: "Goals", halves: "Halves", teams: "Teams", specials: "Specials" };

const GROUP_OF_TYPE: ReadonlyMap<string, MarketGroup> = new Map<string, MarketGroup>([
  ["ft-1x2", "main"],
  ["ft-double-chance", "main"],
  ["ft-draw-no-bet", "main"],
  ["ft-btts", "main"],
  ["ft-total", "goals"],
  ["1h-1x2", "halves"],
  ["1h-total", "halves"],
  ["2h-total", "halves"],
  ["ht-ft", "halves"],
  ["ft-home-total", "teams"],
  ["ft-away-total", "teams"],
  ["ft-home-win-either-half", "teams"],
  ["ft-away-win-either-half", "teams"],
  ["ft-correct-score", "specials"],
  ["ft-handicap", "specials"],
  ["ft-asian-handicap", "specials"],
  ["ft-1up", "specials"],
  ["ft-2up", "specials"],
]);

/** The group of a catalogue type by its key; Specials for a type not placed here yet, so no market goes unlisted. */
export function marketGroupOfType(typeKey: string): MarketGroup {
  return GROUP_OF_TYPE.get(typeKey) ?? "specials";
}

/** Whether the type key is one this module places (a test keeps every type of `markets.json` placed). */
export function isGroupedType(typeKey: string): boolean {
  return GROUP_OF_TYPE.has(typeKey);
}

export function isMarketGroup(value: unknown): value is MarketGroup {
  return typeof value === "string" && (MARKET_GROUPS as readonly string[]).includes(value);
}
