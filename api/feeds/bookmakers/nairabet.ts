/**
 * NairaBet, an Altenar white-label (feeds README, "NairaBet"). The payload is normalised into
 * parallel arrays: events -> marketIds -> markets -> oddIds -> odds, joined here by id.
 *
 * Live coverage gap: the real GetEvents capture carries only 1X2 ("Enhanced Prices") and Double
 * Chance. Totals (typeId 18) and BTTS (29) are read whenever GetEvents carries them (the
 * simulator serves them there), but live they may need Altenar's per-event call, whose URL no
 * capture or source confirms; none is guessed here. Until one is confirmed, live NairaBet may
 * show 1X2 and Double Chance only.
 */
import { z } from "zod";
import type { BookmakerAdapter, Offer } from "../types.ts";
import {
  PriceSet,
  SELECTIONS,
  failure,
  isUpcoming,
  selectionIn,
  parseInstant,
  parseJsonBody,
  splitTeams,
  validate,
  withPrices,
  type MarketIds,
  type Selection,
} from "./common.ts";
import { browserHeaders } from "./headers.ts";
import { isLeagueName, leagueIds } from "./leagues.ts";

const LIVE_BASE_URL = "https://sb2frontend-altenar2.biahosted.com";
const SITE = "https://www.nairabet.com";

const eventSchema = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  champId: z.number(),
  marketIds: z.array(z.number()).default([]),
});
const marketSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  name: z.string().default(""),
  oddIds: z.array(z.number()).default([]),
  sv: z.union([z.string(), z.number()]).optional(),
});
const oddSchema = z.object({
  id: z.number(),
  typeId: z.number(),
  price: z.unknown().optional(),
  oddStatus: z.unknown().optional(),
});
const bodySchema = z.object({
  events: z.array(eventSchema),
  markets: z.array(marketSchema).default([]),
  odds: z.array(oddSchema).default([]),
  champs: z.array(z.object({ id: z.number(), name: z.string() })).default([]),
});

type Market = z.infer<typeof marketSchema>;

/** Market typeId -> odd typeId -> product selection. */
const MARKET_IDS: MarketIds<number> = {
  fixed: {
    1: { 1: SELECTIONS.home, 2: SELECTIONS.draw, 3: SELECTIONS.away },
    10: { 9: SELECTIONS.homeOrDraw, 10: SELECTIONS.homeOrAway, 11: SELECTIONS.drawOrAway },
    29: { 74: SELECTIONS.bttsYes, 76: SELECTIONS.bttsNo },
  },
  totals: 18,
  totalSides: { 12: "over", 13: "under" },
};

// The real capture names its 1X2 "1x2 - Enhanced Prices": that wording is the boost marker.
const BOOSTED_NAME = /enhanced|boost/i;

function selectionFor(market: Market, oddTypeId: number): Selection | undefined {
  return selectionIn(MARKET_IDS, market.typeId, oddTypeId, market.sv);
}

export const nairabet: BookmakerAdapter = {
  key: "nairabet",
  liveBaseUrl: LIVE_BASE_URL,

  leagueRequests(baseUrl, competitionId) {
    const champId = leagueIds(competitionId)?.nairabet;
    if (champId === undefined) return [];
    const query =
      "culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG" +
      `&champIds=${champId}`;
    return [
      {
        url: `${baseUrl}/api/widget/GetEvents?${query}`,
        headers: browserHeaders({ referer: `${SITE}/`, origin: SITE }),
      },
    ];
  },

  parseLeague(body, competitionId, now) {
    const champId = leagueIds(competitionId)?.nairabet;
    if (champId === undefined) return failure(`unknown competition ${competitionId}`);
    const json = parseJsonBody(body);
    if (!json.ok) return json;
    const parsed = validate(bodySchema, json.value);
    if (!parsed.ok) return parsed;
    const { events, markets, odds, champs } = parsed.value;

    const champ = champs.find((c) => c.id === champId);
    if (champ && !isLeagueName(competitionId, champ.name)) {
      return failure(`champId ${champId} is now ${JSON.stringify(champ.name)}`);
    }
    const ours = events.filter((event) => event.champId === champId);
    if (events.length > 0 && ours.length === 0) {
      const ids = [...new Set(events.map((event) => event.champId))].join(", ");
      return failure(`answered only other champIds (${ids}), not ${champId}`);
    }

    const marketById = new Map(markets.map((market) => [market.id, market]));
    const oddById = new Map(odds.map((odd) => [odd.id, odd]));
    const offers: Offer[] = [];
    for (const event of ours) {
      const teams = splitTeams(event.name, " vs. ");
      if (!teams)
        return failure(`event ${event.id}: name ${JSON.stringify(event.name)} is not "Home vs. Away"`);
      const kickoff = parseInstant(event.startDate);
      if (!kickoff)
        return failure(`event ${event.id}: startDate ${JSON.stringify(event.startDate)} is not ISO with Z`);
      if (!isUpcoming(kickoff, now)) continue;
      const prices = new PriceSet();
      // A market or odd id without its entry is skipped: it only means fewer prices, never a wrong one.
      for (const market of event.marketIds.flatMap((id) => marketById.get(id) ?? [])) {
        const boosted = BOOSTED_NAME.test(market.name);
        for (const odd of market.oddIds.flatMap((id) => oddById.get(id) ?? [])) {
          if (odd.oddStatus !== 0) continue;
          prices.add(selectionFor(market, odd.typeId), odd.price, boosted);
        }
      }
      // extId ("fp32_ar:match:N") is Altenar's feed id, not Sportradar's: no srId.
      offers.push({
        bookmaker: "nairabet",
        externalId: String(event.id),
        competitionId,
        ...teams,
        kickoff,
        prices: prices.list(),
      });
    }
    return withPrices(offers);
  },
};
