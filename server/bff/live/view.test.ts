import { describe, expect, it } from "vitest";
import { parseView, touchedKeys, viewKey } from "./view.ts";

describe("parseView", () => {
  it("accepts a competition and market, a market alone (every league), or an event with or without a market", () => {
    expect(parseView({ country: "1", competition: "2", market: "4" })).toEqual({ ok: true, view: { country: 1, competition: 2, market: 4 } });
    expect(parseView({ country: "1", market: "4" })).toEqual({ ok: true, view: { country: 1, market: 4 } });
    expect(parseView({ country: "1" })).toEqual({ ok: true, view: { country: 1 } });
    expect(parseView({ country: "1", event: "c1:x" })).toEqual({ ok: true, view: { country: 1, event: "c1:x" } });
    expect(parseView({ country: "1", event: "c1:x", market: "4" })).toEqual({ ok: true, view: { country: 1, event: "c1:x", market: 4 } });
  });

  it("refuses unknown ids, repeated parameters, a missing market, and competition with event", () => {
    for (const query of [{ country: "4", competition: "1", market: "1" }, { country: "1", competition: "5", market: "1" }, { country: "1", competition: "1", market: "9" }, { country: "1", competition: "1" }, { country: "1", competition: "1", market: ["1", "2"] }, { country: "1", competition: "1", event: "c1:x" }, { country: "1", market: "9" }, { country: "1", market: ["1", "2"] }, { country: "1", event: "" }, { country: "1", competition: "01.5", market: "1" }]) {
      expect(parseView(query).ok).toBe(false);
    }
  });

  it("files a view under exactly one of the keys its changes touch", () => {
    const keys = touchedKeys({ id: "c1:x", competitionId: 1, marketId: 4 });
    for (const query of [{ country: "1", competition: "1", market: "4" }, { country: "1", market: "4" }, { country: "1", event: "c1:x" }, { country: "1", event: "c1:x", market: "4" }, { country: "1" }]) {
      const check = parseView(query);
      expect(check.ok && keys.includes(viewKey(check.view))).toBe(true);
    }
    for (const query of [{ country: "1", competition: "1", market: "1" }, { country: "1", competition: "2", market: "4" }, { country: "1", market: "1" }, { country: "1", event: "c1:x", market: "1" }]) {
      const check = parseView(query);
      expect(check.ok && keys.includes(viewKey(check.view))).toBe(false);
    }
  });

  it("sends a change beyond the four leagues to its match's views and the tools', never to the dashboard's list of the four", () => {
    const keys = touchedKeys({ id: "sr:match:1", competitionId: 10_172, marketId: 1 });
    const filed = (query: Record<string, string>) => {
      const check = parseView(query);
      return check.ok && keys.includes(viewKey(check.view));
    };
    expect([filed({ country: "1", event: "sr:match:1" }), filed({ country: "1", event: "sr:match:1", market: "1" }), filed({ country: "1" })]).toEqual([true, true, true]);
    expect(filed({ country: "1", market: "1" })).toBe(false);
  });
});
