import request from "supertest";
import { describe, expect, it } from "vitest";
import type { SportyEvent, SportyList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";
import { sportybet } from "../bookmakers/sportybet/sportybet.ts";

const LIST = LEAGUE_PATHS.sportybet[0] as string;
const BASE = "/sportybet/api/ng/factsCenter/pcUpcomingEvents";

describe("SportyBet pcUpcomingEvents", () => {
  it("serves all four leagues in one list with the captured field names and string odds", async () => {
    const h = harness();
    const body = await h.json<SportyList>(LIST);
    expect(body).toMatchObject({ bizCode: 10000, message: "0#0" });
    const tournaments = body.data?.tournaments ?? [];
    expect(tournaments.map((t) => t.id)).toEqual([
      "sr:tournament:17",
      "sr:tournament:8",
      "sr:tournament:23",
      "sr:tournament:35",
    ]);
    expect(tournaments[0]?.name).toBe("Premier League");
    const events = tournaments.flatMap((t) => t.events);
    expect(body.data?.totalNum).toBe(events.length);
    const event = events[0];
    expect(event).toMatchObject({ status: 0, eventId: expect.stringMatching(/^sr:match:\d+$/) });
    expect(event?.estimateStartTime).toBeGreaterThan(h.sim.now());
    expect(typeof event?.homeTeamName).toBe("string");
    const oneXTwo = event?.markets.find((m) => m.id === "1");
    expect(oneXTwo).toMatchObject({ desc: "1X2", status: 0 });
    expect(oneXTwo).not.toHaveProperty("specifier");
    expect(oneXTwo?.outcomes.map((o) => [o.id, o.desc, o.isActive])).toEqual([
      ["1", "Home", 1],
      ["2", "Draw", 1],
      ["3", "Away", 1],
    ]);
    expect(oneXTwo?.outcomes.every((o) => /^\d+\.\d{2}$/.test(o.odds))).toBe(true);
  });

  it("repeats market 18 once per line, whole lines too, and serves GG/NG as 29 and Double Chance as 10; the team totals only when asked for (no more shifted match lines)", async () => {
    const h = harness();
    const event = (await h.json<SportyList>(LIST)).data?.tournaments[0]?.events[0];
    const totals = event?.markets.filter((m) => m.id === "18") ?? [];
    expect(totals.map((m) => m.specifier)).toEqual([
      "total=0.5",
      "total=1.5",
      "total=2.5",
      "total=3.5",
      "total=4.5",
      "total=1",
      "total=2",
      "total=3",
      "total=4",
    ]);
    expect(event?.markets.some((m) => m.id === "19" || m.id === "20")).toBe(false);
    expect(totals[2]?.outcomes.map((o) => [o.id, o.desc])).toEqual([
      ["12", "Over 2.5"],
      ["13", "Under 2.5"],
    ]);
    expect(event?.markets.find((m) => m.id === "29")?.outcomes.map((o) => o.id)).toEqual(["74", "76"]);
    expect(event?.markets.find((m) => m.id === "10")?.outcomes.map((o) => o.id)).toEqual(["9", "10", "11"]);

    const asked = (await h.json<SportyList>(`${BASE}?sportId=sr:sport:1&marketId=19,20,60200`)).data?.tournaments[0]?.events[0];
    for (const id of ["19", "20"]) {
      const team = asked?.markets.filter((m) => m.id === id) ?? [];
      expect(team.map((m) => m.specifier).sort()).toEqual(expect.arrayContaining(["total=0.5", "total=1.5"]));
      expect(team[0]?.outcomes.map((o) => o.id)).toEqual(["12", "13"]);
      expect(team[0]?.desc).toMatch(/^.+ Over\/Under$/);
    }
    expect(asked?.markets.find((m) => m.id === "60200")?.outcomes.map((o) => o.id)).toEqual(["1", "2", "3"]);
    // Team totals are the model's own: home over 0.5 is no longer match over 1.5 at the same price.
    const fixture = h.sim.upcoming().find((f) => f.srId === asked?.eventId)!;
    const quoted = h.sim.quote("sportybet", fixture, h.sim.now(), "all") ?? [];
    const homeOver = quoted.find((m) => m.kind === "HOU" && m.line === 0.5);
    const matchOver = quoted.find((m) => m.kind === "OU" && m.line === 1.5);
    if (homeOver && matchOver) expect(homeOver.prices).not.toEqual(matchOver.prices);
  });

  it("carries every type SportyBet quotes in the league call (pcEvents) the adapter makes and the event call, with markets.json's ids and Sportradar specifiers", async () => {
    const h = harness();
    const fourOnly = await request(h.app)
      .post("/sportybet/api/ng/factsCenter/pcEvents")
      .set("content-type", "application/json")
      .send(JSON.stringify([{ sportId: "sr:sport:1", marketId: "1,18,10,29", tournamentId: [["sr:tournament:17"]] }]));
    const asked = new Set((JSON.parse(fourOnly.text) as { data: { events: SportyEvent[] }[] }).data[0]?.events.flatMap((e) => e.markets.map((m) => m.id)));
    expect(asked).toEqual(new Set(["1", "18", "10", "29"]));
    const response = await request(h.app)
      .post("/sportybet/api/ng/factsCenter/pcEvents")
      .set("content-type", "application/json")
      .send(sportybet.leagueRequests("", 1, new Date(h.sim.now()))[0]!.body!);
    const events = (JSON.parse(response.text) as { data: { events: SportyEvent[] }[] }).data[0]?.events ?? [];
    const ids = new Set(events.flatMap((e) => e.markets.map((m) => m.id)));
    for (const id of ["1", "10", "18", "29", "19", "20", "68", "90", "11", "60", "47", "45", "14", "16", "50", "51", "60200", "60100"]) expect(ids, id).toContain(id);
    const specifiers = new Set(events.flatMap((e) => e.markets.filter((m) => m.id === "14").map((m) => m.specifier)));
    expect([...specifiers].sort()).toEqual(["hcp=0:1", "hcp=0:2", "hcp=1:0", "hcp=2:0"]);
    const asian = events.flatMap((e) => e.markets.filter((m) => m.id === "16").map((m) => m.specifier ?? ""));
    expect(asian.every((s) => /^hcp=-?\d+(\.\d+)?$/.test(s))).toBe(true);
    const one = await h.json<{ data: SportyEvent }>(`/sportybet/api/ng/factsCenter/event?eventId=${events[0]?.eventId ?? ""}&productId=3`);
    expect(one.data.markets.some((m) => m.id === "45" && m.outcomes.some((o) => o.id === "288"))).toBe(true);
  });

  it("honours marketId, option=1 and paging like the real list", async () => {
    const h = harness();
    const only1x2 = await h.json<SportyList>(`${BASE}?sportId=sr:sport:1&marketId=1&option=1`);
    const events = only1x2.data?.tournaments.flatMap((t) => t.events) ?? [];
    expect(events.every((e) => e.markets.length === 1 && e.markets[0]?.id === "1")).toBe(true);
    expect(only1x2.data?.tournaments.every((t) => t.events.length <= 10)).toBe(true);
    const page2 = await h.json<SportyList>(`${BASE}?sportId=sr:sport:1&pageSize=5&pageNum=2`);
    expect(page2.data?.tournaments.flatMap((t) => t.events)).toHaveLength(5);
    expect(page2.data?.totalNum).toBe(events.length);
  });

  it("runs the list by kick-off across tournaments and pages it no larger than its page cap", async () => {
    const h = harness(42, undefined, undefined, 7);
    const whole = harness();
    const all = (await whole.json<SportyList>(LIST)).data?.tournaments.flatMap((t) => t.events) ?? [];
    const kickoffs = all.map((e) => e.estimateStartTime);
    const pages: SportyList[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
      pages.push(await h.json<SportyList>(LIST.replace("pageNum=1", `pageNum=${page}`)));
    }
    expect(pages.every((p) => p.data?.totalNum === all.length)).toBe(true);
    const paged = pages.map((p) => p.data?.tournaments.flatMap((t) => t.events) ?? []);
    expect(paged.every((events) => events.length <= 7)).toBe(true);
    expect(paged.flat().map((e) => e.eventId).sort()).toEqual(all.map((e) => e.eventId).sort());
    // Each page holds the next kick-offs, whatever their league.
    const firstPageLatest = Math.max(...paged[0]!.map((e) => e.estimateStartTime));
    expect([...kickoffs].sort((a, b) => a - b).slice(0, 7).every((k) => k <= firstPageLatest)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.data?.tournaments.map((t) => t.id) ?? [])).size).toBe(4);
  });
});

