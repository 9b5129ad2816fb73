import { describe, expect, it } from "vitest";
import { readFeedFixture, readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../../tests/fixtures/feeds/results.ts";
import type { Offer } from "../../types.ts";
import { betking } from "./betking.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const LEAGUE = "betking-prematch-premier-league.json";

type Body = { AreaMatches: { Items: Record<string, unknown>[] }[] };

function offers(body = readFeedFixture(LEAGUE)): Offer[] {
  return offersOf(betking.parseLeague(body, 1, NOW));
}

function withItems(edit: (item: Record<string, unknown>) => Record<string, unknown>): string {
  const json = readFeedJson<Body>(LEAGUE);
  for (const area of json.AreaMatches) area.Items = area.Items.map(edit);
  return JSON.stringify(json);
}

describe("betking requests", () => {
  it("asks for a league by its new-style tournament id, with browser headers of the real site", () => {
    expect(betking.leagueRequests("http://127.0.0.1:5555/betking", 1, NOW)).toEqual([
      {
        url: "http://127.0.0.1:5555/betking/api/feeds/prematch/en/4/20000841/0/0",
        headers: expect.objectContaining({
          "User-Agent": expect.stringContaining("Chrome/"),
          Accept: "application/json, text/plain, */*",
          Referer: "https://www.betking.com/",
          Origin: "https://www.betking.com",
        }),
      },
    ]);
  });

  it("uses the tournament id of each league", () => {
    const urls = [1, 2, 3, 4].map((id) => betking.leagueRequests(betking.liveBaseUrl, id, NOW)[0]?.url);

    expect(urls).toEqual([
      "https://sportsapicdn-desktop.betking.com/api/feeds/prematch/en/4/20000841/0/0",
      "https://sportsapicdn-desktop.betking.com/api/feeds/prematch/en/4/20001108/0/0",
      "https://sportsapicdn-desktop.betking.com/api/feeds/prematch/en/4/20003775/0/0",
      "https://sportsapicdn-desktop.betking.com/api/feeds/prematch/en/4/20001007/0/0",
    ]);
  });
});

describe("betking parsing", () => {
  it("merges a match repeated across market groups into one offer with every group's prices", () => {
    const [arsenal] = offers();

    expect(arsenal).toEqual({
      bookmaker: "betking",
      externalId: "5801001",
      srId: "sr:match:61300001",
      competitionId: 1,
      bookCompetition: { id: "20000841", name: "Premier League", country: "England" },
      home: "Arsenal",
      away: "Chelsea",
      kickoff: new Date("2026-09-19T14:00:00Z"),
      prices: [
        price(1, 1, 1.92),
        price(1, 2, 3.5),
        price(1, 3, 3.95),
        price(3, 6, 1.26),
        price(3, 7, 3.4),
        price(4, 8, 1.85),
        price(4, 9, 1.9),
        price(5, 10, 2.85),
        price(5, 11, 1.38),
        price(7, 14, 1.7),
        price(7, 15, 2),
        price(8, 16, 1.23),
        price(8, 17, 1.29),
        price(8, 18, 1.8),
        price(9, 19, 10),
        price(9, 20, 1.02),
      ],
    });
  });

  it("drops odds of 1.01 and below, BetKing's sign of a suspended price", () => {
    const liverpool = offers().find((o) => o.externalId === "5801002");

    expect(liverpool?.prices).toEqual([
      price(1, 1, 2.35),
      price(1, 3, 2.8),
      price(7, 14, 1.55),
      price(7, 15, 2.3),
    ]);
  });

  it("leaves out past matches and a Premier League of another country", () => {
    expect(offers().map((o) => [o.externalId, o.home, o.away])).toEqual([
      ["5801001", "Arsenal", "Chelsea"],
      ["5801002", "Liverpool", "Man City"],
    ]);
  });

  it("reads the Sportradar id from an 8-9 digit ExtProvIDItem, and none from other lengths", () => {
    expect(offers().map((o) => o.srId)).toEqual(["sr:match:61300001", "sr:match:61300002"]);
    const body = withItems((item) => ({ ...item, ExtProvIDItem: item.ExtProvIDItem === "61300001" ? "7001234" : "1234567890" }));
    expect(offers(body).map((o) => o.srId)).toEqual([undefined, undefined]);
  });

  it("answers no offers, and no failure, for a league without matches", () => {
    expect(betking.parseLeague(JSON.stringify({ AreaMatches: [], TotalNoOfItems: 0 }), 1, NOW)).toEqual({
      ok: true,
      offers: [],
    });
  });
});

describe("betking failures", () => {
  it("fails when the tournament id answers another league", () => {
    const body = withItems((item) => ({ ...item, TournamentName: "Premier League 2" }));

    expect(errorOf(betking.parseLeague(body, 1, NOW))).toBe(
      "tournament id answered another league (Premier League 2)",
    );
  });

  it("fails on a kick-off without its offset rather than guess a time zone", () => {
    const body = withItems((item) => ({ ...item, ItemDate: "2026-09-19T15:00:00" }));

    expect(errorOf(betking.parseLeague(body, 1, NOW))).toBe(
      'item 5801001: ItemDate "2026-09-19T15:00:00" has no offset',
    );
  });

  it("fails on an item without ItemName", () => {
    const body = withItems(({ ItemName: _name, ...item }) => item);

    expect(errorOf(betking.parseLeague(body, 1, NOW))).toMatch(
      /^unexpected payload shape: AreaMatches\.0\.Items\.0\.ItemName: /,
    );
  });

  it("fails on a body without AreaMatches", () => {
    expect(
      errorOf(betking.parseLeague(JSON.stringify({ Message: "An error has occurred." }), 1, NOW)),
    ).toMatch(/AreaMatches/);
  });

  it("fails on the Cloudflare challenge page", () => {
    expect(errorOf(betking.parseLeague(readFeedFixture("challenge-page.html"), 1, NOW))).toMatch(
      /^blocked: answered a bot challenge page/,
    );
  });
});

describe("betking mobile match view (feeds:parse)", () => {
  const VIEW = "betking-matchview-premier-league.json";

  it("is told from the prematch listing by its shape", () => {
    expect(betking.capture.kind(readFeedJson(VIEW))).toBe("event");
    expect(betking.capture.kind(readFeedJson(LEAGUE))).toBe("league");
    expect(betking.capture.kind({ R: "OK", D: {} })).toBeUndefined();
  });

  it("reads the compared markets only (its home team total too), drops LOCK selections, and takes providerId as the Sportradar id", () => {
    expect(offersOf(betking.capture.parseEvent(readFeedFixture(VIEW), 1, NOW))).toEqual([
      {
        bookmaker: "betking",
        externalId: "40001111",
        srId: "sr:match:61300001",
        competitionId: 1,
        home: "Arsenal",
        away: "Chelsea",
        kickoff: new Date("2026-09-19T14:00:00Z"),
        prices: [price(1, 1, 1.95), price(1, 2, 3.6), price(1, 3, 3.9), price(4, 8, 1.8), price(4, 9, 1.98), price(7, 14, 1.7), price(7, 15, 2.05), price(8, 17, 1.3), price(8, 18, 1.85), price(11, 23, 2.1), price(11, 24, 1.7)],
      },
    ]);
  });

  it("offers nothing once the match has kicked off", () => {
    expect(betking.capture.parseEvent(readFeedFixture(VIEW), 1, new Date("2026-09-19T14:00:00Z"))).toEqual({ ok: true, offers: [] });
  });
});
