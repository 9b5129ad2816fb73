import { describe, expect, it } from "vitest";
import { readFeedFixture, readFeedJson } from "../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../tests/fixtures/feeds/results.ts";
import type { Offer } from "../types.ts";
import { nairabet } from "./nairabet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const CAPTURE = "nairabet-altenar-GetEvents-premier-league.json";
const SERIE_A = "nairabet-altenar-GetEvents-serie-a-synthetic.json";

type Body = { events: Record<string, unknown>[]; champs: { id: number; name: string }[] };

function serieA(body = readFeedFixture(SERIE_A)): Offer[] {
  return offersOf(nairabet.parseLeague(body, 3, NOW));
}

function editedCapture(edit: (json: Body) => void): string {
  const json = readFeedJson<Body>(CAPTURE);
  edit(json);
  return JSON.stringify(json);
}

describe("nairabet requests", () => {
  it("asks Altenar's widget API for one champ as NairaBet's site does", () => {
    expect(nairabet.leagueRequests(nairabet.liveBaseUrl, 1, NOW)).toEqual([
      {
        url:
          "https://sb2frontend-altenar2.biahosted.com/api/widget/GetEvents?culture=en-GB&timezoneOffset=-60" +
          "&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG&champIds=2936",
        headers: expect.objectContaining({
          "User-Agent": expect.stringContaining("Chrome/"),
          "Accept-Language": expect.stringMatching(/^en-NG/),
          Referer: "https://www.nairabet.com/",
          Origin: "https://www.nairabet.com",
        }),
      },
    ]);
  });

  it("uses the champId of each league on top of the simulator's origin", () => {
    const champIds = [1, 2, 3, 4].map((id) => {
      const url = nairabet.leagueRequests("http://127.0.0.1:5555/nairabet", id, NOW)[0]?.url ?? "";
      expect(url.startsWith("http://127.0.0.1:5555/nairabet/api/widget/GetEvents?")).toBe(true);
      return new URL(url).searchParams.get("champIds");
    });

    expect(champIds).toEqual(["2936", "2941", "2942", "2950"]);
  });
});

describe("nairabet parsing of the real capture", () => {
  it("joins events, markets and odds into the three Premier League offers with exact prices", () => {
    const offers = offersOf(nairabet.parseLeague(readFeedFixture(CAPTURE), 1, NOW));

    expect(offers).toEqual([
      {
        bookmaker: "nairabet",
        externalId: "17162768",
        competitionId: 1,
        bookCompetition: { id: "2936", name: "Premier League", country: "England" },
        home: "Brentford",
        away: "Chelsea",
        kickoff: new Date("2026-09-18T19:00:00Z"),
        prices: [
          price(1, 1, 2.94, true),
          price(1, 2, 3.93, true),
          price(1, 3, 2.29, true),
          price(8, 16, 1.6),
          price(8, 17, 1.25),
          price(8, 18, 1.4),
        ],
      },
      {
        bookmaker: "nairabet",
        externalId: "17162769",
        competitionId: 1,
        bookCompetition: { id: "2936", name: "Premier League", country: "England" },
        home: "Tottenham",
        away: "Aston Villa",
        kickoff: new Date("2026-09-19T11:30:00Z"),
        prices: [
          price(1, 1, 2.02, true),
          price(1, 2, 3.77, true),
          price(1, 3, 3.69, true),
          price(8, 16, 1.2858),
          price(8, 17, 1.2728),
          price(8, 18, 1.7334),
        ],
      },
      {
        bookmaker: "nairabet",
        externalId: "17162773",
        competitionId: 1,
        bookCompetition: { id: "2936", name: "Premier League", country: "England" },
        home: "Brighton",
        away: "Arsenal",
        kickoff: new Date("2026-09-19T14:00:00Z"),
        prices: [
          price(1, 1, 4.8, true),
          price(1, 2, 3.88, true),
          price(1, 3, 1.77, true),
          price(8, 16, 1.96),
          price(8, 17, 1.25),
          price(8, 18, 1.2),
        ],
      },
    ]);
  });

  it("maps odds by their typeId, not by their position in the market's oddIds", () => {
    // The capture lists Double Chance oddIds as 12, 1X, X2.
    const [brentford] = offersOf(nairabet.parseLeague(readFeedFixture(CAPTURE), 1, NOW));

    expect(brentford?.prices.find((p) => p.selectionTypeId === 16)?.price).toBe(1.6);
  });

  it("sets no Sportradar id from Altenar's extId", () => {
    const offers = offersOf(nairabet.parseLeague(readFeedFixture(CAPTURE), 1, NOW));

    expect(offers.every((offer) => offer.srId === undefined)).toBe(true);
  });

  it("fails when asked for another league than the capture's champ", () => {
    expect(errorOf(nairabet.parseLeague(readFeedFixture(CAPTURE), 2, NOW))).toBe(
      "answered only other champIds (2936), not 2941",
    );
  });

  it("fails when the champ's own name says it is no longer our league", () => {
    const body = editedCapture((json) => {
      json.champs = [{ id: 2936, name: "Premier League 2" }];
    });

    expect(errorOf(nairabet.parseLeague(body, 1, NOW))).toBe('champId 2936 is now "Premier League 2"');
  });
});

