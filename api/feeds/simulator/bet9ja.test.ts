import { describe, expect, it } from "vitest";
import type { Bet9jaEventAnswer, Bet9jaList } from "../../../tests/helpers/simulator/payload-types.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const EPL = LEAGUE_PATHS.bet9ja[0] as string;
const allLeagues = (h: ReturnType<typeof harness>) =>
  Promise.all(LEAGUE_PATHS.bet9ja.map((p) => h.json<Bet9jaList>(p))).then((lists) =>
    lists.flatMap((l) => l.D.E),
  );

describe("Bet9ja PalimpsestAjax", () => {
  it("serves a league list keyed S_<MARKET>[@<LINE>]_<OUTCOME> with string odds and no GG/NG", async () => {
    const h = harness();
    const body = await h.json<Bet9jaList>(EPL);
    expect(body.R).toBe("OK");
    const event = body.D.E[0];
    expect(event).toMatchObject({
      GN: "Premier League",
      GID: 170880,
      SG: "England",
      // Sportradar's match number, bare, as in the real GetEvent captures.
      EXTID: expect.stringMatching(/^\d{8}$/),
      IS_BOOSTED: false,
      BOOSTED_ODDS: [],
      BOOSTED_MARKETS: [],
    });
    expect(event?.DS).toMatch(/^.+ - .+$/);
    expect(event?.O).toMatchObject({
      S_1X2_1: expect.any(String),
      S_1X2_X: expect.any(String),
      S_DC_X2: expect.any(String),
      "S_OU@2.5_O": expect.any(String),
    });
    // Two-decimal prices, and "1" for a closed line.
    expect(Object.values(event?.O ?? {}).every((v) => /^\d+\.\d{2}$/.test(v) || v === "1")).toBe(true);
    const events = await allLeagues(h);
    expect(events.some((e) => Object.keys(e.O).some((k) => k.startsWith("S_GGNG")))).toBe(false);
  });

  it("writes STARTDATE as naive UTC, as the real site does, in both the space and the T form", async () => {
    const h = harness();
    const events = await allLeagues(h);
    const kickoffs = new Map(h.sim.upcoming().map((f) => [f.srId, f.kickoff]));
    for (const e of events) {
      expect(e.STARTDATE).toMatch(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/);
      const asUtc = Date.parse(`${e.STARTDATE.replace(" ", "T")}Z`);
      expect(asUtc).toBe(kickoffs.get(`sr:match:${e.EXTID}`));
      expect(e).not.toHaveProperty("STARTDATEUTC");
    }
    expect(events.some((e) => e.STARTDATE.includes(" "))).toBe(true);
    expect(events.some((e) => e.STARTDATE.includes("T"))).toBe(true);
  });

  it("answers GetEvent with EXTID and the full map including S_GGNG_Y and S_GGNG_N", async () => {
    const h = harness();
    const listed = (await h.json<Bet9jaList>(EPL)).D.E[0];
    const one = await h.json<Bet9jaEventAnswer>(
      `/bet9ja/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=${listed?.ID}`,
    );
    expect(one.R).toBe("OK");
    expect(one.D).toMatchObject({
      ID: listed?.ID,
      EXTID: listed?.EXTID,
      DS: listed?.DS,
      STARTDATE: listed?.STARTDATE,
    });
    expect(one.D.O).toMatchObject({
      ...listed?.O,
      S_GGNG_Y: expect.any(String),
      S_GGNG_N: expect.any(String),
    });
    const missing = await h.json<{ R: string }>("/bet9ja/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=1");
    expect(missing.R).toBe("E");
  });

  it("serves the same under the mobile path, which adds STARTDATEUTC", async () => {
    const h = harness();
    const desktop = await h.json<Bet9jaList>(EPL);
    const mobile = await h.json<Bet9jaList>(EPL.replace("/desktop/", "/mobile/"));
    expect(mobile.D.E.map((e) => [e.ID, e.O])).toEqual(desktop.D.E.map((e) => [e.ID, e.O]));
    const first = mobile.D.E[0];
    expect(Date.parse(first?.STARTDATEUTC ?? "")).toBe(
      Date.parse(`${first?.STARTDATE.replace(" ", "T")}Z`),
    );
  });

  it("leaves O/U 0.5 out for some fixtures but always serves 1X2", async () => {
    const events = await allLeagues(harness());
    expect(events.every((e) => "S_1X2_1" in e.O)).toBe(true);
    expect(events.some((e) => !("S_OU@0.5_O" in e.O))).toBe(true);
    expect(events.some((e) => "S_OU@0.5_O" in e.O)).toBe(true);
  });
});
