/**
 * BetKing's whole football listing (docs/design.md, Learning competitions): the day feed
 * `/api/feeds/prematch/GetEvents/en/<YYYY-MM-DD>/0/0/1` for each Lagos day of the coming week,
 * every match with `TournamentID`, `TournamentName`, `CategoryName` and the Sportradar number in
 * `ExtProvIDItem` (8-9 digits only). A match repeats once per market group: it counts once.
 */
import { z } from "zod";
import { idText, parseInstant, splitTeams } from "../common.ts";
import { BETKING_SR_DIGITS } from "../betking/betking-match-view.ts";
import { browserHeaders } from "../headers.ts";
import { listedCountry, groupListed, readBody, srMatchOf, type BoardReader } from "./board-reader.ts";

const SITE = "https://www.betking.com";
const HEADERS = browserHeaders({ referer: `${SITE}/`, origin: SITE });
/** The listing window: today and the next seven Lagos days. */
const DAYS = 8;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const itemSchema = z.object({
  ItemID: idText,
  ItemName: z.string(),
  ItemDate: z.string(),
  TournamentID: idText,
  TournamentName: z.string().min(1),
  CategoryName: z.string().nullish(),
  ExtProvIDItem: z.unknown().optional(),
});
const daySchema = z.object({ AreaMatches: z.array(z.object({ Items: z.array(itemSchema) })) });

const lagosDay = (ms: number) => new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

export const betkingBoardReader: BoardReader = {
  key: "betking",
  requests: (baseUrl, now) =>
    Array.from({ length: DAYS }, (_, i) => ({ url: `${baseUrl}/api/feeds/prematch/GetEvents/en/${lagosDay(now.getTime() + i * DAY_MS)}/0/0/1`, headers: HEADERS })),
  parse(body) {
    const answer = readBody(daySchema, body);
    if (!answer.ok) return answer;
    const items = new Map(answer.value.AreaMatches.flatMap((area) => area.Items).map((item) => [item.ItemID, item]));
    const competitions = groupListed([...items.values()], (item) => {
      const teams = splitTeams(item.ItemName, " - ");
      const kickoff = parseInstant(item.ItemDate)?.getTime();
      if (!teams || kickoff === undefined) return undefined;
      return { bookId: item.TournamentID, name: item.TournamentName, country: listedCountry(item.CategoryName), fixture: { ...teams, kickoff, ...srMatchOf(item.ExtProvIDItem, BETKING_SR_DIGITS) } };
    });
    return { ok: true, competitions, next: [] };
  },
};
