import { afterEach, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "./start-simulator.ts";
import type { Bet9jaList, SportyList } from "../../../tests/helpers/simulator/payload-types.ts";
import { TUESDAY } from "../../../tests/helpers/simulator/sim-harness.ts";
import type { BookmakerKey } from "../types.ts";

/** Every price one bookmaker serves for the first league, as served by the running simulator. */
function pricesAt(sim: RunningSimulator, bookmaker: BookmakerKey): string {
  return JSON.stringify(sim.sim.listing(bookmaker, 1).map((f) => [f.fixture.kickoff, f.markets.map((m) => m.prices)]));
}

let running: RunningSimulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("startSimulator", () => {
  it("listens on loopback and serves each bookmaker under its base URL", async () => {
    running = await startSimulator({ seed: 5, now: () => TUESDAY });
    expect(running.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.baseUrl("1xbet")).toBe(`${running.origin}/1xbet`);
    const sporty = await fetch(
      `${running.baseUrl("sportybet")}/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1`,
    );
    expect(sporty.status).toBe(200);
    expect(((await sporty.json()) as SportyList).data?.tournaments).toHaveLength(4);
    const bet9ja = await fetch(
      `${running.baseUrl("bet9ja")}/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=170880`,
    );
    expect(((await bet9ja.json()) as Bet9jaList).D.E.length).toBeGreaterThan(5);
  });

  it("exposes the simulator so a test can switch faults on the running server", async () => {
    running = await startSimulator({ seed: 5, now: () => TUESDAY });
    running.sim.setFault("nairabet", { kind: "outage" });
    const response = await fetch(`${running.baseUrl("nairabet")}/api/widget/GetEvents?champIds=2936`);
    expect(response.status).toBe(503);
  });

  it("moves prices every priceStepMs (SIM_STEP_S) and keeps kick-offs on their own grid", async () => {
    let now = TUESDAY;
    running = await startSimulator({ seed: 5, now: () => now, priceStepMs: 5_000 });
    const fast = running;
    const slow = await startSimulator({ seed: 5, now: () => now });
    try {
      const kickoffs = (sim: RunningSimulator) => JSON.stringify(sim.sim.listing("betking", 1).map((f) => [f.fixture.home.key, f.fixture.kickoff]));
      const seen = new Set<string>();
      const slowSeen = new Set<string>();
      for (let step = 0; step < 12; step += 1) {
        now = TUESDAY + step * 5_000;
        seen.add(pricesAt(fast, "betking"));
        slowSeen.add(pricesAt(slow, "betking"));
        expect(kickoffs(fast)).toBe(kickoffs(slow));
      }
      // A minute of 5-second steps moves prices; the default 5-minute step holds them all minute.
      expect(seen.size).toBeGreaterThan(3);
      expect(slowSeen.size).toBe(1);
      // Within one step they stand still.
      now = TUESDAY + 5_000;
      const atStep = pricesAt(fast, "betking");
      now = TUESDAY + 9_999;
      expect(pricesAt(fast, "betking")).toBe(atStep);
    } finally {
      await slow.close();
    }
  });
});
