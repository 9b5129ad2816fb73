import request from "supertest";
import { describe, expect, it } from "vitest";
import { planPct } from "#shared/math/bookmaker-rules.ts";
import { decodeBonusPlan } from "../bookmakers/sportybet/sportybet-bonus-plan.ts";
import { harness, LEAGUE_PATHS } from "../../../tests/helpers/simulator/sim-harness.ts";

const PLAN_PATH = "/sportybet/api/ng/promotion/v2/bonus/plans/valid";
const AT = new Date("2026-11-24T10:00:00Z");

type PlanAnswer = {
  bizCode: number;
  data: { entityList: { planName: string; qualifyingOddsLimit: number; bonusRatios: { qualifyingSelections: number; min: number; max: number }[] }[] };
};

describe("SportyBet bonus plan", () => {
  it("serves the plan at the real path in the real shape, every number x10^4, a step for 2 to 40 selections", async () => {
    const body = await harness().json<PlanAnswer>(PLAN_PATH);

    expect(body).toMatchObject({ bizCode: 10000, message: "Success" });
    const [plan, ...others] = body.data.entityList;
    expect(others).toEqual([]);
    expect(plan).toMatchObject({ planName: expect.stringMatching(/^MBB_\d+$/), qualifyingOddsLimit: 12000, factor: 10000 });
    expect(plan?.bonusRatios.map((r) => r.qualifyingSelections)).toEqual(Array.from({ length: 39 }, (_, i) => i + 2));
    expect(plan?.bonusRatios.every((r) => Number.isInteger(r.min) && Number.isInteger(r.max) && r.min < r.max)).toBe(true);
  });

  it("pays what real football slips were paid on 2026-09-25 at 4, 6, 10 and 20 legs, and more for every further leg", async () => {
    const plan = decodeBonusPlan((await harness().get(PLAN_PATH)).text, AT);
    if (!plan.ok || !plan.value) throw new Error("the simulator served no plan");

    expect(plan.value.footballFactor).toBe(0.6);
    expect([4, 6, 10, 20].map((legs) => planPct(plan.value!, legs))).toEqual([0.048, 0.096, 0.198, 0.42].map((pct) => expect.closeTo(pct, 10)));
    const pcts = Array.from({ length: 39 }, (_, i) => planPct(plan.value!, i + 2));
    expect(pcts.every((pct, i) => i === 0 || pct > pcts[i - 1]!)).toBe(true);
  });

  it("fails as its other endpoints do: an outage of the plan path alone, and no plan in the empty and error faults", async () => {
    const h = harness();
    h.sim.setFault("sportybet", { kind: "outage", path: /\/bonus\/plans\// });
    expect((await h.get(PLAN_PATH)).status).toBe(503);
    expect((await h.get(LEAGUE_PATHS.sportybet[0]!)).status).toBe(200);

    h.sim.setFault("sportybet", { kind: "empty" });
    expect(decodeBonusPlan((await h.get(PLAN_PATH)).text, AT)).toEqual({ ok: true, value: undefined });

    h.sim.setFault("sportybet", { kind: "error-envelope" });
    expect(decodeBonusPlan((await h.get(PLAN_PATH)).text, AT)).toMatchObject({ ok: false, error: expect.stringMatching(/^bizCode 19000/) });

    h.sim.setFault("sportybet", { kind: "challenge" });
    expect(decodeBonusPlan((await h.get(PLAN_PATH)).text, AT)).toMatchObject({ ok: false, blocked: true });
  });

  it("answers only GET at the plan path", async () => {
    expect((await request(harness().app).post(PLAN_PATH).send("{}")).status).toBe(404);
  });
});
