/**
 * BetKing: GET /api/feeds/prematch/en/4/<tournamentId>/0/0. A match repeats once per market
 * group (1X2 + Double Chance in one Items entry, totals + GG/NG in another with the same
 * ItemID): consumers must merge on ItemID. Prices are numbers; 1.00 marks a suspended one. A
 * third group carries the catalogue's other types BetKing quotes (docs/design.md, Simulator).
 */
import { betkingItemId, betkingProviderId } from "../../event-ids.ts";
import { SIM_LEAGUES, type SimLeague } from "../../leagues.ts";
import type { QuotedMarket } from "../../scenario/pricing.ts";
import { lagosIso } from "../../time-format.ts";
import { betkingMatchOddsId } from "../booking-picks.ts";
import type { LegacyKind } from "../../scenario/margins.ts";
import { betkingSpecialValue, bookSelections, outcomeLabel } from "../book-notation.ts";
import { isLegacy, jsonAnswer, type PricedFixture, type SimulatedSite } from "../site.ts";
import { betkingBoardAnswer } from "./betking-board.ts";

export const BETKING_LIST_PATH = /^\/api\/feeds\/prematch\/en\/4\/(\d+)\/0\/0$/;

const ODDS_TYPES: Record<LegacyKind, { id: number; name: string; outcomes: [number, string][] }> = {
  "1X2": {
    id: 110,
    name: "1X2",
    outcomes: [
      [4, "1"],
      [2, "X"],
      [5, "2"],
    ],
  },
  DC: {
    id: 146,
    name: "Double Chance",
    outcomes: [
      [9, "1X"],
      [10, "12"],
      [11, "X2"],
    ],
  },
  OU: {
    id: 160,
    name: "Total Goals",
    outcomes: [
      [12, "Over"],
      [13, "Under"],
    ],
  },
  BTTS: {
    id: 302,
    name: "GG/NG",
    outcomes: [
      [74, "GG"],
      [76, "NG"],
    ],
  },
};

/**
 * One market of the catalogue's other types (team totals, HT/FT, correct score, 3-way and Asian
 * handicaps) under BetKing's markets.json ids: `SpecialBetValue` the line (`1.5`, `-0.5`; the 3-way
 * handicap's head starts `0:1`), only the outcomes the file maps (its correct score has no 0:x).
 */
function catalogueOddsEntry(fixture: Pick<PricedFixture["fixture"], "serial">, m: QuotedMarket) {
  const book = bookSelections("betking", m);
  if (!book) return [];
  return [
    {
      OddsType: { OddsTypeID: Number(book.ids.market), OddsTypeName: book.ids.name },
      SpecialBetValue: betkingSpecialValue(m.kind, m.line),
      MatchOdds: book.selections.map(({ outcome, index, price }) => ({
        MatchOddsID: betkingMatchOddsId(fixture, { kind: m.kind, line: m.line, index }),
        OddAttribute: { OddTypeID: Number(outcome), OddName: outcomeLabel(m.kind, index, "1", "2") },
        Outcome: { OddOutcome: m.suspended ? 1 : price },
      })),
    },
  ];
}

/** A market's entries in OddsCollection: one, or none for a type BetKing does not quote. */
export function betkingOddsEntries(fixture: Pick<PricedFixture["fixture"], "serial">, m: QuotedMarket) {
  return isLegacy(m) ? [betkingOddsEntry(fixture, m)] : catalogueOddsEntry(fixture, m);
}

export function betkingOddsEntry(fixture: Pick<PricedFixture["fixture"], "serial">, m: QuotedMarket & { kind: LegacyKind }) {
  const type = ODDS_TYPES[m.kind];
  return {
    OddsType: { OddsTypeID: type.id, OddsTypeName: type.name },
    SpecialBetValue: m.line === null ? "" : String(m.line),
    MatchOdds: type.outcomes.map(([oddTypeId, oddName], i) => ({
      // The id the Book endpoint takes for this selection (docs/design.md, Booking endpoints).
      MatchOddsID: betkingMatchOddsId(fixture, { kind: m.kind, line: m.line, index: i }),
      OddAttribute: { OddTypeID: oddTypeId, OddName: oddName },
      Outcome: { OddOutcome: m.suspended ? 1 : (m.prices[i] ?? 1) },
    })),
  };
}

function item(league: SimLeague, fixture: PricedFixture["fixture"], markets: QuotedMarket[]) {
  return {
    ItemID: betkingItemId(fixture),
    ItemName: `${fixture.home.names.betking} - ${fixture.away.names.betking}`,
    ItemDate: lagosIso(fixture.kickoff),
    TournamentID: league.betking.tournamentId,
    TournamentName: league.betking.name,
    CategoryName: league.country,
    ExtProvIDItem: betkingProviderId(fixture),
    OddsCollection: markets.flatMap((m) => betkingOddsEntries(fixture, m)),
  };
}

export const betkingSite: SimulatedSite = {
  key: "betking",
  answer(sim, { path, t }) {
    if (sim.world === "board") return betkingBoardAnswer(sim, path, t);
    const match = BETKING_LIST_PATH.exec(path);
    if (!match) return null;
    const league = SIM_LEAGUES.find((l) => l.betking.tournamentId === Number(match[1]));
    if (!league) return jsonAnswer({ AreaMatches: [], TotalNoOfItems: 0 });
    const listed = sim.listing("betking", league.competitionId, t, "all");
    const main = listed.map(({ fixture, markets }) =>
      item(
        league,
        fixture,
        markets.filter((m) => m.kind === "1X2" || m.kind === "DC"),
      ),
    );
    const goals = listed.map(({ fixture, markets }) =>
      item(
        league,
        fixture,
        markets.filter((m) => m.kind === "OU" || m.kind === "BTTS"),
      ),
    );
    const more = listed.flatMap(({ fixture, markets }) => {
      const others = markets.filter((m) => !isLegacy(m));
      return others.length === 0 ? [] : [item(league, fixture, others)];
    });
    // TotalNoOfItems counts matches, not the repeated entries.
    return jsonAnswer({
      AreaMatches: [{ AreaID: 1, AreaName: league.country, Items: [...main, ...goals, ...more] }],
      TotalNoOfItems: listed.length,
    });
  },
  emptyBody: () => ({ AreaMatches: [], TotalNoOfItems: 0 }),
  // ASP.NET Web API's stock error body; BetKing's real failure shape is not documented.
  errorBody: () => ({ Message: "An error has occurred." }),
};
