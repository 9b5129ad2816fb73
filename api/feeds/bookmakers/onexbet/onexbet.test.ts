import { describe, expect, it } from "vitest";
import { readFeedFixture, readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../../tests/fixtures/feeds/results.ts";
import type { Offer } from "../../types.ts";
import { onexbet } from "./onexbet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const LEAGUE = "onexbet-Get1x2_VZip-bundesliga.json";

type Body = { Value: Record<string, unknown>[] };

function offers(body = readFeedFixture(LEAGUE)): Offer[] {
  return offersOf(onexbet.parseLeague(body, 4, NOW));
}

function withGames(edit: (games: Record<string, unknown>[]) => Record<string, unknown>[]): string {
  const json = readFeedJson<Body>(LEAGUE);
  json.Value = edit(json.Value);
  return JSON.stringify(json);
}

describe("1xbet requests", () => {
  it("asks the line feed for one champ with the partner and country the mirror expects", () => {
    expect(onexbet.leagueRequests(onexbet.liveBaseUrl, 4, NOW)).toEqual([
      {
        url:
          "https://ng.1x001.com/service-api/LineFeed/Get1x2_VZip?sports=1&champs=96463&count=50&lng=en&mode=4" +
          "&country=159&partner=159&getEmpty=true",
        headers: expect.objectContaining({
          "User-Agent": expect.stringContaining("Chrome/"),
          "Accept-Language": expect.stringMatching(/^en-NG/),
          Referer: "https://ng.1x001.com/en/line/football",
          Origin: "https://ng.1x001.com",
        }),
      },
    ]);
  });

  it("uses the champ id of each league on top of the simulator's origin", () => {
    const champs = [1, 2, 3, 4].map((id) => {
      const url = onexbet.leagueRequests("http://127.0.0.1:5555/1xbet", id, NOW)[0]?.url ?? "";
      expect(url.startsWith("http://127.0.0.1:5555/1xbet/service-api/LineFeed/Get1x2_VZip?")).toBe(true);
      return new URL(url).searchParams.get("champs");
    });

    expect(champs).toEqual(["88637", "127733", "110163", "96463"]);
  });
});

describe("1xbet parsing", () => {
  it("reads prices flat in E and grouped in AE, every line 0.5 to 5.5 and BTTS, to three decimals", () => {
    const [bayern] = offers();

    expect(bayern).toEqual({
      bookmaker: "1xbet",
      externalId: "612340001",
      competitionId: 4,
      bookCompetition: { id: "96463", name: "Germany. Bundesliga", country: "Germany" },
      home: "Bayern Munich",
      away: "Borussia Dortmund",
      kickoff: new Date("2026-09-19T16:30:00Z"),
      prices: [
        price(1, 1, 1.452),
        price(1, 2, 5.1),
        price(1, 3, 6.25),
        price(2, 4, 1.04),
        price(2, 5, 11.5),
        price(3, 6, 1.16),
        price(3, 7, 5.2),
        price(4, 8, 1.375),
        price(4, 9, 3.07),
        price(5, 10, 1.37),
        price(5, 11, 3.08),
        price(6, 12, 3.3),
        price(6, 13, 1.33),
        price(7, 14, 1.585),
        price(7, 15, 2.335),
        price(8, 16, 1.09),
        price(8, 17, 1.19),
        price(8, 18, 2.79),
        price(9, 19, 5.6),
        price(9, 20, 1.14),
      ],
    });
  });

  it("drops placeholders and takes Double Chance from an AE group alone", () => {
    const leipzig = offers().find((o) => o.externalId === "612340002");

    expect(leipzig?.prices).toEqual([
      price(1, 1, 2.185),
      price(1, 3, 3.26),
      price(4, 9, 1.72),
      price(8, 16, 1.33),
      price(8, 17, 1.28),
      price(8, 18, 1.76),
    ]);
  });

  it("leaves out past games and a 2. Bundesliga game in the answer, and sets no Sportradar id", () => {
    const result = offers();

    expect(result.map((o) => [o.home, o.away])).toEqual([
      ["Bayern Munich", "Borussia Dortmund"],
      ["RB Leipzig", "Eintracht Frankfurt"],
    ]);
    expect(result.every((o) => o.srId === undefined)).toBe(true);
  });

  it("refuses a game whose league name is not ours even under our LI", () => {
    const body = withGames((games) =>
      games.map((g) => (g.I === 612340001 ? { ...g, L: "Austria. Bundesliga" } : g)),
    );

    expect(offers(body).map((o) => o.externalId)).toEqual(["612340002"]);
  });

  it("answers no offers, and no failure, for an empty line", () => {
    expect(onexbet.parseLeague(JSON.stringify({ Success: true, Error: "", Value: [] }), 4, NOW)).toEqual({
      ok: true,
      offers: [],
    });
  });
});

describe("1xbet failures", () => {
  it("fails on Success false with the site's error text", () => {
    expect(errorOf(onexbet.parseLeague(readFeedFixture("onexbet-error.json"), 4, NOW))).toBe(
      "Success is false (Partner is not found)",
    );
  });

  it("fails when the champ id answers only other leagues", () => {
    const body = withGames((games) => games.filter((g) => g.LI === 96464));

    expect(errorOf(onexbet.parseLeague(body, 4, NOW))).toBe(
      "answered only other leagues (96464 Germany. 2. Bundesliga), not 96463",
    );
  });

  it("fails on a game without a team name", () => {
    const body = withGames((games) => games.map(({ O2: _away, ...g }) => g));

    expect(errorOf(onexbet.parseLeague(body, 4, NOW))).toMatch(/^unexpected payload shape: Value\.0\.O2: /);
  });

  it("fails on a success without Value", () => {
    expect(errorOf(onexbet.parseLeague(JSON.stringify({ Success: true, Error: "" }), 4, NOW))).toMatch(
      /Value/,
    );
  });

  it("fails on the challenge page and on an empty body", () => {
    expect(onexbet.parseLeague(readFeedFixture("challenge-page.html"), 4, NOW)).toMatchObject({
      ok: false,
      blocked: true,
      error: expect.stringMatching(/^blocked: answered a bot challenge page/),
    });
    expect(errorOf(onexbet.parseLeague("", 4, NOW))).toBe("empty body");
  });
});

describe("1xbet corrections of 2026-11", () => {
  const GAME = "onexbet-GetGameZip-612340002.json";
  const leipzig = () => offers().find((o) => o.externalId === "612340002")!;

  it("skips blocked outcomes (B), whole lines, and group 19's T 11273/11274 that carry a line", () => {
    const body = withGames((games) =>
      games.map((g) =>
        g.I === 612340002
          ? {
              ...g,
              E: [...(g.E as object[]), { C: 1.001, B: true, G: 8, T: 4 }, { C: 2.2, B: false, G: 8, T: 5 }],
              AE: [
                { G: 17, ME: [{ C: 1.5, G: 17, T: 9, P: 2 }, { C: 2.5, G: 17, T: 10, P: 2 }] },
                { G: 19, ME: [{ C: 1.84, G: 19, T: 11273, P: 2 }, { C: 1.95, G: 19, T: 180, P: 2 }] },
              ],
            }
          : g,
      ),
    );
    const offer = offersOf(onexbet.parseLeague(body, 4, NOW)).find((o) => o.externalId === "612340002")!;

    expect(offer.prices.filter((p) => p.marketId === 8)).toEqual([price(8, 17, 2.2)]);
    expect(offer.prices.filter((p) => p.marketId === 7)).toEqual([]);
    // Only the listing's Under 2.5 (its Over is a placeholder): the whole line 2 added nothing.
    expect(offer.prices.filter((p) => p.marketId >= 2 && p.marketId <= 6).map((p) => p.selectionTypeId)).toEqual([9]);
  });

  it("asks GetGameZip, id first in the site's parameter order, for games whose listing lacks totals or BTTS", () => {
    const requests = onexbet.eventRequests!("http://127.0.0.1:5555/1xbet", offers());

    // Bayern's listing has every line and BTTS; Leipzig's lacks BTTS.
    expect(requests.map((r) => r.externalId)).toEqual(["612340002"]);
    expect(requests[0]?.request.url).toBe(
      "http://127.0.0.1:5555/1xbet/service-api/LineFeed/GetGameZip?id=612340002&lng=en&isSubGames=true&GroupEvents=true&countevents=250&grMode=4&partner=159&country=159&marketType=1",
    );
  });

  it("merges GetGameZip's lines and BTTS, skipping blocked, whole-line and non-BTTS outcomes", () => {
    const [merged] = offersOf(onexbet.parseEvent!(readFeedFixture(GAME), leipzig()));

    expect(merged?.prices).toEqual([
      price(1, 1, 1.712),
      price(1, 2, 4.12),
      price(1, 3, 4.6),
      price(2, 4, 1.09),
      price(2, 5, 7.9),
      price(3, 6, 1.3),
      price(3, 7, 3.6),
      // 2.5 is blocked in the game answer: the listing's 2.5 stands until the next listing.
      ...leipzig().prices.filter((p) => p.marketId === 4),
      price(5, 10, 2.45),
      price(5, 11, 1.56),
      price(7, 14, 1.56),
      price(7, 15, 2.38),
      ...leipzig().prices.filter((p) => p.marketId === 8),
    ]);
  });

  it("fails when GetGameZip answers another game", () => {
    const bayern = offers().find((o) => o.externalId === "612340001")!;
    expect(errorOf(onexbet.parseEvent!(readFeedFixture(GAME), bayern))).toBe("GetGameZip answered game 612340002, not 612340001");
  });

  it("reads a saved GetGameZip on its own (feeds:parse), told from the listing by its shape", () => {
    expect(onexbet.capture.kind(readFeedJson(GAME))).toBe("event");
    expect(onexbet.capture.kind(readFeedJson(LEAGUE))).toBe("league");
    const [offer] = offersOf(onexbet.capture.parseEvent(readFeedFixture(GAME), 4, NOW));
    expect(offer).toMatchObject({ externalId: "612340002", home: "RB Leipzig", away: "Eintracht Frankfurt", kickoff: new Date(1789911000 * 1000) });
    expect(offer?.prices.map((p) => p.selectionTypeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 14, 15]);
  });
});
