/**
 * How each simulated book names a booked pick: the feed's market and outcome ids for the
 * families we compare (docs/design.md, each book's feed heading), the catalogue's other types
 * under each book's markets.json ids and line notation (a pick `{kind, line, index}` in the
 * catalogue's selection order), and the older picks `{kind: "CS", home, away}` and
 * `{kind: "HTFT", ht, ft}`: the site's own markets, whose ids here are the simulator's, except
 * SportyBet's HT/FT, whose real ids (418-434) markets.json now gives (see everyPick).
 * BetKing's MatchOddsID is derived from the fixture and the pick, so its feed and its Book
 * endpoint agree without any state.
 */
import { isCataloguePick, type BookedPick } from "../booking/booking-store.ts";
import { simBookIds, CATALOGUE_KINDS, kindLines, kindOutcomes } from "../scenario/catalogue-kinds.ts";
import type { CatalogueKind } from "../scenario/margins.ts";
import type { SimFixture } from "../scenario/schedule.ts";
import { bet9jaMarket, betkingSpecialValue, outcomeLabel, simSportradarSpecifier } from "./book-notation.ts";

const SIDES = ["Home", "Draw", "Away"];
const SIGNS = ["1", "X", "2"];
const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5];
const MAX_SCORE = 6;

const LEGACY_KINDS: ReadonlySet<string> = new Set(["1X2", "DC", "OU", "BTTS"]);
/** A pick in one of the four families (their ids are the feeds' own, below). */
const isLegacyPick = (pick: BookedPick): pick is BookedPick & { kind: "1X2" | "DC" | "OU" | "BTTS"; line: number | null; index: number } =>
  isCataloguePick(pick) && LEGACY_KINDS.has(pick.kind);

/** Every selection of the catalogue's other types, in a fixed order: kind, line, selection. */
function cataloguePicks(): { kind: CatalogueKind; line: number | null; index: number }[] {
  return CATALOGUE_KINDS.flatMap((kind) => kindLines(kind).flatMap((line) => kindOutcomes(kind).map((_, index) => ({ kind, line, index }))));
}
const CATALOGUE_PICKS = cataloguePicks();
const catalogueSlot = (pick: { kind: string; line: number | null; index: number }) =>
  CATALOGUE_PICKS.findIndex((p) => p.kind === pick.kind && p.line === pick.line && p.index === pick.index);

/** The older picks: the four families at the lines our feeds serve, correct scores to 4-4, HT/FT. */
export function allPicks(): BookedPick[] {
  const picks: BookedPick[] = [];
  for (let index = 0; index < 3; index++) picks.push({ kind: "1X2", line: null, index }, { kind: "DC", line: null, index });
  for (const line of TOTAL_LINES) picks.push({ kind: "OU", line, index: 0 }, { kind: "OU", line, index: 1 });
  picks.push({ kind: "BTTS", line: null, index: 0 }, { kind: "BTTS", line: null, index: 1 });
  for (let home = 0; home <= 4; home++) for (let away = 0; away <= 4; away++) picks.push({ kind: "CS", home, away });
  for (let ht = 0; ht < 3; ht++) for (let ft = 0; ft < 3; ft++) picks.push({ kind: "HTFT", ht, ft });
  return picks;
}

/**
 * Every pick a book takes on a fixture: the catalogue's other types (a book takes those it quotes),
 * then the older ones. The catalogue's come first: at SportyBet, where both HT/FT picks carry the
 * real ids (418-434), an HT/FT leg booked there reads back as the catalogue's pick, at the price its
 * feed quotes, as a real book's code does; the older pick priced it by the booking store's own goals
 * model, another price than the feed's (docs/benchmarks.md, Booking codes). No other ids meet.
 */
export function everyPick(): BookedPick[] {
  return [...CATALOGUE_PICKS, ...allPicks()];
}

// SportyBet (its ids are Sportradar's: 45 correct score, 47 halftime/fulltime).
const SPORTY = { "1X2": ["1", ["1", "2", "3"]], DC: ["10", ["9", "10", "11"]], OU: ["18", ["12", "13"]], BTTS: ["29", ["74", "76"]] } as const;
const SPORTY_DESC = { "1X2": ["1X2", ["Home", "Draw", "Away"]], DC: ["Double Chance", ["Home or Draw", "Home or Away", "Draw or Away"]], OU: ["Over/Under", ["Over", "Under"]], BTTS: ["GG/NG", ["Yes", "No"]] } as const;

