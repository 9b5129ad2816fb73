/**
 * 1xBet's whole football listing (docs/design.md, Learning competitions): `Get1x2_VZip?sports=1`
 * without `champs`, every champ's games. A game names its champ in `LI` and `L`; the country is
 * the part of `L` before the first ". " ("England. Premier League"), else the game's `CN` where
 * the payload carries one (continental competitions and friendlies carry no prefix).
 */
import { z } from "zod";
import { idText } from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { listedCountry, groupListed, readBody, type BoardReader } from "./board-reader.ts";

const LIVE_BASE_URL = "https://ng.1x001.com";
const HEADERS = browserHeaders({ referer: `${LIVE_BASE_URL}/en/line/football`, origin: LIVE_BASE_URL });
/** More games than the whole football line lists in a week; the parameters in the site's own order (another answers 406). */
const LIST_QUERY = "sports=1&count=5000&lng=en&mode=4&country=159&partner=159&getEmpty=true";

const listSchema = z.object({
  Success: z.literal(true, { error: "Success is not true (the site refused the request)" }),
  Value: z.array(z.object({ O1: z.string().min(1), O2: z.string().min(1), S: z.number(), L: z.string().min(1), LI: idText, CN: z.string().nullish() })),
});

/** "England. Premier League" -> England; a name without the prefix gives the game's own country field. */
export function onexbetCountry(league: string, countryField: string | null | undefined): string | null {
  const at = league.indexOf(". ");
  return at > 0 ? league.slice(0, at).trim() : listedCountry(countryField);
}

export const onexbetBoardReader: BoardReader = {
  key: "1xbet",
  requests: (baseUrl) => [{ url: `${baseUrl}/service-api/LineFeed/Get1x2_VZip?${LIST_QUERY}`, headers: HEADERS }],
  parse(body) {
    const answer = readBody(listSchema, body);
    if (!answer.ok) return answer;
    const competitions = groupListed(answer.value.Value, (g) => ({
      bookId: g.LI,
      name: g.L,
      country: onexbetCountry(g.L, g.CN),
      fixture: { home: g.O1, away: g.O2, kickoff: g.S * 1000 },
    }));
    return { ok: true, competitions, next: [] };
  },
};
