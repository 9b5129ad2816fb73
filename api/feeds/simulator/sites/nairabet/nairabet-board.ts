/**
 * NairaBet's whole board under SIM_WORLD=board (docs/design.md, Simulated world; Whole-board
 * collection): Altenar's `GetEvents` with a `champIds` list (every champ world.json gives NairaBet
 * when absent), football sportId 66, and `GetEventDetails?eventId=`, in nairabet.ts's shapes.
 */
import { nairabetEventId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import type { BoardListed, PricedBoardFixture } from "../../board/board-source.ts";
import type { WorldClub } from "../../world/load-world.ts";
import { idList, jsonAnswer, type SiteAnswer } from "../site.ts";
import { altenarDetails, altenarFixture } from "./nairabet-event.ts";
import { ALTENAR_DETAILS_PATH, ALTENAR_EVENTS_PATH, ALTENAR_LISTED_KINDS, altenarCompetitor, altenarPayload } from "./nairabet.ts";

/** Board competitors' ids sit above the four leagues' (event-ids.ts, 43,600 up). */
const COMPETITOR_BASE = 500_000;

const competitorId = (sim: FeedSimulator, club: WorldClub) => COMPETITOR_BASE + sim.board.clubIndex(club);

function rendered(sim: FeedSimulator, p: PricedBoardFixture, listedOnly: boolean) {
  const side = (club: WorldClub, name: string) => ({ id: competitorId(sim, club), name });
  const view = {
    serial: p.fixture.serial,
    home: side(p.home, p.names[0]),
    away: side(p.away, p.names[1]),
    kickoff: p.fixture.kickoff,
    catId: p.region.books.nairabet,
    champId: Number(p.competition.id),
  };
  return altenarFixture(view, listedOnly ? p.markets.filter((m) => ALTENAR_LISTED_KINDS.has(m.kind)) : p.markets);
}

function events(sim: FeedSimulator, champIds: number[] | null, t: number) {
  const listed = sim.board.listed("nairabet", t).filter((l) => champIds === null || champIds.includes(Number(l.competition.id)));
  const champs = new Map<number, BoardListed>();
  for (const l of listed) if (!champs.has(Number(l.competition.id))) champs.set(Number(l.competition.id), l);
  const categories = new Map<number, { champIds: number[]; iso: string; id: number; name: string }>();
  for (const [id, l] of champs) {
    const category = categories.get(l.region.books.nairabet) ?? { champIds: [], iso: l.fixture.competition.region, id: l.region.books.nairabet, name: l.region.name };
    category.champIds.push(id);
    categories.set(category.id, category);
  }
  const clubs = new Map(listed.flatMap((l) => [[l.home.ref, l.home] as const, [l.away.ref, l.away] as const]));
  return altenarPayload({
    rendered: listed.map((l) => rendered(sim, sim.board.price("nairabet", l, t), true)),
    categories: [...categories.values()],
    champs: [...champs].map(([id, l]) => ({ id, name: l.competition.name })),
    competitors: [...clubs.values()].map((club) => altenarCompetitor(competitorId(sim, club), club.name, club.names?.nairabet ?? club.name)),
  });
}

/** The board's answer to a NairaBet path (null: not one the site serves). */
export function nairabetBoardAnswer(sim: FeedSimulator, path: string, query: URLSearchParams, t: number): SiteAnswer | null {
  if (path === ALTENAR_EVENTS_PATH) return jsonAnswer(events(sim, idList(query, "champIds"), t));
  if (path !== ALTENAR_DETAILS_PATH) return null;
  const id = Number(query.get("eventId"));
  const priced = sim.board.find("nairabet", (f) => nairabetEventId(f) === id, t);
  if (!priced) return jsonAnswer({ error: { code: 404, message: "Event not found" } }, 404);
  return jsonAnswer(altenarDetails(rendered(sim, priced, false)));
}