export function sportybetIds(pick: BookedPick) {
  if (isCataloguePick(pick) && !isLegacyPick(pick)) {
    const ids = simBookIds("sportybet", pick.kind);
    const specifier = simSportradarSpecifier(pick.kind, pick.line) ?? "";
    const line = pick.line === null ? "" : ` ${specifier.slice(specifier.indexOf("=") + 1)}`;
    return { marketId: ids?.market ?? "", specifier, outcomeId: ids?.outcomes[pick.index] ?? "", desc: ids?.name ?? "", outcomeDesc: `${outcomeLabel(pick.kind, pick.index, "Home", "Away")}${line}` };
  }
  if (pick.kind === "CS") return { marketId: "45", specifier: "variant=sr:correct_score:max:6", outcomeId: `${pick.home}:${pick.away}`, desc: "Correct Score", outcomeDesc: `${pick.home}:${pick.away}` };
  // Sportradar's HT/FT outcomes run 418, 420 ... 434 (markets.json).
  if (pick.kind === "HTFT") return { marketId: "47", specifier: "", outcomeId: String(418 + 2 * (pick.ht * 3 + pick.ft)), desc: "Halftime/Fulltime", outcomeDesc: `${SIDES[pick.ht]}/${SIDES[pick.ft]}` };
  const [marketId, outcomes] = SPORTY[pick.kind];
  const [desc, names] = SPORTY_DESC[pick.kind];
  const line = pick.line === null ? "" : ` ${pick.line}`;
  return { marketId, specifier: pick.line === null ? "" : `total=${pick.line}`, outcomeId: outcomes[pick.index] ?? "", desc, outcomeDesc: `${names[pick.index] ?? ""}${line}` };
}

// Bet9ja's odds keys (S_CS and S_HTFT are the simulator's).
export function bet9jaKey(pick: BookedPick): string {
  if (isCataloguePick(pick) && !isLegacyPick(pick)) {
    const ids = simBookIds("bet9ja", pick.kind);
    return ids ? `S_${bet9jaMarket(ids, pick.line).slice(2)}_${ids.outcomes[pick.index] ?? ""}` : "";
  }
  switch (pick.kind) {
    case "CS":
      return `S_CS_${pick.home}-${pick.away}`;
    case "HTFT":
      return `S_HTFT_${SIGNS[pick.ht]}${SIGNS[pick.ft]}`;
    case "1X2":
      return `S_1X2_${SIGNS[pick.index]}`;
    case "DC":
      return `S_DC_${["1X", "12", "X2"][pick.index]}`;
    case "OU":
      return `S_OU@${pick.line}_${pick.index === 0 ? "O" : "U"}`;
    case "BTTS":
      return `S_GGNG_${pick.index === 0 ? "Y" : "N"}`;
  }
}

// BetKing: the feed's OddsTypeID/OddTypeID (docs/design.md, BetKing feed); 332 and 114 are the simulator's.
const KING = { "1X2": [110, "1X2", [4, 2, 5], ["1", "X", "2"]], DC: [146, "Double Chance", [9, 10, 11], ["1X", "12", "X2"]], OU: [160, "Total Goals", [12, 13], ["Over", "Under"]], BTTS: [302, "GG/NG", [74, 76], ["GG", "NG"]] } as const;

export function betkingRow(pick: BookedPick) {
  if (isCataloguePick(pick) && !isLegacyPick(pick)) {
    const ids = simBookIds("betking", pick.kind);
    const line = betkingSpecialValue(pick.kind, pick.line);
    return {
      MarketTypeId: Number(ids?.market ?? 0),
      MarketName: line === "" ? (ids?.name ?? "") : `${ids?.name ?? ""} ${line}`,
      // A coupon row carries the line in Spread, a 3-way handicap's as its head starts ("0:1"), which
      // BetKing's codec reads (docs/design.md, Lines); Spread 0 read as a line off the 3-way grid.
      Spread: pick.kind === "HCP" ? line : (pick.line ?? 0),
      ...(pick.kind === "HCP" ? { Specifier: `line=${line}` } : {}),
      IDSelectionType: Number(ids?.outcomes[pick.index] ?? 0),
      SelectionName: `${outcomeLabel(pick.kind, pick.index, "1", "2")}${line === "" ? "" : ` (${line})`}`,
    };
  }
  if (pick.kind === "CS") return { MarketTypeId: 332, MarketName: "Correct Score", Spread: 0, IDSelectionType: 1000 + pick.home * 10 + pick.away, SelectionName: `${pick.home}:${pick.away}` };
  if (pick.kind === "HTFT") return { MarketTypeId: 114, MarketName: "HT/FT", Spread: 0, IDSelectionType: 3000 + pick.ht * 3 + pick.ft, SelectionName: `${SIGNS[pick.ht]}/${SIGNS[pick.ft]}` };
  const [id, name, odds, names] = KING[pick.kind];
  return {
    MarketTypeId: id,
    MarketName: pick.line === null ? name : `${name} ${pick.line}`,
    Spread: pick.line ?? 0,
    IDSelectionType: odds[pick.index] ?? 0,
    SelectionName: pick.line === null ? (names[pick.index] ?? "") : `${names[pick.index] ?? ""} (${pick.line.toFixed(2)})`,
  };
}

