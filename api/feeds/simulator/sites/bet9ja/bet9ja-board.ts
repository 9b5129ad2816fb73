/**
 * Bet9ja's whole board under SIM_WORLD=board (docs/design.md, Simulated world; Whole-board
 * collection): `GetSports` answers the tree sport (`PAL`) -> country (`SG`) -> group (`G`), keyed
 * by id with `S_DESC`, `SG_DESC`, `G_DESC` and event counts `NUM`; `GetEventsInGroupV2?GROUPID=`
 * the group's events and `GetEvent?EVENTID=` one, in bet9ja.ts's shapes, `EXTID` the Sportradar
 * number where world.json gives the fixture one. A group id is the week's (Bet9ja's odd-week reuse).
 */
import { bet9jaEventId } from "../../event-ids.ts";
import type { FeedSimulator } from "../../feed-simulator.ts";
import type { BoardListed, PricedBoardFixture } from "../../board/board-source.ts";
import { utcIso, utcNaive } from "../../time-format.ts";
import { jsonAnswer, type SiteAnswer, type SiteRequest } from "../site.ts";
import { BET9JA_PATH, bet9jaBoostFields, bet9jaOddsMap } from "./bet9ja.ts";

const TREE_PATH = /^\/(desktop|mobile)\/feapi\/PalimpsestAjax\/GetSports$/;
/** Bet9ja's country ids (SGID): the simulator's own, from the region's place in world.json. */
const SGID_BASE = 11_000;

function boardEvent(sim: FeedSimulator, p: PricedBoardFixture, mobile: boolean, withBtts: boolean) {
  const { fixture } = p;
  return {
    ID: bet9jaEventId(fixture),
    DS: `${p.names[0]} - ${p.names[1]}`,
    GN: p.competition.name,
    GID: Number(p.competition.id),
    SG: p.region.name,
    SGID: SGID_BASE + sim.board.regionIndex(fixture.competition.region),
    STARTDATE: utcNaive(fixture.kickoff, fixture.serial % 2 === 0 ? " " : "T"),
    ...(mobile ? { STARTDATEUTC: utcIso(fixture.kickoff) } : {}),
    ...(fixture.srId ? { EXTID: fixture.srId.replace("sr:match:", "") } : {}),
    ...bet9jaBoostFields(p.markets),
    O: bet9jaOddsMap(p.markets, withBtts),
  };
}

type Groups = Record<string, { G_DESC: string; NUM: number }>;

/** The football tree of the groups with upcoming events, as GetSports nests it. */
function tree(sim: FeedSimulator, listed: BoardListed[]) {
  const countries: Record<string, { SG_DESC: string; NUM: number; G: Groups }> = {};
  for (const l of listed) {
    const sgid = String(SGID_BASE + sim.board.regionIndex(l.fixture.competition.region));
    const country = (countries[sgid] ??= { SG_DESC: l.region.name, NUM: 0, G: {} });
    const group = (country.G[l.competition.id] ??= { G_DESC: l.competition.name, NUM: 0 });
    country.NUM += 1;
    group.NUM += 1;
  }
  return { R: "OK", D: { PAL: { "1": { S_DESC: "Soccer", NUM: listed.length, SG: countries } } } };
}

/** The board's answer to a Bet9ja path (null: not one the site serves). */
export function bet9jaBoardAnswer(sim: FeedSimulator, { path, query, t }: SiteRequest): SiteAnswer | null {
  if (TREE_PATH.test(path)) return jsonAnswer(tree(sim, sim.board.listed("bet9ja", t)));
  const match = BET9JA_PATH.exec(path);
  if (!match) return null;
  const mobile = match[1] === "mobile";
  if (match[2] === "GetEventsInGroupV2") {
    const group = query.get("GROUPID");
    const listed = sim.board.listed("bet9ja", t).filter((l) => l.competition.id === group);
    return jsonAnswer({ R: "OK", D: { E: listed.map((l) => boardEvent(sim, sim.board.price("bet9ja", l, t), mobile, false)) } });
  }
  const id = Number(query.get("EVENTID"));
  const priced = sim.board.find("bet9ja", (f) => bet9jaEventId(f) === id, t);
  if (!priced) return jsonAnswer({ R: "E", D: null, M: "Event not found" });
  return jsonAnswer({ R: "OK", D: boardEvent(sim, priced, mobile, true) });
}
