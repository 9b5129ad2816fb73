/**
 * SportyBet's whole football listing (docs/design.md, Learning competitions): `pcUpcomingEvents`
 * without a tournament filter, paged by `pageNum` at the site's largest `pageSize` (100) until
 * `totalNum` is covered. A tournament carries `id` (`sr:tournament:N`), `name` and `categoryName`.
 */
import { z } from "zod";
import { browserHeaders } from "../headers.ts";
import { LIVE_BASE_URL, SITE_HEADERS } from "../sportybet/sportybet.ts";
import { listedCountry, groupListed, readBody, srMatchOf, type BoardReader } from "./board-reader.ts";

const PAGE_SIZE = 100;
const HEADERS = { ...browserHeaders({ referer: `${LIVE_BASE_URL}/ng/sport/football`, origin: LIVE_BASE_URL }), ...SITE_HEADERS };

const eventSchema = z.object({
  eventId: z.string(),
  estimateStartTime: z.number(),
  homeTeamName: z.string(),
  awayTeamName: z.string(),
  homeTeamId: z.string().nullish(),
  awayTeamId: z.string().nullish(),
});

/** Both competitor ids, or none: a learnt spelling needs to know which team it belongs to (docs/design.md, Matching the whole board). */
const teamIdsOf = (event: z.infer<typeof eventSchema>): { teamIds?: [string, string] } =>
  event.homeTeamId && event.awayTeamId ? { teamIds: [event.homeTeamId, event.awayTeamId] } : {};
const tournamentSchema = z.object({ id: z.string().min(1), name: z.string().min(1), categoryName: z.string().nullish(), events: z.array(eventSchema) });
const pageSchema = z.object({
  bizCode: z.literal(10000, { error: "bizCode is not 10000 (the site refused the request)" }),
  data: z.object({ totalNum: z.number(), tournaments: z.array(tournamentSchema) }),
});

const pageUrl = (baseUrl: string, pageNum: number) =>
  `${baseUrl}/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1&pageSize=${PAGE_SIZE}&pageNum=${pageNum}&option=2&timeline=168`;

export const sportybetBoardReader: BoardReader = {
  key: "sportybet",
  requests: (baseUrl) => [{ url: pageUrl(baseUrl, 1), headers: HEADERS }],
  parse(body, request) {
    const page = readBody(pageSchema, body);
    if (!page.ok) return page;
    const { totalNum, tournaments } = page.value.data;
    const rows = tournaments.flatMap((t) => t.events.map((event) => ({ t, event })));
    const competitions = groupListed(rows, ({ t, event }) => ({
      bookId: t.id,
      name: t.name,
      country: listedCountry(t.categoryName),
      fixture: { home: event.homeTeamName, away: event.awayTeamName, kickoff: event.estimateStartTime, ...srMatchOf(event.eventId), ...teamIdsOf(event) },
    }));
    const url = new URL(request.url);
    const pageNum = Number(url.searchParams.get("pageNum") ?? 1);
    const more = tournaments.length > 0 && pageNum * PAGE_SIZE < totalNum;
    return { ok: true, competitions, next: more ? [{ url: request.url.replace(/pageNum=\d+/, `pageNum=${pageNum + 1}`), headers: request.headers }] : [] };
  },
};
