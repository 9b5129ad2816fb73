/**
 * NairaBet (Altenar white-label): GET /api/widget/GetEvents?...&champIds=<id>. Normalised
 * parallel arrays joined by id, as in captures/nairabet-altenar-GetEvents-premier-league.json.
 * A boosted 1X2 is named "1x2 - Enhanced Prices"; a suspended price has oddStatus 1. As in the
 * real capture, GetEvents carries 1X2 and Double Chance only; GetEventDetails?eventId= has the
 * totals (one market, the line on each odd) and BTTS.
 */
import type { SimClub } from "../../clubs.ts";
import { nairabetCompetitorId, nairabetEventId } from "../../event-ids.ts";
import { SIM_LEAGUES } from "../../leagues.ts";
import { FOOTBALL, renderAltenarDetails, renderAltenarFixture } from "./nairabet-event.ts";
import { idList, jsonAnswer, type PricedFixture, type SimulatedSite } from "../site.ts";
import { nairabetBoardAnswer } from "./nairabet-board.ts";

export const ALTENAR_EVENTS_PATH = "/api/widget/GetEvents";
export const ALTENAR_DETAILS_PATH = "/api/widget/GetEventDetails";
const PATH = ALTENAR_EVENTS_PATH;
const DETAILS_PATH = ALTENAR_DETAILS_PATH;
/** GetEvents carries 1X2 and Double Chance only (the capture); totals and BTTS come with GetEventDetails. */
export const ALTENAR_LISTED_KINDS = new Set(["1X2", "DC"]);
const ISO: Record<string, string> = { England: "ENG", Spain: "ESP", Italy: "ITA", Germany: "DEU" };
const HEADERS = [
  {
    typeId: 1,
    name: "1x2",
    mst: 0,
    odds: [
      { id: 1, name: "Home" },
      { id: 2, name: "X" },
      { id: 3, name: "Away" },
    ],
  },
  {
    typeId: 10,
    name: "Double chance",
    mst: 0,
    odds: [
      { id: 9, name: "1X" },
      { id: 10, name: "12" },
      { id: 11, name: "X2" },
    ],
  },
];
const competitor = (club: SimClub) => altenarCompetitor(nairabetCompetitorId(club), club.name, club.names.nairabet);

function payload(leagues: typeof SIM_LEAGUES, listed: PricedFixture[]) {
  const rendered = listed.map((p) => renderAltenarFixture({ ...p, markets: p.markets.filter((m) => ALTENAR_LISTED_KINDS.has(m.kind)) }));
  const clubs = [...new Set(listed.flatMap(({ fixture }) => [fixture.home, fixture.away]))];
  return altenarPayload({
    rendered,
    categories: leagues.map((l) => ({ champIds: [l.nairabet.champId], iso: ISO[l.country] ?? "", id: l.nairabet.categoryId, name: l.country })),
    champs: leagues.map((l) => ({ id: l.nairabet.champId, name: l.nairabet.name })),
    competitors: clubs.map(competitor),
  });
}

interface AltenarListing {
  rendered: ReturnType<typeof renderAltenarFixture>[];
  categories: { champIds: number[]; iso: string; id: number; name: string }[];
  champs: { id: number; name: string }[];
  competitors: { hasConfigJersey: boolean; abbreviation: string; id: number; name: string }[];
}

/** GetEvents' answer: the normalised arrays joined by id, football the one sport. */
export function altenarPayload({ rendered, categories, champs, competitors }: AltenarListing) {
  return {
    dates: [],
    availableChamps: [],
    availableCategories: [],
    topSports: [],
    headers: HEADERS,
    pageCount: 0,
    page: 0,
    markets: rendered.flatMap((r) => r.markets),
    odds: rendered.flatMap((r) => r.odds),
    events: rendered.map((r) => r.event),
    sports:
      categories.length === 0
        ? []
        : [
            {
              catIds: categories.map((c) => c.id),
              typeId: 1,
              iconName: "soccer",
              hasLiveEvents: false,
              id: FOOTBALL,
              name: "Football",
            },
          ],
    categories: categories.map((c) => ({ champIds: c.champIds, iso: c.iso, hasLiveEvents: false, id: c.id, name: c.name })),
    champs: champs.map((c) => ({
      offers: [{ type: 0, parameter: 2 }, { type: 6 }],
      hasLiveEvents: false,
      id: c.id,
      name: c.name,
    })),
    competitors,
  };
}

/** A competitor as Altenar lists it: an abbreviation from the plain name, the book's spelling. */
export function altenarCompetitor(id: number, plainName: string, name: string) {
  const abbreviation = plainName
    .normalize("NFKD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
  return { hasConfigJersey: true, abbreviation, id, name };
}

export const nairabetSite: SimulatedSite = {
  key: "nairabet",
  answer(sim, { path, query, t }) {
    if (sim.world === "board") return nairabetBoardAnswer(sim, path, query, t);
    if (path === DETAILS_PATH) {
      const id = Number(query.get("eventId"));
      const priced = sim.findListed("nairabet", (f) => nairabetEventId(f) === id, t);
      return priced ? jsonAnswer(renderAltenarDetails(priced)) : jsonAnswer({ error: { code: 404, message: "Event not found" } }, 404);
    }
    if (path !== PATH) return null;
    const ids = idList(query, "champIds");
    const leagues = SIM_LEAGUES.filter((l) => ids === null || ids.includes(l.nairabet.champId));
    const listed = sim
      .listing("nairabet", undefined, t)
      .filter(({ fixture }) => leagues.some((l) => l.competitionId === fixture.competitionId));
    return jsonAnswer(payload(leagues, listed));
  },
  emptyBody: () => payload([], []),
  // Altenar's real failure body is not documented; a 200 without the arrays is what consumers must reject.
  errorBody: () => ({ error: { code: 500, message: "Internal server error" } }),
};
