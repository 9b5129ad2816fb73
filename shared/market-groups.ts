/**
 * The five groups bettors sort markets into, in this order (docs/design.md, Market groups): Main,
 * Goals, Halves, Teams and Specials. Each catalogue market type names its group in
 * `api/catalogue/data/markets.json` (the API's answers carry it); the spec's eight are named here
 * too, for a client that reads an answer without the group. One place for every screen that groups
 * markets: the match page's picker and the tools' Market choices.
 */
export const MARKET_GROUPS = ["main", "goals", "halves", "teams", "specials"] as const;
export type MarketGroup = (typeof MARKET_GROUPS)[number];

/** 'Main', 'Goals', 'Halves', 'Teams', 'Specials'. */
const MARKET_GROUP_NAMES: Readonly<Record<MarketGroup, string>> = { main: "Main", goals: "Goals", halves: "Halves", teams: "Teams", specials: "Specials" };

/** 'Main', 'Goals', 'Halves', 'Teams', 'Specials'. */
export const marketGroupName = (group: MarketGroup): string => MARKET_GROUP_NAMES[group];

export function isMarketGroup(value: unknown): value is MarketGroup {
  return typeof value === "string" && (MARKET_GROUPS as readonly string[]).includes(value);
}

/** The spec's eight: 1X2, Double Chance and BTTS are Main, the full-time totals Goals. */
const EIGHT: ReadonlyMap<number, MarketGroup> = new Map([
  [1, "main"],
  [2, "goals"],
  [3, "goals"],
  [4, "goals"],
  [5, "goals"],
  [6, "goals"],
  [7, "main"],
  [8, "main"],
]);

/** The group of one of the spec's eight markets; undefined for any other id. */
export const referenceGroup = (marketId: number): MarketGroup | undefined => EIGHT.get(marketId);