describe("nairabet parsing of totals, BTTS and suspensions", () => {
  it("reads Over/Under lines from sv and BTTS, and drops a suspended odd", () => {
    const [inter] = serieA();

    expect(inter).toEqual({
      bookmaker: "nairabet",
      externalId: "17200001",
      competitionId: 3,
      bookCompetition: { id: "2942", name: "Serie A", country: "Italy" },
      home: "Inter",
      away: "Juventus",
      kickoff: new Date("2026-09-20T18:45:00Z"),
      prices: [
        price(1, 1, 1.85),
        price(1, 2, 3.6),
        price(1, 3, 4.4),
        price(3, 6, 1.3),
        price(3, 7, 3.3),
        price(4, 8, 1.95),
        price(4, 9, 1.8),
        price(7, 14, 1.75),
        price(7, 15, 1.95),
        price(8, 17, 1.3),
        price(8, 18, 2),
        price(9, 19, 9.5),
        price(9, 20, 1.02),
      ],
    });
  });

  it("flags an Enhanced Prices market as boosted and drops a 1.01 placeholder", () => {
    const napoli = serieA().find((o) => o.home === "Napoli");

    expect(napoli?.prices).toEqual([
      price(1, 1, 2.2, true),
      price(1, 2, 3.4, true),
      price(1, 3, 3.3, true),
      price(4, 9, 1.88),
    ]);
  });

  it("leaves out past matches, fully suspended matches and another champ in the answer", () => {
    expect(serieA().map((o) => `${o.home} v ${o.away}`)).toEqual(["Inter v Juventus", "Napoli v AC Milan"]);
  });

  it("answers no offers, and no failure, for a champ without events", () => {
    const body = JSON.stringify({ events: [], markets: [], odds: [], champs: [] });

    expect(nairabet.parseLeague(body, 1, NOW)).toEqual({ ok: true, offers: [] });
  });
});

describe("nairabet failures", () => {
  it("fails on a body without events", () => {
    expect(errorOf(nairabet.parseLeague(JSON.stringify({ markets: [], odds: [] }), 1, NOW))).toMatch(
      /^unexpected payload shape: events: /,
    );
  });

  it("fails on an event whose name is not 'Home vs. Away'", () => {
    const body = editedCapture((json) => {
      json.events = json.events.map((e) => ({ ...e, name: "Brentford - Chelsea" }));
    });

    expect(errorOf(nairabet.parseLeague(body, 1, NOW))).toBe(
      'event 17162768: name "Brentford - Chelsea" is not "Home vs. Away"',
    );
  });

  it("fails on an event without startDate", () => {
    const body = editedCapture((json) => {
      json.events = json.events.map(({ startDate: _start, ...e }) => e);
    });

    expect(errorOf(nairabet.parseLeague(body, 1, NOW))).toMatch(/events\.0\.startDate/);
  });

  it("fails on a body that is not JSON and on the challenge page", () => {
    expect(errorOf(nairabet.parseLeague("upstream request timeout", 1, NOW))).toMatch(/^body is not JSON/);
    expect(nairabet.parseLeague(readFeedFixture("challenge-page.html"), 1, NOW)).toMatchObject({
      ok: false,
      blocked: true,
      error: expect.stringMatching(/^blocked: answered a bot challenge page/),
    });
  });
});

describe("nairabet GetEventDetails follow-up", () => {
  const DETAILS = "nairabet-altenar-GetEventDetails-17162768.json";
  const listed = () => offersOf(nairabet.parseLeague(readFeedFixture(CAPTURE), 1, NOW));

  it("asks details only for events whose listing lacks totals and BTTS, as GetEvents does", () => {
    const offers = listed();
    const requests = nairabet.eventRequests!("http://127.0.0.1:5555/nairabet", offers);

    expect(requests.map((r) => r.externalId)).toEqual(offers.map((o) => o.externalId));
    expect(requests[0]?.request.url).toBe(
      "http://127.0.0.1:5555/nairabet/api/widget/GetEventDetails?culture=en-GB&timezoneOffset=-60&integration=nairabet&deviceType=1&numFormat=en-GB&countryCode=NG&eventId=17162768",
    );
    const withTotals = { ...offers[0]!, prices: [...offers[0]!.prices, price(4, 8, 1.9)] };
    expect(nairabet.eventRequests!("http://x", [withTotals])).toEqual([]);
  });

  it("reads each total line from its odd (one typeId-18 market holds them all), skips suspended and Asian lines, and adds BTTS", () => {
    const brentford = listed().find((o) => o.externalId === "17162768")!;

    const [merged] = offersOf(nairabet.parseEvent!(readFeedFixture(DETAILS), brentford));

    expect(merged?.prices.filter((p) => p.marketId >= 2 && p.marketId <= 7)).toEqual([
      price(3, 6, 1.3),
      price(3, 7, 3.4),
      price(4, 8, 1.85),
      price(4, 9, 1.95),
      price(7, 14, 1.62),
      price(7, 15, 2.15),
    ]);
    // The details' 1X2 is the fresher; the listing's Double Chance stays.
    expect(merged?.prices.filter((p) => p.marketId === 1).map((p) => p.price)).toEqual([3.05, 3.7, 2.3]);
    expect(merged?.prices.filter((p) => p.marketId === 8)).toEqual(brentford.prices.filter((p) => p.marketId === 8));
  });

  it("fails when the details answer another event", () => {
    const other = listed().find((o) => o.externalId !== "17162768")!;
    expect(errorOf(nairabet.parseEvent!(readFeedFixture(DETAILS), other))).toMatch(/^GetEventDetails answered event 17162768, not /);
  });

  it("reads a saved GetEventDetails on its own (feeds:parse), told from GetEvents by its shape", () => {
    expect(nairabet.capture.kind(readFeedJson(DETAILS))).toBe("event");
    expect(nairabet.capture.kind(readFeedJson(CAPTURE))).toBe("league");
    const [offer] = offersOf(nairabet.capture.parseEvent(readFeedFixture(DETAILS), 1, NOW));
    expect(offer).toMatchObject({ externalId: "17162768", home: "Brentford", away: "Chelsea", kickoff: new Date("2026-09-18T19:00:00Z") });
    expect(offer?.srId).toBeUndefined();
  });
});