/** A pick's slot among a fixture's MatchOddsIDs: below 100, so one fixture's ids never meet another's (the four families, CS and HT/FT's older picks). */
function slotOf(pick: BookedPick): number {
  if (isCataloguePick(pick) && !isLegacyPick(pick)) return -1;
  switch (pick.kind) {
    case "1X2":
      return pick.index;
    case "DC":
      return 3 + pick.index;
    case "OU":
      return 6 + TOTAL_LINES.indexOf(pick.line ?? -1) * 2 + pick.index;
    case "BTTS":
      return 20 + pick.index;
    case "CS":
      return 30 + pick.home * (MAX_SCORE + 1) + pick.away;
    case "HTFT":
      return 80 + pick.ht * 3 + pick.ft;
  }
}

const MATCH_ODDS_BASE = 2_000_000_000;
/**
 * The catalogue's other types need more than 100 selections a fixture (docs/design.md,
 * Simulator): their MatchOddsIDs are EXTENDED_BASE + serial x 1000 + their slot among
 * CATALOGUE_PICKS. The older ids (MATCH_ODDS_BASE + serial x 100 + slot) stay as they were and
 * stay below EXTENDED_BASE for every serial below 980 million, so every code still resolves.
 */
const EXTENDED_BASE = 100_000_000_000;
const EXTENDED_ROOM = 1000;

/** BetKing's MatchOddsID of a pick on a fixture (the simulator's own numbering). */
export function betkingMatchOddsId(fixture: Pick<SimFixture, "serial">, pick: BookedPick): number {
  if (isCataloguePick(pick) && !isLegacyPick(pick)) return EXTENDED_BASE + fixture.serial * EXTENDED_ROOM + catalogueSlot(pick);
  return MATCH_ODDS_BASE + fixture.serial * 100 + slotOf(pick);
}

/** The fixture serial and pick a MatchOddsID names, or undefined for one the simulator never gave out. */
export function fromMatchOddsId(id: number): { serial: number; pick: BookedPick } | undefined {
  if (!Number.isSafeInteger(id) || id < MATCH_ODDS_BASE) return undefined;
  if (id >= EXTENDED_BASE) {
    const pick = CATALOGUE_PICKS[(id - EXTENDED_BASE) % EXTENDED_ROOM];
    return pick && { serial: Math.floor((id - EXTENDED_BASE) / EXTENDED_ROOM), pick };
  }
  const serial = Math.floor((id - MATCH_ODDS_BASE) / 100);
  const pick = allPicks().find((p) => slotOf(p) === id % 100);
  return pick && { serial, pick };
}

// 1xBet: the feed's G/T (docs/design.md, 1xBet feed); correct score and HT-FT ids are the simulator's.
const ONEX = { "1X2": [1, "1x2", [1, 2, 3], ["W1", "X", "W2"]], DC: [8, "Double Chance", [4, 5, 6], ["1X", "12", "2X"]], OU: [17, "Total", [9, 10], ["Total Over", "Total Under"]], BTTS: [19, "Both Teams To Score", [180, 181], ["Yes", "No"]] } as const;

export function onexbetIds(pick: BookedPick) {
  // 1xBet quotes none of the catalogue's other types (markets.json gives it no ids for them).
  if (isCataloguePick(pick) && !isLegacyPick(pick)) return { GroupId: 0, GroupName: "", Type: 0, Param: 0, MarketName: "" };
  if (pick.kind === "CS") return { GroupId: 136, GroupName: "Correct Score", Type: 731, Param: pick.home + pick.away / 1000, MarketName: `Correct Score ${pick.home}-${pick.away}` };
  if (pick.kind === "HTFT") return { GroupId: 80, GroupName: "HT-FT", Type: 3000 + pick.ht * 3 + pick.ft, Param: 0, MarketName: `HT-FT ${SIGNS[pick.ht]}/${SIGNS[pick.ft]}` };
  const [group, name, types, names] = ONEX[pick.kind];
  const line = pick.line === null ? "" : ` (${pick.line})`;
  return { GroupId: group, GroupName: name, Type: types[pick.index] ?? 0, Param: pick.line ?? 0, MarketName: `${names[pick.index] ?? ""}${line}` };
}
