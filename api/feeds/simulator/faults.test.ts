import { describe, expect, it } from "vitest";
import type { BookmakerKey } from "../types.ts";
import type { AltenarList, Bet9jaList, BetkingList, SportyList, XbetList } from "../../../tests/helpers/simulator/payload-types.ts";
import { SIM_BOOKS, harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const first = (bk: BookmakerKey) => LEAGUE_PATHS[bk][0] as string;

describe("fault injection", () => {
  it("answers 503 with an HTML page during an outage, for that bookmaker only", async () => {
    const h = harness();
    h.sim.setFault("bet9ja", { kind: "outage" });
    const down = await h.get(first("bet9ja"));
    expect(down.status).toBe(503);
    expect(down.headers["content-type"]).toMatch(/text\/html/);
    expect((await h.get(first("betking"))).status).toBe(200);
  });

  it("answers 403 with a bot-challenge page when forbidden", async () => {
    const h = harness();
    h.sim.setFault("betking", { kind: "forbidden" });
    const blocked = await h.get(first("betking"));
    expect(blocked.status).toBe(403);
    expect(blocked.headers["content-type"]).toMatch(/text\/html/);
    expect(blocked.text).toContain("Just a moment...");
  });

  it("answers 200 with the same challenge page for the challenge fault", async () => {
    const h = harness();
    h.sim.setFault("sportybet", { kind: "challenge" });
    const page = await h.get(first("sportybet"));
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.text).toContain("Just a moment...");
  });

  it("waits the asked delay through the injected sleep before answering normally", async () => {
    const slept: number[] = [];
    const h = harness(42, undefined, async (ms) => {
      slept.push(ms);
    });
    h.sim.setFault("sportybet", { kind: "slow", delayMs: 12_000 });
    const slow = await h.get(first("sportybet"));
    expect(slept).toEqual([12_000]);
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.text)).toMatchObject({ bizCode: 10000 });
  });

  it("cuts the JSON in half when malformed, still as HTTP 200 application/json", async () => {
    const h = harness();
    const whole = (await h.get(first("nairabet"))).text;
    h.sim.setFault("nairabet", { kind: "malformed" });
    const broken = await h.get(first("nairabet"));
    expect(broken.status).toBe(200);
    expect(broken.headers["content-type"]).toMatch(/application\/json/);
    expect(whole.startsWith(broken.text)).toBe(true);
    expect(() => JSON.parse(broken.text)).toThrow();
  });

  it("answers each site's success envelope with no events when empty", async () => {
    const h = harness();
    for (const bk of SIM_BOOKS) h.sim.setFault(bk, { kind: "empty" });
    expect(await h.json<SportyList>(first("sportybet"))).toMatchObject({
      bizCode: 10000,
      data: { totalNum: 0, tournaments: [] },
    });
    expect(await h.json<Bet9jaList>(first("bet9ja"))).toEqual({ R: "OK", D: { E: [] } });
    expect(await h.json<BetkingList>(first("betking"))).toEqual({ AreaMatches: [], TotalNoOfItems: 0 });
    expect(await h.json<AltenarList>(first("nairabet"))).toMatchObject({ events: [], markets: [], odds: [] });
    expect(await h.json<XbetList>(first("1xbet"))).toMatchObject({ Success: true, Value: [] });
  });

  it("answers HTTP 200 with each site's failure flag for error-envelope", async () => {
    const h = harness();
    for (const bk of SIM_BOOKS) h.sim.setFault(bk, { kind: "error-envelope" });
    expect((await h.json<SportyList>(first("sportybet"))).bizCode).not.toBe(10000);
    expect((await h.json<{ R: string }>(first("bet9ja"))).R).toBe("E");
    expect((await h.json<{ Success: boolean }>(first("1xbet"))).Success).toBe(false);
    expect(await h.json<object>(first("betking"))).not.toHaveProperty("AreaMatches");
    expect(await h.json<object>(first("nairabet"))).not.toHaveProperty("events");
  });

  it("fails only the paths a fault names, such as Bet9ja's per-event call", async () => {
    const h = harness();
    h.sim.setFault("bet9ja", { kind: "malformed", path: /\/GetEvent$/ });
    const list = await h.json<Bet9jaList>(first("bet9ja"));
    expect(list.R).toBe("OK");
    const id = list.D.E[0]!.ID;
    const event = await h.get(`/bet9ja/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=${id}`);
    expect(event.status).toBe(200);
    expect(() => JSON.parse(event.text)).toThrow();
  });

  it("serves normally again once the fault is cleared", async () => {
    const h = harness();
    h.sim.setFault("1xbet", { kind: "outage" });
    expect(h.sim.fault("1xbet")).toEqual({ kind: "outage" });
    h.sim.setFault("1xbet", null);
    expect(h.sim.fault("1xbet")).toBeNull();
    expect((await h.get(first("1xbet"))).status).toBe(200);
  });

  it("answers 404 for paths no site serves", async () => {
    const h = harness();
    expect((await h.get("/sportybet/api/ng/factsCenter/nothing")).status).toBe(404);
    expect((await h.get("/bet9ja/desktop/feapi/PalimpsestAjax/GetSomething")).status).toBe(404);
    expect((await h.get("/betking/api/feeds/prematch/en/4/20000841/0")).status).toBe(404);
    expect((await h.get("/unknown/api")).status).toBe(404);
    expect((await h.get("/")).status).toBe(404);
  });
});
