/**
 * Bet9ja's whole football listing (docs/design.md, Learning competitions): the tree `GetSports`,
 * sport (`PAL` 1) -> country (`SG`, `SG_DESC`) -> group (`G`, `G_DESC`, `NUM` events), names every
 * group; `GetEventsInGroupV2?GROUPID=` gives a group's events with `GID`, `GN`, `SG` and the
 * Sportradar number in `EXTID`, asked only for the groups whose fixtures the learner needs.
 */
import { z } from "zod";
import { idText, parseInstant, parseNaiveUtc, splitTeams } from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { listedCountry, groupListed, readBody, srMatchOf, type BoardReader } from "./board-reader.ts";

const LIVE_BASE_URL = "https://sports.bet9ja.com";
const HEADERS = browserHeaders({ referer: `${LIVE_BASE_URL}/`, origin: LIVE_BASE_URL });
const TREE_PATH = "/desktop/feapi/PalimpsestAjax/GetSports";
/** EXTID is Sportradar's match number without the "sr:match:" prefix (as bet9ja.ts reads it). */
const EXTID_DIGITS = /^\d{6,10}$/;

const ok = z.enum(["OK", "D"], { error: "R is not OK (the site answered an error)" });
const groupSchema = z.object({ G_DESC: z.string().min(1), NUM: z.number().optional() });
const treeSchema = z.object({
  R: ok,
  D: z.object({ PAL: z.record(z.string(), z.object({ SG: z.record(z.string(), z.object({ SG_DESC: z.string().nullish(), G: z.record(z.string(), groupSchema) })) })) }),
});
const eventSchema = z.object({
  DS: z.string(),
  GID: idText,
  GN: z.string().min(1),
  SG: z.string().nullish(),
  STARTDATE: z.string().optional(),
  STARTDATEUTC: z.string().optional(),
  EXTID: z.unknown().optional(),
});
const groupEventsSchema = z.object({ R: ok, D: z.object({ E: z.array(eventSchema) }) });

function kickoffOf(e: z.infer<typeof eventSchema>): number | undefined {
  const at = e.STARTDATEUTC !== undefined ? parseInstant(e.STARTDATEUTC) : e.STARTDATE !== undefined ? parseNaiveUtc(e.STARTDATE) : undefined;
  return at?.getTime();
}

export const bet9jaBoardReader: BoardReader = {
  key: "bet9ja",
  requests: (baseUrl) => [{ url: `${baseUrl}${TREE_PATH}?DISP=0`, headers: HEADERS }],
  fixturesRequest: (baseUrl, bookId) => ({
    url: `${baseUrl}/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=${encodeURIComponent(bookId)}&DISP=0&GROUPMARKETID=1&matches=true`,
    headers: HEADERS,
  }),
  parse(body, request) {
    if (new URL(request.url).pathname.endsWith(TREE_PATH)) {
      const tree = readBody(treeSchema, body);
      if (!tree.ok) return tree;
      const soccer = tree.value.D.PAL["1"];
      const competitions = Object.values(soccer?.SG ?? {}).flatMap((sg) =>
        Object.entries(sg.G).map(([id, g]) => ({ bookId: id, name: g.G_DESC, country: listedCountry(sg.SG_DESC), upcoming: g.NUM ?? 0 })),
      );
      return { ok: true, competitions, next: [] };
    }
    const answer = readBody(groupEventsSchema, body);
    if (!answer.ok) return answer;
    const competitions = groupListed(answer.value.D.E, (e) => {
      const teams = splitTeams(e.DS, " - ");
      const kickoff = kickoffOf(e);
      if (!teams || kickoff === undefined) return undefined;
      return { bookId: e.GID, name: e.GN, country: listedCountry(e.SG), fixture: { ...teams, kickoff, ...srMatchOf(e.EXTID, EXTID_DIGITS) } };
    });
    return { ok: true, competitions, next: [] };
  },
};
