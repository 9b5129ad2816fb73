import { beforeAll, describe, expect, it } from "vitest";
import type { BookBoard, ListedCompetition } from "../../catalogue/board-listing.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { learnState } from "../../catalogue/learn.ts";
import { buildFiles } from "../bookmakers/feed-catalogue.ts";
import type { BoardListed } from "../simulator/board/board-source.ts";
import type { BoardFixture as WorldFixture } from "../simulator/world/board-schedule.ts";
import { BOOKMAKER_ID_BY_KEY, BOOKMAKER_KEYS, type BookmakerKey } from "../types.ts";
import { learnCycle, seededStore } from "../../../tests/helpers/catalogue/learn-store.ts";
import { boardSimulator, readEveryBoard } from "../../../tests/helpers/simulator/board-fetch.ts";
import { refSimilarity, teamRef } from "./similarity.ts";
import { DEFAULT_MATCH_OPTIONS } from "./types.ts";
import { TeamSpellings } from "./board-spellings.ts";
import { joinBoard, type JoinedFixture, type BoardJoin, type BoardListing } from "./board-join.ts";

/** Friday 27 November 2026, 06:00 UTC: the weekend's whole board lies ahead (docs/design.md, Simulated world). */
const FRIDAY = Date.UTC(2026, 10, 27, 6);
const MINUTE = 60_000;
const { sim, app } = boardSimulator(FRIDAY);
const store = seededStore();
const regions = new Map(catalogueFromFiles(buildFiles()).rows.regions.map((r) => [r.id, r.zone]));

/** Our competition for a listed one, as the learnt rows give it: joined, and still under the name it was joined by. */
function competitionOf(book: BookmakerKey, listed: Omit<ListedCompetition, "fixtures">): number | undefined {
  const row = store.books.get(`${BOOKMAKER_ID_BY_KEY[book]}:${listed.bookId}`);
  return row?.status === "joined" && row.competition_id !== null && row.name === listed.name ? row.competition_id : undefined;
}
const zoneOf = (id: number) => {
  const region = store.competitions.get(id)?.region_id;
  return region === null || region === undefined ? undefined : regions.get(region);
};

/** The world's truth for every listing: which fixture it is, and how the book lists it. */
const truth = new Map<string, BoardListed>();
const truthKey = (book: BookmakerKey, bookId: string, kickoff: number, home: string, away: string) => JSON.stringify([book, bookId, kickoff, home, away]);
const truthOf = (l: BoardListing) => truth.get(truthKey(l.bookmaker, l.competition.bookId, l.fixture.kickoff, l.fixture.home, l.fixture.away));
const serialOf = (l: BoardListing) => truthOf(l)?.fixture.serial;

let boards: BookBoard[];
let joined: BoardJoin;
/** Each world fixture's listings as the books' boards were read. */
const listedBy = new Map<number, BoardListing[]>();
/** Each world fixture's joined fixture, where all its listings are one. */
const wholeOf = new Map<number, JoinedFixture>();

beforeAll(async () => {
  for (const book of BOOKMAKER_KEYS) for (const l of sim.board.listed(book, FRIDAY)) truth.set(truthKey(book, l.competition.id, l.fixture.kickoff, l.names[0], l.names[1]), l);
  boards = await readEveryBoard(app, FRIDAY);
  const state = learnState();
  for (let i = 0; i < 4; i += 1) learnCycle(store, boards, state, FRIDAY + i * MINUTE);
  for (const board of boards) {
    for (const { fixtures, ...competition } of board.competitions) {
      for (const fixture of fixtures ?? []) {
        const listing = { bookmaker: board.bookmaker, competition, fixture };
        const serial = serialOf(listing);
        if (serial !== undefined) listedBy.set(serial, [...(listedBy.get(serial) ?? []), listing]);
      }
    }
  }
  const started = performance.now();
  joined = joinBoard({ boards, competitionOf, zoneOf });
  console.log(`whole-board join: ${(performance.now() - started).toFixed(0)} ms, ${joined.learnt} spellings learnt`);
  for (const f of joined.fixtures) {
    const serials = new Set(f.members.map((m) => serialOf(m.listing)));
    const [serial] = serials;
    if (serials.size === 1 && serial !== undefined && f.members.length === listedBy.get(serial)?.length) wholeOf.set(serial, f);
  }
}, 180_000);

/**
 * Whether the matcher's own rules can tell a fixture at every book listing it: its listings are
 * linked, Sportradar ids with each other, and a listing without one to another whose names pass
 * the thresholds against its own (docs/design.md, Matching), into one whole. Where they are not
 * (an exonym: "Crvena Zvezda" and "Red Star Belgrade"), leaving them apart is the rule, not a miss.
 */