describe("SportyBet pcEvents and factsCenter/event", () => {
  const filter = (tournament: string) => JSON.stringify([{ sportId: "sr:sport:1", marketId: "1,18,10,29", tournamentId: [[tournament]] }]);

  it("answers a tournament-filtered POST with data as the list of that tournament's events", async () => {
    const h = harness();
    const response = await request(h.app).post("/sportybet/api/ng/factsCenter/pcEvents").set("Content-Type", "application/json").send(filter("sr:tournament:17"));
    expect(response.status).toBe(200);
    const body = JSON.parse(response.text) as { bizCode: number; data: { id: string; events: SportyEvent[] }[] };
    expect(body.bizCode).toBe(10000);
    expect(body.data.map((t) => t.id)).toEqual(["sr:tournament:17"]);
    expect(body.data[0]?.events.map((e) => e.eventId).sort()).toEqual(h.sim.listing("sportybet", 1).map((p) => p.fixture.srId).sort());
  });

  it("answers bizCode 19000 to a body that is not the filter, and 404 to a GET of pcEvents", async () => {
    const h = harness();
    const bad = await request(h.app).post("/sportybet/api/ng/factsCenter/pcEvents").set("Content-Type", "application/json").send("{}");
    expect(JSON.parse(bad.text)).toMatchObject({ bizCode: 19000, data: null });
    expect((await h.get("/sportybet/api/ng/factsCenter/pcEvents")).status).toBe(404);
  });

  it("serves one event by its Sportradar id, as the real factsCenter/event does", async () => {
    const h = harness();
    const fixture = h.sim.listing("sportybet", 2)[0]!.fixture;
    const one = await h.json<{ bizCode: number; data: SportyEvent }>(`/sportybet/api/ng/factsCenter/event?eventId=${fixture.srId}&productId=3`);
    expect(one.bizCode).toBe(10000);
    expect(one.data).toMatchObject({ eventId: fixture.srId, estimateStartTime: fixture.kickoff, banned: false });
    const missing = await h.json<{ bizCode: number }>("/sportybet/api/ng/factsCenter/event?eventId=sr:match:1&productId=3");
    expect(missing.bizCode).not.toBe(10000);
  });
});
