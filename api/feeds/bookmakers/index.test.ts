import { describe, expect, it } from "vitest";
import { readFeedFixture } from "../../../tests/fixtures/feeds/read-fixture.ts";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../types.ts";
import { ADAPTERS } from "./index.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const entries = Object.entries(ADAPTERS) as [BookmakerKey, (typeof ADAPTERS)[BookmakerKey]][];

describe("adapter registry", () => {
  it("has one adapter per bookmaker, each under its own key", () => {
    expect(Object.keys(ADAPTERS).sort()).toEqual(Object.keys(BOOKMAKER_ID_BY_KEY).sort());
    for (const [key, adapter] of entries) expect(adapter.key).toBe(key);
  });

  it("builds every league's requests on top of the simulator's per-bookmaker origin", () => {
    for (const [key, adapter] of entries) {
      for (const competitionId of [1, 2, 3, 4]) {
        const requests = adapter.leagueRequests(`http://127.0.0.1:5555/${key}`, competitionId, NOW);
        expect(requests.length).toBeGreaterThan(0);
        for (const request of requests) {
          expect(request.url.startsWith(`http://127.0.0.1:5555/${key}/`)).toBe(true);
          expect(Object.keys(request.headers)).toEqual(
            expect.arrayContaining(["User-Agent", "Accept", "Accept-Language", "Referer", "Origin"]),
          );
        }
      }
    }
  });

  it("asks nothing for a competition outside the four leagues", () => {
    for (const [, adapter] of entries)
      expect(adapter.leagueRequests(adapter.liveBaseUrl, 5, NOW)).toEqual([]);
  });

  it("answers a failure, never a throw, for any malformed body", () => {
    const bodies = ["null", "[]", "{}", "42", '"text"', "{", readFeedFixture("challenge-page.html"), " "];
    for (const [, adapter] of entries) {
      for (const body of bodies) {
        const result = adapter.parseLeague(body, 1, NOW);
        expect(result.ok, `${adapter.key} on ${body.slice(0, 20)}`).toBe(false);
      }
    }
  });
});