function tellable(serial: number): boolean {
  const listings = listedBy.get(serial) ?? [];
  const sides = (l: BoardListing): [string, string] => {
    const t = truthOf(l);
    return t && t.home !== t.fixture.home ? [l.fixture.away, l.fixture.home] : [l.fixture.home, l.fixture.away];
  };
  const alike = (l: BoardListing, o: BoardListing) => {
    const id = competitionOf(l.bookmaker, l.competition) ?? 0;
    const [[lh, la], [oh, oa]] = [sides(l), sides(o)];
    const [h, a] = [refSimilarity(teamRef(lh, id), teamRef(oh, id)), refSimilarity(teamRef(la, id), teamRef(oa, id))];
    return Math.min(h, a) >= DEFAULT_MATCH_OPTIONS.minTeamScore && (h + a) / 2 >= DEFAULT_MATCH_OPTIONS.minMeanScore;
  };
  const reached = new Set(listings.filter((l) => l.fixture.srMatch !== undefined));
  if (reached.size === 0 && listings[0]) reached.add(listings[0]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const l of listings) {
      if (reached.has(l) || ![...reached].some((o) => alike(l, o))) continue;
      reached.add(l);
      grew = true;
    }
  }
  return reached.size === listings.length;
}

/** A world fixture by what its clubs and competition are, among those the boards list. */
function worldFixtures(matches: (f: WorldFixture) => boolean): WorldFixture[] {
  const seen = new Map<number, WorldFixture>();
  for (const l of truth.values()) if (matches(l.fixture)) seen.set(l.fixture.serial, l.fixture);
  return [...seen.values()];
}

/** The joined fixture holds every book listing it, each the right way round. */
function expectWhole(f: WorldFixture): void {
  const found = wholeOf.get(f.serial);
  expect(found, `${f.competition.key} ${f.home.ref} v ${f.away.ref}`).toBeDefined();
  for (const m of found?.members ?? []) {
    const bookHome = truthOf(m.listing)?.home.ref;
    const fixtureHome = truthOf(found?.members[0]?.listing as BoardListing)?.home.ref;
    const firstSwapped = found?.members[0]?.swapped === true;
    expect(m.swapped !== firstSwapped, `${m.listing.bookmaker} ${m.listing.fixture.home}`).toBe(bookHome !== fixtureHome);
  }
}

