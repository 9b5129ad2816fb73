/** SportyBet Nigeria (feeds README, "SportyBet"). Its ids are Sportradar's, so every offer carries srId. */
import { z } from "zod";
import type { BookmakerAdapter, Offer } from "../types.ts";
import {
  PriceSet,
  SELECTIONS,
  failure,
  idText,
  isUpcoming,
  selectionIn,
  parseJsonBody,
  sportradarId,
  validate,
  withPrices,
  type MarketIds,
  type Selection,
} from "./common.ts";
import { browserHeaders } from "./headers.ts";
import { leagueIds } from "./leagues.ts";

const LIVE_BASE_URL = "https://www.sportybet.com";
const SUCCESS = 10000;
/** The most the list serves per page. */
const PAGE_SIZE = 100;
/**
 * The whole football list was 1,432 events (15 pages) in the real capture; beyond this many
 * pages something is wrong (a totalNum that never ends), so the listing stops there.
 */
export const SPORTYBET_MAX_PAGES = 25;

const outcomeSchema = z.object({
  id: idText,
  odds: z.unknown().optional(),
  isActive: z.unknown().optional(),
});
const marketSchema = z.object({
  id: idText,
  specifier: z.string().optional(),
  status: z.unknown().optional(),
  outcomes: z.array(outcomeSchema).default([]),
});
const eventSchema = z.object({
  eventId: z.string().min(1),
  estimateStartTime: z.number(),
  homeTeamName: z.string().min(1),
  awayTeamName: z.string().min(1),
  markets: z.array(marketSchema).default([]),
});
const bodySchema = z.object({
  data: z.object({
    tournaments: z.array(z.object({ id: z.string(), events: z.array(eventSchema) })),
  }),
});
const envelopeSchema = z.object({ bizCode: z.unknown().optional(), message: z.unknown().optional() });
const pagingSchema = z.object({
  data: z.object({ totalNum: z.number(), tournaments: z.array(z.object({ events: z.array(z.unknown()) })) }),
});

type SportyMarket = z.infer<typeof marketSchema>;

/** Market id -> outcome id -> product selection. */
const MARKET_IDS: MarketIds<string> = {
  fixed: {
    "1": { "1": SELECTIONS.home, "2": SELECTIONS.draw, "3": SELECTIONS.away },
    "10": { "9": SELECTIONS.homeOrDraw, "10": SELECTIONS.homeOrAway, "11": SELECTIONS.drawOrAway },
    "29": { "74": SELECTIONS.bttsYes, "76": SELECTIONS.bttsNo },
  },
  totals: "18",
  totalSides: { "12": "over", "13": "under" },
};

/** "total=2.5", possibly among other Sportradar specifiers joined by "|". */
function totalLine(specifier: string | undefined): string | undefined {
  return specifier
    ?.split("|")
    .find((part) => part.startsWith("total="))
    ?.slice("total=".length);
}

function selectionFor(market: SportyMarket, outcomeId: string): Selection | undefined {
  return selectionIn(MARKET_IDS, market.id, outcomeId, totalLine(market.specifier));
}

function collectPrices(markets: SportyMarket[]): PriceSet {
  const prices = new PriceSet();
  for (const market of markets) {
    if (market.status !== 0) continue;
    for (const outcome of market.outcomes) {
      if (outcome.isActive !== 1) continue;
      // SportyBet has no known boost marker (feeds README).
      prices.add(selectionFor(market, outcome.id), outcome.odds);
    }
  }
  return prices;
}

export const sportybet: BookmakerAdapter = {
  key: "sportybet",
  liveBaseUrl: LIVE_BASE_URL,

  // One URL serves every tournament (there is no tournament filter): the collector fetches a
  // repeated URL once per run, and `_t` comes from `now` so the four leagues ask the same URL.
  leagueRequests(baseUrl, competitionId, now) {
    if (!leagueIds(competitionId)) return [];
    const query =
      `sportId=sr:sport:1&marketId=1,18,10,29&pageSize=${PAGE_SIZE}&pageNum=1&option=2&timeline=168` +
      `&_t=${now.getTime()}`;
    return [
      {
        url: `${baseUrl}/api/ng/factsCenter/pcUpcomingEvents?${query}`,
        headers: browserHeaders({ referer: `${LIVE_BASE_URL}/ng/sport/football`, origin: LIVE_BASE_URL }),
      },
    ];
  },

  // The list is paged: data.totalNum counts every event, pageNum and pageSize pick the slice.
  // A site that serves smaller pages than asked is paged again at the size it serves.
  nextPage(request, body) {
    const url = new URL(request.url);
    const pageNum = Number(url.searchParams.get("pageNum") ?? "1");
    const pageSize = Number(url.searchParams.get("pageSize") ?? String(PAGE_SIZE));
    if (!(pageNum >= 1 && pageSize >= 1) || pageNum >= SPORTYBET_MAX_PAGES) return undefined;
    const json = parseJsonBody(body);
    const paging = json.ok ? pagingSchema.safeParse(json.value) : undefined;
    if (!paging?.success) return undefined;
    const { totalNum, tournaments } = paging.data.data;
    const served = tournaments.reduce((n, t) => n + t.events.length, 0);
    // An empty page, or a short one past the first: the list is read (or shrank while being read).
    if (served === 0 || (pageNum - 1) * pageSize + served >= totalNum) return undefined;
    if (served < pageSize && pageNum > 1) return undefined;
    // Only pageNum (and a smaller pageSize) change: the rest stays byte for byte as the site's pages ask.
    const url2 = request.url.replace(/([?&]pageNum=)\d+/, `$1${pageNum + 1}`).replace(/([?&]pageSize=)\d+/, `$1${Math.min(served, pageSize)}`);
    return { url: url2, headers: request.headers };
  },

  parseLeague(body, competitionId, now) {
    const tournamentId = leagueIds(competitionId)?.sportybet;
    if (!tournamentId) return failure(`unknown competition ${competitionId}`);
    const json = parseJsonBody(body);
    if (!json.ok) return json;
    const envelope = validate(envelopeSchema, json.value);
    if (!envelope.ok) return envelope;
    // Errors come back inside an HTTP 200: bizCode is the only success signal.
    const { bizCode, message } = envelope.value;
    if (bizCode === undefined) return failure("no bizCode in the body");
    if (bizCode !== SUCCESS)
      return failure(`bizCode ${JSON.stringify(bizCode)} (${String(message ?? "no message")})`);
    const parsed = validate(bodySchema, json.value);
    if (!parsed.ok) return parsed;

    const offers: Offer[] = [];
    for (const tournament of parsed.value.data.tournaments) {
      if (tournament.id !== tournamentId) continue;
      for (const event of tournament.events) {
        const kickoff = new Date(event.estimateStartTime);
        if (!isUpcoming(kickoff, now)) continue;
        const srId = sportradarId(event.eventId);
        offers.push({
          bookmaker: "sportybet",
          externalId: event.eventId,
          ...(srId ? { srId } : {}),
          competitionId,
          home: event.homeTeamName,
          away: event.awayTeamName,
          kickoff,
          prices: collectPrices(event.markets).list(),
        });
      }
    }
    return withPrices(offers);
  },
};
