/**
 * How each simulated book names a booked pick: the feed's market and outcome ids for the
 * families we compare (docs/design.md, each book's feed heading), and the site's own markets for
 * correct score and HT/FT, whose ids here are the simulator's (no capture shows the real ones).
 * BetKing's MatchOddsID is derived from the fixture and the pick, so its feed and its Book
 * endpoint agree without any state.
 */
import type { BookedPick } from "../booking/booking-store.ts";
import type { SimFixture } from "../scenario/schedule.ts";

const SIDES = ["Home", "Draw", "Away"];
const SIGNS = ["1", "X", "2"];
const TOTAL_LINES = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5];
const MAX_SCORE = 6;

/** Every pick a book takes on a fixture: the compared families at the lines our feeds serve, correct scores to 4-4, HT/FT. */
export function allPicks(): BookedPick[] {
  const picks: BookedPick[] = [];
  for (let index = 0; index < 3; index++) picks.push({ kind: "1X2", line: null, index }, { kind: "DC", line: null, index });
  for (const line of TOTAL_LINES) picks.push({ kind: "OU", line, index: 0 }, { kind: "OU", line, index: 1 });
  picks.push({ kind: "BTTS", line: null, index: 0 }, { kind: "BTTS", line: null, index: 1 });
  for (let home = 0; home <= 4; home++) for (let away = 0; away <= 4; away++) picks.push({ kind: "CS", home, away });
  for (let ht = 0; ht < 3; ht++) for (let ft = 0; ft < 3; ft++) picks.push({ kind: "HTFT", ht, ft });
  return picks;
}

// SportyBet (its ids are Sportradar's: 45 correct score, 47 halftime/fulltime).
const SPORTY = { "1X2": ["1", ["1", "2", "3"]], DC: ["10", ["9", "10", "11"]], OU: ["18", ["12", "13"]], BTTS: ["29", ["74", "76"]] } as const;
const SPORTY_DESC = { "1X2": ["1X2", ["Home", "Draw", "Away"]], DC: ["Double Chance", ["Home or Draw", "Home or Away", "Draw or Away"]], OU: ["Over/Under", ["Over", "Under"]], BTTS: ["GG/NG", ["Yes", "No"]] } as const;

export function sportybetIds(pick: BookedPick) {
  if (pick.kind === "CS") return { marketId: "45", specifier: "variant=sr:correct_score:max:6", outcomeId: `${pick.home}:${pick.away}`, desc: "Correct Score", outcomeDesc: `${pick.home}:${pick.away}` };
  if (pick.kind === "HTFT") return { marketId: "47", specifier: "", outcomeId: String(418 + pick.ht * 3 + pick.ft), desc: "Halftime/Fulltime", outcomeDesc: `${SIDES[pick.ht]}/${SIDES[pick.ft]}` };
  const [marketId, outcomes] = SPORTY[pick.kind];
  const [desc, names] = SPORTY_DESC[pick.kind];
  const line = pick.line === null ? "" : ` ${pick.line}`;
  return { marketId, specifier: pick.line === null ? "" : `total=${pick.line}`, outcomeId: outcomes[pick.index] ?? "", desc, outcomeDesc: `${names[pick.index] ?? ""}${line}` };
}

// Bet9ja's odds keys (S_CS and S_HTFT are the simulator's).
export function bet9jaKey(pick: BookedPick): string {
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

/** A pick's slot among a fixture's MatchOddsIDs: below 100, so one fixture's ids never meet another's. */
function slotOf(pick: BookedPick): number {
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

/** BetKing's MatchOddsID of a pick on a fixture (the simulator's own numbering; real ones are 10 digits too). */
export const betkingMatchOddsId = (fixture: Pick<SimFixture, "serial">, pick: BookedPick): number => MATCH_ODDS_BASE + fixture.serial * 100 + slotOf(pick);

/** The fixture serial and pick a MatchOddsID names, or undefined for one the simulator never gave out. */
export function fromMatchOddsId(id: number): { serial: number; pick: BookedPick } | undefined {
  if (!Number.isSafeInteger(id) || id < MATCH_ODDS_BASE) return undefined;
  const serial = Math.floor((id - MATCH_ODDS_BASE) / 100);
  const pick = allPicks().find((p) => slotOf(p) === id % 100);
  return pick && { serial, pick };
}

// 1xBet: the feed's G/T (docs/design.md, 1xBet feed); correct score and HT-FT ids are the simulator's.
const ONEX = { "1X2": [1, "1x2", [1, 2, 3], ["W1", "X", "W2"]], DC: [8, "Double Chance", [4, 5, 6], ["1X", "12", "2X"]], OU: [17, "Total", [9, 10], ["Total Over", "Total Under"]], BTTS: [19, "Both Teams To Score", [180, 181], ["Yes", "No"]] } as const;

export function onexbetIds(pick: BookedPick) {
  if (pick.kind === "CS") return { GroupId: 136, GroupName: "Correct Score", Type: 731, Param: pick.home + pick.away / 1000, MarketName: `Correct Score ${pick.home}-${pick.away}` };
  if (pick.kind === "HTFT") return { GroupId: 80, GroupName: "HT-FT", Type: 3000 + pick.ht * 3 + pick.ft, Param: 0, MarketName: `HT-FT ${SIGNS[pick.ht]}/${SIGNS[pick.ft]}` };
  const [group, name, types, names] = ONEX[pick.kind];
  const line = pick.line === null ? "" : ` (${pick.line})`;
  return { GroupId: group, GroupName: name, Type: types[pick.index] ?? 0, Param: pick.line ?? 0, MarketName: `${names[pick.index] ?? ""}${line}` };
}
