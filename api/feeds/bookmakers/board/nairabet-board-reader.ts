/**
 * NairaBet's whole football listing (docs/design.md, Learning competitions): Altenar's `GetEvents`
 * for football (sportId 66) without a `champIds` list. Events name their `champId`; `champs[]`
 * name a champ, and the `categories[]` holding its id give its country, with an ISO-like `iso`
 * code ("ENG") preferred to the category's name.
 */
import { z } from "zod";
import { idText, parseInstant, splitTeams } from "../common.ts";
import { browserHeaders } from "../headers.ts";
import { groupListed, readBody, type BoardReader } from "./board-reader.ts";

const SITE = "https://www.nairabet.com";
const HEADERS = browserHeaders({ referer: `${SITE}/`, origin: SITE });
const QUERY = "culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG&sportId=66";

const eventsSchema = z.object({
  events: z.array(z.object({ name: z.string(), startDate: z.string(), champId: idText })),
  champs: z.array(z.object({ id: idText, name: z.string().min(1) })),
  categories: z.array(z.object({ champIds: z.array(idText), iso: z.string().nullish(), name: z.string().nullish() })),
});

export const nairabetBoardReader: BoardReader = {
  key: "nairabet",
  requests: (baseUrl) => [{ url: `${baseUrl}/api/widget/GetEvents?${QUERY}`, headers: HEADERS }],
  parse(body) {
    const answer = readBody(eventsSchema, body);
    if (!answer.ok) return answer;
    const { events, champs, categories } = answer.value;
    const names = new Map(champs.map((c) => [c.id, c.name]));
    const countries = new Map(categories.flatMap((c) => c.champIds.map((id) => [id, c.iso?.trim() || c.name?.trim() || null] as const)));
    const competitions = groupListed(events, (e) => {
      const teams = splitTeams(e.name, " vs. ");
      const kickoff = parseInstant(e.startDate)?.getTime();
      const name = names.get(e.champId);
      if (!teams || kickoff === undefined || name === undefined) return undefined;
      return { bookId: e.champId, name, country: countries.get(e.champId) ?? null, fixture: { ...teams, kickoff } };
    });
    return { ok: true, competitions, next: [] };
  },
};
