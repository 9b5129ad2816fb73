import { afterEach, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "./start-simulator.ts";
import type { Bet9jaList, SportyList } from "../../../tests/helpers/simulator/payload-types.ts";
import { TUESDAY } from "../../../tests/helpers/simulator/sim-harness.ts";

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
});
