import { describe, expect, it } from "vitest";
import type { OddsEvent } from "#shared/contract.ts";
import { NEXT_PAGE_SIZE, nextPage, parseCursor } from "./next-page.ts";

const T0 = Date.UTC(2026, 11, 5, 12, 0);
const MINUTE = 60_000;

function event(id: string, competitionId: number, kickoffIn: number, markets = [1, 4]): OddsEvent {
  return {
    id,
    name: `${id} home vs ${id} away`,
    home: `${id} home`,
    away: `${id} away`,
    date: new Date(T0 + kickoffIn).toISOString(),
    competitionId,
    markets: markets.map((marketId) => ({ marketId, odds: [{ provider: 1, margin: 5, updatedAt: new Date(T0 - kickoffIn).toISOString(), odds: [] }] })),
  };
}

/** Walks every page from the first, as a client follows `next`. */
function allPages(events: OddsEvent[], market: number, until?: number) {
  const pages = [];
  let after: { kickoff: number; id: string } | undefined;
  for (;;) {
    const page = nextPage(events, { market, ...(after ? { after } : {}), ...(until === undefined ? {} : { until }) }, T0, 60);
    pages.push(page);
    if (!page.next) return pages;
    after = parseCursor(page.next);
  }
}

describe("nextPage", () => {
  it("lists upcoming events of one market across competitions in kick-off order, each with that market alone, and leaves out what has kicked off", () => {
    const events = [event("c", 7, 30 * MINUTE), event("a", 1, 10 * MINUTE), event("gone", 1, -MINUTE), event("b", 10_000, 20 * MINUTE, [1]), event("d", 2, 40 * MINUTE)];
    const page = nextPage(events, { market: 4 }, T0, 60);
    expect(page.events.map((e) => e.id)).toEqual(["a", "c", "d"]);
    expect(page.events.every((e) => e.markets.length === 1 && e.markets[0]!.marketId === 4)).toBe(true);
    expect(page.next).toBeUndefined();
    expect(page.intervalS).toBe(60);
    expect(page.updatedAt).toBe(new Date(T0 - 10 * MINUTE).toISOString());
  });

  it("narrows to the competitions named and ends at `until`", () => {
    const events = [event("a", 1, 10 * MINUTE), event("b", 10_000, 20 * MINUTE), event("c", 7, 30 * MINUTE), event("d", 10_000, 3 * 60 * MINUTE)];
    expect(nextPage(events, { market: 1, competitions: [10_000, 7] }, T0, 60).events.map((e) => e.id)).toEqual(["b", "c", "d"]);
    expect(nextPage(events, { market: 1, until: T0 + 30 * MINUTE }, T0, 60).events.map((e) => e.id)).toEqual(["a", "b"]);
  });

  it("pages 50 at a time: following `next` gives every event once, in order, even where many kick off together", () => {
    // 130 events, 40 of them at one kick-off across a page's end.
    const events = Array.from({ length: 130 }, (_, i) => event(`e${String(i).padStart(3, "0")}`, 1 + (i % 5), (i < 40 ? 15 : 15 + i) * MINUTE)).reverse();
    const pages = allPages(events, 1);
    expect(pages.map((p) => p.events.length)).toEqual([NEXT_PAGE_SIZE, NEXT_PAGE_SIZE, 30]);
    const ids = pages.flatMap((p) => p.events.map((e) => e.id));
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(130);
  });

  it("starts a day from an instant: a cursor with no event id takes every event kicking off at or after it", () => {
    const events = [event("a", 1, 10 * MINUTE), event("b", 1, 60 * MINUTE), event("c", 1, 60 * MINUTE)];
    expect(nextPage(events, { market: 1, after: { kickoff: T0 + 60 * MINUTE, id: "" } }, T0, 60).events.map((e) => e.id)).toEqual(["b", "c"]);
  });

  it("reads only cursors it wrote", () => {
    expect(parseCursor("1733400000000~sr:match:1")).toEqual({ kickoff: 1733400000000, id: "sr:match:1" });
    expect(parseCursor("1733400000000~")).toEqual({ kickoff: 1733400000000, id: "" });
    for (const bad of ["", "abc", "~x", "-1~x", "1.5~x", `1~${"x".repeat(201)}`]) expect(parseCursor(bad), bad).toBeUndefined();
  });
});
