import { describe, expect, it } from "vitest";
import { readFeedFixture, readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../../tests/fixtures/feeds/results.ts";
import { catalogueMarketIds, sportybet } from "./sportybet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const SYNTHETIC = "sportybet-pcUpcomingEvents-synthetic.json";
const CAPTURE = "sportybet-pcUpcomingEvents-trimmed.json";

type Body = { data: { tournaments: { events: Record<string, unknown>[] }[] } };

describe("sportybet requests", () => {
  it("asks each league with the tournament-filtered POST pcEvents, with the site's own headers", () => {
    const [request, ...rest] = sportybet.leagueRequests("http://127.0.0.1:5555/sportybet", 1, NOW);

    expect(rest).toEqual([]);
    expect(request).toMatchObject({ url: "http://127.0.0.1:5555/sportybet/api/ng/factsCenter/pcEvents", method: "POST" });
    expect(JSON.parse(request?.body ?? "")).toEqual([{ sportId: "sr:sport:1", marketId: expect.stringMatching(/^1,18,10,29,/), tournamentId: [["sr:tournament:17"]] }]);
    expect(request?.headers).toMatchObject({
      "User-Agent": expect.stringContaining("Chrome/"),
      Accept: "application/json, text/plain, */*",
      "Accept-Language": expect.stringMatching(/^en-NG/),
      Referer: "https://www.sportybet.com/ng/sport/football",
      Origin: "https://www.sportybet.com",
      clientid: "web",
      operid: "2",
      platform: "web",
      "Content-Type": "application/json",
    });
  });

  it("asks for every market the catalogue compares at SportyBet, the four families first", () => {
    const [request] = sportybet.leagueRequests(sportybet.liveBaseUrl, 1, NOW);
    const asked = (JSON.parse(request?.body ?? "[]") as { marketId: string }[])[0]?.marketId.split(",");

    // Team totals, half totals, 1st-half 1X2, HT/FT, correct score, handicaps, either half, 1UP and 2UP (docs/design.md, Market catalogue).
    expect(asked?.slice(0, 4)).toEqual(["1", "18", "10", "29"]);
    for (const id of ["11", "14", "16", "19", "20", "45", "47", "50", "51", "60", "68", "90", "60100", "60200"]) expect(asked).toContain(id);
    expect(new Set(asked).size).toBe(asked?.length);
  });

  it("asks a competition beyond the four leagues for every compared market but correct score, HT/FT and the handicaps (docs/design.md, Whole-board collection)", () => {
    const asked = catalogueMarketIds(10_001).split(",");
    for (const id of ["1", "18", "10", "29", "11", "19", "20", "50", "51", "60", "68", "90", "60100", "60200"]) expect(asked).toContain(id);
    for (const id of ["14", "16", "45", "47"]) expect(asked).not.toContain(id);
    expect(catalogueMarketIds(3).split(",")).toEqual(expect.arrayContaining(["14", "16", "45", "47"]));
  });

  it("asks each of the four leagues by its own tournament id at the live origin", () => {
    const bodies = [1, 2, 3, 4].map((id) => sportybet.leagueRequests(sportybet.liveBaseUrl, id, NOW)[0]);

    expect(bodies.map((r) => (JSON.parse(r?.body ?? "[]") as { tournamentId: string[][] }[])[0]?.tournamentId[0]?.[0])).toEqual([
      "sr:tournament:17",
      "sr:tournament:8",
      "sr:tournament:23",
      "sr:tournament:35",
    ]);
    expect(bodies[0]?.url).toBe("https://www.sportybet.com/api/ng/factsCenter/pcEvents");
  });

  it("asks nothing for a competition it does not know", () => {
    expect(sportybet.leagueRequests(sportybet.liveBaseUrl, 9, NOW)).toEqual([]);
  });
});

describe("sportybet parsing", () => {
  it("finds none of our leagues in the real capture, whose events are Eliteserien", () => {
    const now = new Date("2026-08-14T15:00:00Z");
    for (const competitionId of [1, 2, 3, 4]) {
      expect(sportybet.parseLeague(readFeedFixture(CAPTURE), competitionId, now)).toEqual({
        ok: true,
        offers: [],
      });
    }
  });

  it("reads the real capture's exact prices once its tournament is the Premier League", () => {
    const body = readFeedFixture(CAPTURE).replaceAll("sr:tournament:20", "sr:tournament:17");

    const offers = offersOf(sportybet.parseLeague(body, 1, new Date("2026-08-14T15:00:00Z")));

    expect(offers).toEqual([
      {
        bookmaker: "sportybet",
        externalId: "sr:match:67015328",
        srId: "sr:match:67015328",
        competitionId: 1,
        bookCompetition: { id: "sr:tournament:17", name: "Eliteserien", country: "Norway" },
        home: "KFUM Oslo",
        away: "Lillestroem SK",
        kickoff: new Date("2026-08-15T14:00:00Z"),
        prices: [price(1, 1, 2.96), price(1, 2, 3.66), price(1, 3, 2.38)],
      },
      {
        bookmaker: "sportybet",
        externalId: "sr:match:67015330",
        srId: "sr:match:67015330",
        competitionId: 1,
        bookCompetition: { id: "sr:tournament:17", name: "Eliteserien", country: "Norway" },
        home: "Molde",
        away: "Tromsoe IL",
        kickoff: new Date("2026-08-16T15:00:00Z"),
        prices: [price(1, 1, 2.31), price(1, 2, 3.75), price(1, 3, 3.03)],
      },
    ]);
  });

  it("reads 1X2, every Over/Under line from 0.5 to 5.5, Double Chance and GG/NG of a match", () => {
    const [arsenal] = offersOf(sportybet.parseLeague(readFeedFixture(SYNTHETIC), 1, NOW));

    expect(arsenal).toEqual({
      bookmaker: "sportybet",
      externalId: "sr:match:61300001",
      srId: "sr:match:61300001",
      competitionId: 1,
      bookCompetition: { id: "sr:tournament:17", name: "Premier League", country: "England" },
      home: "Arsenal",
      away: "Chelsea",
      kickoff: new Date("2026-09-19T14:00:00Z"),
      prices: [
        price(1, 1, 1.95),
        price(1, 2, 3.6),
        price(1, 3, 3.9),
        price(2, 4, 1.06),
        price(2, 5, 9.5),
        price(3, 6, 1.28),
        price(3, 7, 3.55),
        price(4, 8, 1.83),
        price(4, 9, 1.98),
        price(5, 10, 2.95),
        price(5, 11, 1.38),
        price(6, 12, 5.4),
        price(6, 13, 1.13),
        price(7, 14, 1.72),
        price(7, 15, 2.05),
        price(8, 16, 1.25),
        price(8, 17, 1.32),
        price(8, 18, 1.85),
        price(9, 19, 11),
        price(9, 20, 1.03),
      ],
    });
  });

  it("drops suspended markets, inactive outcomes and 1.01 placeholders", () => {
    const offers = offersOf(sportybet.parseLeague(readFeedFixture(SYNTHETIC), 1, NOW));
    const liverpool = offers.find((offer) => offer.home === "Liverpool");

    // 1X2 has status 2, Over 2.5 isActive 0, O/U 3.5 status 1 and DC 1X is "1.01".
    expect(liverpool?.prices).toEqual([
      price(4, 9, 2.25),
      price(7, 14, 1.6),
      price(7, 15, 2.2),
      price(8, 17, 1.28),
      price(8, 18, 1.55),
    ]);
  });

  it("leaves out matches already kicked off and matches with no usable price", () => {
    const offers = offersOf(sportybet.parseLeague(readFeedFixture(SYNTHETIC), 1, NOW));

    expect(offers.map((offer) => offer.home)).toEqual(["Arsenal", "Liverpool"]);
  });

  it("takes each league's matches from the shared body by tournament id and never another tournament's", () => {
    const body = readFeedFixture(SYNTHETIC);

    const laLiga = offersOf(sportybet.parseLeague(body, 2, NOW));

    expect(laLiga.map((offer) => [offer.home, offer.away, offer.competitionId])).toEqual([
      ["Real Madrid", "Sevilla FC", 2],
    ]);
    expect(offersOf(sportybet.parseLeague(body, 3, NOW))).toEqual([]);
    expect(offersOf(sportybet.parseLeague(body, 4, NOW))).toEqual([]);
  });

  it("treats a kick-off exactly at now as already under way", () => {
    const offers = offersOf(
      sportybet.parseLeague(readFeedFixture(SYNTHETIC), 1, new Date("2026-09-19T14:00:00Z")),
    );

    expect(offers.map((offer) => offer.home)).toEqual(["Liverpool"]);
  });

  it("answers no offers, and no failure, when the week has no events at all", () => {
    const body = JSON.stringify({ bizCode: 10000, message: "0#0", data: { totalNum: 0, tournaments: [] } });

    expect(sportybet.parseLeague(body, 1, NOW)).toEqual({ ok: true, offers: [] });
  });
});

describe("sportybet pcEvents and the corrections of 2026-11", () => {
  const FILTERED = "sportybet-pcEvents-premier-league.json";
  const EVENT = "sportybet-event-61300001.json";
  const arsenal = () => offersOf(sportybet.parseLeague(readFeedFixture(FILTERED), 1, NOW))[0]!;

  it("reads pcEvents, whose data is the list of tournaments, and leaves out a banned event", () => {
    expect(offersOf(sportybet.parseLeague(readFeedFixture(FILTERED), 1, NOW)).map((o) => o.home)).toEqual(["Arsenal"]);
    expect(offersOf(sportybet.parseLeague(readFeedFixture(FILTERED), 2, NOW))).toEqual([]);
  });

  it("keeps only .5 match totals of market 18: no whole lines, no closed lines, and never the team totals 19/20", () => {
    expect(arsenal().prices.filter((p) => p.marketId >= 2 && p.marketId <= 6)).toEqual([
      price(2, 4, 1.05),
      price(2, 5, 10),
      price(3, 6, 1.27),
      price(3, 7, 3.6),
      price(4, 8, 1.8),
      price(4, 9, 2),
      price(5, 10, 2.9),
      price(5, 11, 1.4),
    ]);
  });

  it("drops a banned market (GG/NG here)", () => {
    expect(arsenal().prices.filter((p) => p.marketId === 7)).toEqual([]);
  });

  it("flags an oddsBoostLfb outcome, and the 1X2 of an event flagged oddsBoost, as boosted", () => {
    const boosted = arsenal().prices.filter((p) => p.boosted);

    expect(boosted).toEqual([price(1, 1, 2.05, true), price(1, 2, 3.7, true), price(1, 3, 3.95, true), price(8, 17, 1.4, true)]);
  });

  it("reads a saved factsCenter/event on its own (feeds:parse), told from the listings by its shape", () => {
    expect(sportybet.capture.kind(readFeedJson(EVENT))).toBe("event");
    expect(sportybet.capture.kind(readFeedJson(FILTERED))).toBe("league");
    expect(sportybet.capture.kind(readFeedJson(SYNTHETIC))).toBe("league");
    expect(sportybet.capture.kind({ R: "OK", D: { E: [] } })).toBeUndefined();

    expect(offersOf(sportybet.capture.parseEvent(readFeedFixture(EVENT), 1, NOW))).toEqual([arsenal()]);
  });
});

describe("sportybet failures", () => {
  it("fails on a bizCode other than 10000 inside an HTTP 200", () => {
    expect(errorOf(sportybet.parseLeague(readFeedFixture("sportybet-bizcode-error.json"), 1, NOW))).toBe(
      "bizCode 19000 (Illegal request)",
    );
  });

  it("fails on a body without bizCode", () => {
    const body = JSON.stringify({ data: { tournaments: [] } });

    expect(errorOf(sportybet.parseLeague(body, 1, NOW))).toBe("no bizCode in the body");
  });

  it("answers the WAF's challenge page as blocked, and names it", () => {
    expect(sportybet.parseLeague(readFeedFixture("challenge-page.html"), 1, NOW)).toMatchObject({
      ok: false,
      blocked: true,
      error: expect.stringMatching(/^blocked: answered a bot challenge page: .*Just a moment/),
    });
  });

  it("fails on a truncated body", () => {
    const body = readFeedFixture(SYNTHETIC).slice(0, 500);

    expect(errorOf(sportybet.parseLeague(body, 1, NOW))).toMatch(/^body is not JSON/);
  });

  it("fails on an event without its home team, naming where, instead of offering part of the list", () => {
    const json = readFeedJson<Body>(SYNTHETIC);
    delete json.data.tournaments[0]?.events[1]?.homeTeamName;

    expect(errorOf(sportybet.parseLeague(JSON.stringify(json), 1, NOW))).toMatch(
      /^unexpected payload shape: data\.tournaments\.0\.events\.1\.homeTeamName: /,
    );
  });

  it("fails on a success code without the tournaments list", () => {
    const body = JSON.stringify({ bizCode: 10000, message: "0#0", data: {} });

    expect(errorOf(sportybet.parseLeague(body, 1, NOW))).toMatch(/data\.tournaments/);
  });

  it("fails for a competition it does not know", () => {
    expect(errorOf(sportybet.parseLeague(readFeedFixture(SYNTHETIC), 9, NOW))).toBe("unknown competition 9");
  });
});