describe("joining the whole simulated board (docs/design.md, Matching the whole board)", () => {
  it("joins no two different fixtures, and joins at least 99 % of the fixtures two or more books list across all of them", () => {
    const listings = boards.flatMap((b) => b.competitions.flatMap(({ fixtures, ...competition }) => (fixtures ?? []).map((fixture) => ({ bookmaker: b.bookmaker, competition, fixture }))));
    expect(listings.filter((l) => serialOf(l) === undefined)).toEqual([]);
    const wrong = joined.fixtures.filter((f) => new Set(f.members.map((m) => serialOf(m.listing))).size > 1);
    const shared = [...listedBy].filter(([, ls]) => ls.length >= 2).map(([serial]) => serial);
    const whole = shared.filter((serial) => wholeOf.has(serial));
    const share = whole.length / shared.length;
    const byReason = new Map<string, number>();
    for (const u of joined.unjoined) byReason.set(u.reason, (byReason.get(u.reason) ?? 0) + 1);
    console.log(
      `whole board: ${listings.length} listings, ${listedBy.size} fixtures, ${shared.length} listed by two or more books; ` +
        `${joined.fixtures.length} joined fixtures, ${wrong.length} wrongly joined; ${whole.length} of ${shared.length} joined across every book listing them ` +
        `(${(share * 100).toFixed(2)} %); unjoined: ${[...byReason].map(([r, n]) => `${r} ${n}`).join(", ") || "none"}`,
    );
    expect(wrong.map((f) => f.members.map((m) => `${m.listing.bookmaker} ${m.listing.fixture.home} v ${m.listing.fixture.away}`))).toEqual([]);
    expect(shared.length).toBeGreaterThan(1_000);
    expect(share).toBeGreaterThanOrEqual(0.99);
  });

  it("scores a listing without a Sportradar id only against the fixtures of its competition and matchday, never the board", () => {
    const { listings, candidates, most } = joined.compared;
    console.log(`name-scored listings: ${listings}, ${(candidates / listings).toFixed(1)} fixtures of their competition and matchday on average, ${most} at most, of ${joined.fixtures.length}`);
    expect(listings).toBeGreaterThan(1_000);
    expect(candidates / listings).toBeLessThan(20);
    expect(most).toBeLessThan(joined.fixtures.length / 20);
  });

  it("lists every fixture once, each book's listing in one fixture at most, none of them guessed", () => {
    const placed = joined.fixtures.flatMap((f) => f.members.map((m) => m.listing));
    expect(new Set(placed).size).toBe(placed.length);
    expect(joined.fixtures.every((f) => new Set(f.members.map((m) => m.listing.bookmaker)).size === f.members.length)).toBe(true);
    expect(joined.unjoined.filter((u) => u.reason !== "waiting")).toEqual([]);
  });

  it("joins every fixture whose names the matcher can tell apart across every book listing it; the rest stay apart, never guessed", () => {
    const shared = [...listedBy].filter(([, ls]) => ls.length >= 2).map(([serial]) => serial);
    const untold = shared.filter((serial) => !tellable(serial));
    const missed = shared.filter((serial) => tellable(serial) && !wholeOf.has(serial));
    console.log(`${untold.length} fixtures with a name no other book's spelling tells: ${untold.map((s) => listedBy.get(s)?.map((l) => `${l.bookmaker} ${l.fixture.home} v ${l.fixture.away}`).join(" / ")).join("; ")}`);
    expect(missed.map((s) => listedBy.get(s)?.map((l) => `${l.bookmaker} ${l.fixture.home} v ${l.fixture.away}`))).toEqual([]);
    expect(untold.filter((serial) => wholeOf.has(serial)).length).toBeGreaterThan(0);
  });

  it("joins Bet9ja's listing without its Sportradar ids (read before its GetEvent follow-ups) by the spellings an earlier cycle's joins taught", () => {
    const bare = boards.map((b) =>
      b.bookmaker === "bet9ja" ? { ...b, competitions: b.competitions.map((c) => ({ ...c, fixtures: c.fixtures?.map(({ srMatch: _sr, ...f }) => f) })) } : b,
    );
    const whole = (join: BoardJoin) =>
      join.fixtures.filter((f) => {
        const serials = new Set(f.members.map((m) => serialOf(m.listing)));
        const [serial] = serials;
        return serials.size === 1 && serial !== undefined && f.members.length >= 2 && f.members.length === listedBy.get(serial)?.length;
      }).length;
    const wrong = (join: BoardJoin) => join.fixtures.filter((f) => new Set(f.members.map((m) => serialOf(m.listing))).size > 1);
    const taught = new TeamSpellings();
    for (const s of joined.spellings.all()) taught.add(s.team, s.bookmaker, s.name);
    const learnt = joinBoard({ boards: bare, competitionOf, zoneOf, spellings: taught });
    const fresh = joinBoard({ boards: bare, competitionOf, zoneOf });
    console.log(`Bet9ja without Sportradar ids: ${whole(learnt)} fixtures joined across every book with the earlier cycle's spellings, ${whole(fresh)} without`);
    expect(wrong(learnt)).toEqual([]);
    expect(wrong(fresh)).toEqual([]);
    expect(whole(learnt)).toBeGreaterThan(whole(fresh));
  });

  it("joins fixtures whose names differ at every book: Sportradar ids at three books, names against every known spelling at NairaBet and 1xBet", () => {
    const differing = worldFixtures((f) => {
      const names = (club: WorldFixture["home"]) => new Set(BOOKMAKER_KEYS.map((b) => club.names?.[b] ?? club.name));
      return names(f.home).size >= 3 && names(f.away).size >= 3 && (listedBy.get(f.serial)?.length ?? 0) === 5 && tellable(f.serial);
    });
    expect(differing.length).toBeGreaterThan(20);
    for (const f of differing) expectWhole(f);
  });

  it("joins finals on neutral ground that some books list the other way round, each member marked reversed where its book reverses it", () => {
    const finals = worldFixtures((f) => (f.neutral?.reversedAt.length ?? 0) > 0);
    expect(finals.length).toBeGreaterThan(0);
    for (const f of finals) {
      expectWhole(f);
      const members = wholeOf.get(f.serial)?.members ?? [];
      expect(members.some((m) => f.neutral?.reversedAt.includes(m.listing.bookmaker))).toBe(true);
      expect(members.some((m) => m.swapped)).toBe(true);
    }
  });

  it("keeps apart different clubs of one name (Barcelona, Rangers, Nacional, Athletic Club...) in their own competitions", () => {
    const names = new Map<string, Set<string>>();
    for (const club of sim.board.world.clubs.values()) {
      for (const name of new Set([club.name, ...Object.values(club.names ?? {})])) names.set(name, new Set([...(names.get(name) ?? []), club.ref]));
    }
    const twins = new Set([...names].filter(([, refs]) => refs.size > 1).flatMap(([, refs]) => [...refs]));
    const fixtures = worldFixtures((f) => twins.has(f.home.ref) || twins.has(f.away.ref)).filter((f) => (listedBy.get(f.serial)?.length ?? 0) >= 2);
    expect(new Set(fixtures.flatMap((f) => [f.home.ref, f.away.ref]).filter((ref) => twins.has(ref))).size).toBeGreaterThan(4);
    for (const f of fixtures) expectWhole(f);
  });

  it("joins each fixture of a club playing twice in the listing window as its own fixture", () => {
    const byClub = new Map<string, WorldFixture[]>();
    for (const f of worldFixtures((f) => (listedBy.get(f.serial)?.length ?? 0) >= 2)) for (const club of [f.home, f.away]) byClub.set(club.ref, [...(byClub.get(club.ref) ?? []), f]);
    const twice = [...byClub.values()].filter((fs) => fs.length >= 2 && fs.every((f) => tellable(f.serial)));
    expect(twice.length).toBeGreaterThan(20);
    expect(twice.some((fs) => Math.abs((fs[0]?.kickoff ?? 0) - (fs[1]?.kickoff ?? 0)) < 4 * 86_400_000)).toBe(true);
    for (const fs of twice) {
      for (const f of fs) expectWhole(f);
      expect(new Set(fs.map((f) => wholeOf.get(f.serial))).size).toBe(fs.length);
    }
  });
});
