import { describe, expect, it } from "vitest";
import { planPct } from "#shared/math/bookmaker-rules.ts";
import { readFeedFixture, readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { bonusPlanRequest, decodeBonusPlan, parseBonusPlan } from "./sportybet-bonus-plan.ts";

const PLAN = "sportybet-bonus-plans-valid.json";
const FETCHED = new Date("2026-11-25T09:00:00Z");

type Answer = { bizCode: number; data: { entityList: Record<string, unknown>[]; bonusFactorVOList: Record<string, unknown>[] } };

/** The fixture edited, as a body again. */
function edited(edit: (answer: Answer) => void): string {
  const answer = readFeedJson<Answer>(PLAN);
  edit(answer);
  return JSON.stringify(answer);
}

describe("sportybet bonus plan request", () => {
  it("asks the plan path at the origin given, with the site's own headers", () => {
    const request = bonusPlanRequest("http://127.0.0.1:5555/sportybet");

    expect(request.url).toBe("http://127.0.0.1:5555/sportybet/api/ng/promotion/v2/bonus/plans/valid");
    expect(request.method).toBeUndefined();
    expect(request.headers).toMatchObject({
      "User-Agent": expect.stringContaining("Chrome/"),
      Referer: "https://www.sportybet.com/ng/sport/football",
      Origin: "https://www.sportybet.com",
      clientid: "web",
      operid: "2",
      platform: "web",
    });
  });
});

describe("sportybet bonus plan parsing", () => {
  it("reads the plan with every x10^4 number as a fraction, and the football factor of the sport entry in force", () => {
    const plan = parseBonusPlan(readFeedFixture(PLAN), FETCHED);

    expect(plan).toMatchObject({ name: "MBB_1789000000000", minLegOdds: 1.2, footballFactor: 0.6, fetchedAt: "2026-11-25T09:00:00.000Z" });
    expect(plan?.ratios.slice(0, 5)).toEqual([
      { legs: 2, min: 0, max: 0.03 },
      { legs: 3, min: 0, max: 0.05 },
      { legs: 4, min: 0, max: 0.08 },
      { legs: 5, min: 0.03, max: 0.12 },
      { legs: 6, min: 0.07, max: 0.16 },
    ]);
  });

  it("gives the percentages measured on real slips (4, 6, 10 and 20 legs) from a plan of the real shape", () => {
    const plan = parseBonusPlan(readFeedFixture(PLAN), FETCHED)!;

    expect([4, 6, 10, 20].map((legs) => planPct(plan, legs))).toEqual([0.048, 0.096, 0.198, 0.42].map((pct) => expect.closeTo(pct, 10)));
  });

  it("skips a deleted and a switched-off football entry, and a tournament's entry, for the sport's factor", () => {
    const withoutLive = edited((answer) => {
      answer.data.bonusFactorVOList = answer.data.bonusFactorVOList.filter((f) => f.bonusFactor !== 6000);
    });

    expect(parseBonusPlan(withoutLive, FETCHED)?.footballFactor).toBe(1);
  });

  it("takes a football factor of 1 when the plan lists no factors at all", () => {
    const noFactors = edited((answer) => {
      delete (answer.data as Partial<Answer["data"]>).bonusFactorVOList;
    });

    expect(parseBonusPlan(noFactors, FETCHED)?.footballFactor).toBe(1);
  });

  it("sorts the plan's steps by the number of qualifying legs", () => {
    const shuffled = edited((answer) => {
      (answer.data.entityList[0]!.bonusRatios as unknown[]).reverse();
    });

    expect(parseBonusPlan(shuffled, FETCHED)?.ratios.map((r) => r.legs)).toEqual([2, 3, 4, 5, 6, 10, 20, 40]);
  });

  it("finds no plan in a bizCode other than 10000, and says which", () => {
    const refused = readFeedFixture("sportybet-bizcode-error.json");

    expect(parseBonusPlan(refused, FETCHED)).toBeUndefined();
    expect(decodeBonusPlan(refused, FETCHED)).toEqual({ ok: false, error: "bizCode 19000 (Illegal request)" });
  });

  it("finds no plan in a success without an entity", () => {
    const empty = edited((answer) => {
      answer.data.entityList = [];
    });

    expect(decodeBonusPlan(empty, FETCHED)).toEqual({ ok: true, value: undefined });
  });

  it("reports a challenge page as blocked, never as no plan or a parse error", () => {
    const page = decodeBonusPlan(readFeedFixture("challenge-page.html"), FETCHED);

    expect(page).toMatchObject({ ok: false, blocked: true, error: expect.stringMatching(/^blocked:/) });
  });

  it("names the path of a shape it does not know", () => {
    const changed = edited((answer) => {
      delete answer.data.entityList[0]!.bonusRatios;
    });

    expect(decodeBonusPlan(changed, FETCHED)).toEqual({ ok: false, error: expect.stringContaining("data.entityList.0.bonusRatios") });
    expect(parseBonusPlan(changed, FETCHED)).toBeUndefined();
  });
});
