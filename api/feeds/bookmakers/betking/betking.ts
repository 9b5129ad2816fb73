/**
 * BetKing (docs/design.md, BetKing feed). A match repeats once per market group, so items merge on
 * ItemID. ExtProvIDItem is Sportradar's match number when it has 8-9 digits (corrected 2026-11).
 * Its mobile match view (m.betking.com, the fallback feed) is read for saved captures.
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer } from "../../types.ts";
import {
  bookCompetitionOf,
  PriceSet,
  failure,
  idText,
  isUpcoming,
  parseInstant,
  parseJsonBody,
  splitTeams,
  sportradarId,
  validate,
  withPrices,
  type ProductSelection,
} from "../common.ts";
import { betkingSelection } from "./betking-markets.ts";
import { BETKING_SR_DIGITS, isBetkingMatchView, parseMatchView } from "./betking-match-view.ts";
import { browserHeaders } from "../headers.ts";
import { bookLeagueId, isLeagueName } from "../leagues.ts";

const LIVE_BASE_URL = "https://sportsapicdn-desktop.betking.com";
const SITE = "https://www.betking.com";

const marketSchema = z.object({
  OddsType: z.object({ OddsTypeID: z.number() }),
  SpecialBetValue: z.union([z.string(), z.number()]).nullish(),
  MatchOdds: z
    .array(
      z.object({
        OddAttribute: z.object({ OddTypeID: z.number() }),
        Outcome: z.object({ OddOutcome: z.unknown().optional() }),
      }),
    )
    .default([]),
});
const itemSchema = z.object({
  ItemID: idText,
  ItemName: z.string(),
  ItemDate: z.string(),
  TournamentID: z.union([z.string(), z.number()]).optional(),
  TournamentName: z.string(),
  CategoryName: z.string().optional(),
  ExtProvIDItem: z.unknown().optional(),
  ProviderEventId: z.unknown().optional(),
  OddsCollection: z.array(marketSchema).default([]),
});
const bodySchema = z.object({ AreaMatches: z.array(z.object({ Items: z.array(itemSchema).default([]) })) });

type Item = z.infer<typeof itemSchema>;
type Market = z.infer<typeof marketSchema>;


function selectionFor(market: Market, oddTypeId: number): ProductSelection | undefined {
  return betkingSelection(market.OddsType.OddsTypeID, oddTypeId, market.SpecialBetValue);
}

/** The same match, one entry per market group: keeps the first item and pools every group's markets. */
function mergeById(items: Item[]): Item[] {
  const merged = new Map<string, Item>();
  for (const item of items) {
    const seen = merged.get(item.ItemID);
    if (seen) seen.OddsCollection.push(...item.OddsCollection);
    else merged.set(item.ItemID, { ...item, OddsCollection: [...item.OddsCollection] });
  }
  return [...merged.values()];
}

export const betking: BookmakerAdapter = {
  key: "betking",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const tournamentId = bookLeagueId(competitionId, "betking");
    if (tournamentId === undefined) return [];
    return [
      {
        url: `${baseUrl}/api/feeds/prematch/en/4/${tournamentId}/0/0`,
        headers: browserHeaders({ referer: `${SITE}/`, origin: SITE }),
      },
    ];
  },

  parseLeague(body, competitionId, now) {
    if (bookLeagueId(competitionId, "betking") === undefined) return failure(`unknown competition ${competitionId}`);
    const json = parseJsonBody(body);
    if (!json.ok) return json;
    const parsed = validate(bodySchema, json.value);
    if (!parsed.ok) return parsed;

    const items = mergeById(parsed.value.AreaMatches.flatMap((area) => area.Items));
    const ours = items.filter((item) => isLeagueName(competitionId, item.TournamentName, item.CategoryName));
    if (items.length > 0 && ours.length === 0) {
      const names = [...new Set(items.map((item) => item.TournamentName))].join(", ");
      return failure(`tournament id answered another league (${names})`);
    }

    const offers: Offer[] = [];
    for (const item of ours) {
      const teams = splitTeams(item.ItemName, " - ");
      if (!teams)
        return failure(`item ${item.ItemID}: ItemName ${JSON.stringify(item.ItemName)} is not "Home - Away"`);
      // ItemDate carries its offset; a naive time would be a shape change, not something to guess.
      const kickoff = parseInstant(item.ItemDate);
      if (!kickoff)
        return failure(`item ${item.ItemID}: ItemDate ${JSON.stringify(item.ItemDate)} has no offset`);
      if (!isUpcoming(kickoff, now)) continue;
      const prices = new PriceSet();
      for (const market of item.OddsCollection) {
        for (const odd of market.MatchOdds) {
          // Odds <= 1.01 are BetKing's suspension (PriceSet drops them); no boost marker is known.
          prices.add(selectionFor(market, odd.OddAttribute.OddTypeID), odd.Outcome.OddOutcome);
        }
      }
      const srId = sportradarId(item.ExtProvIDItem, BETKING_SR_DIGITS) ?? sportradarId(item.ProviderEventId, BETKING_SR_DIGITS);
      offers.push({
        bookmaker: "betking",
        externalId: item.ItemID,
        ...(srId ? { srId } : {}),
        competitionId,
        ...bookCompetitionOf(item.TournamentID, item.TournamentName, item.CategoryName),
        ...teams,
        kickoff,
        prices: prices.list(),
      });
    }
    return withPrices(offers);
  },

  capture: {
    expected:
      'a BetKing prematch listing ({"AreaMatches":[{"Items":[...]}]}) or mobile match view ({"matchViewData":{"tournaments":[{"events":[...]}]}})',
    kind(value) {
      if (typeof value === "object" && value !== null && Array.isArray((value as { AreaMatches?: unknown }).AreaMatches)) return "league";
      return isBetkingMatchView(value) ? "event" : undefined;
    },
    parseEvent: parseMatchView,
  },
};
