import { describe, expect, it } from "vitest";
import { readFeedFixture, readFeedJson } from "../../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../../tests/fixtures/feeds/results.ts";
import type { Offer, ParseResult } from "../../types.ts";
import { bet9ja } from "./bet9ja.ts";

const NOW = new Date("2026-09-14T12:00:00Z");
const LEAGUE = "bet9ja-GetEventsInGroupV2-premier-league.json";
const EVENT = "bet9ja-GetEvent-614001.json";

type LeagueBody = { R: string; D: { E: Record<string, unknown>[] } };

function leagueOffers(body = readFeedFixture(LEAGUE)): Offer[] {
  return offersOf(bet9ja.parseLeague(body, 1, NOW));
}

function leagueOffer(externalId: string): Offer {
  const offer = leagueOffers().find((o) => o.externalId === externalId);
  if (!offer) throw new Error(`no offer ${externalId}`);
  return offer;
}

// The adapter type makes the follow-up optional; Bet9ja's must exist.
function parseEvent(body: string, offer: Offer): ParseResult {
  if (!bet9ja.parseEvent) throw new Error("bet9ja has no parseEvent");
  return bet9ja.parseEvent(body, offer);
}

function withEvents(edit: (events: Record<string, unknown>[]) => Record<string, unknown>[]): string {
  const json = readFeedJson<LeagueBody>(LEAGUE);
  json.D.E = edit(json.D.E);
  return JSON.stringify(json);
}

describe("bet9ja requests", () => {
  it("asks for a league by its GROUPID on the desktop path, with browser headers of the real site", () => {
    const requests = bet9ja.leagueRequests("http://127.0.0.1:5555/bet9ja", 1, NOW);

    expect(requests).toEqual([
      {
        url: "http://127.0.0.1:5555/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2?GROUPID=170880&DISP=0&GROUPMARKETID=1&matches=true",
        headers: expect.objectContaining({
          "User-Agent": expect.stringContaining("Chrome/"),
          Referer: "https://sports.bet9ja.com/",
          Origin: "https://sports.bet9ja.com",
          "Accept-Language": expect.stringMatching(/^en-NG/),
        }),
      },
    ]);
  });

  it("uses the GROUPID of each league", () => {
    const groupIds = [1, 2, 3, 4].map(
      (id) => /GROUPID=(\d+)/.exec(bet9ja.leagueRequests("", id, NOW)[0]?.url ?? "")?.[1],
    );

    expect(groupIds).toEqual(["170880", "180928", "167856", "180923"]);
  });

  it("asks each offer's event for the markets the list lacks", () => {
    const offers = leagueOffers();

    const requests = bet9ja.eventRequests?.("https://sports.bet9ja.com", offers) ?? [];

    expect(requests.map((r) => [r.externalId, r.request.url])).toEqual([
      ["614001", "https://sports.bet9ja.com/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=614001"],
      ["614002", "https://sports.bet9ja.com/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=614002"],
      ["614003", "https://sports.bet9ja.com/desktop/feapi/PalimpsestAjax/GetEvent?EVENTID=614003"],
    ]);
    expect(requests[0]?.request.headers.Referer).toBe("https://sports.bet9ja.com/");
  });
});

describe("bet9ja league parsing", () => {
  it("reads 1X2, Double Chance and the Over/Under lines 0.5 to 6.5 from the odds map, with the Sportradar EXTID", () => {
    expect(leagueOffer("614001")).toEqual({
      bookmaker: "bet9ja",
      externalId: "614001",
      srId: "sr:match:61300001",
      competitionId: 1,
      bookCompetition: { id: "170880", name: "Premier League", country: "England" },
      home: "Arsenal",
      away: "Chelsea",
      kickoff: new Date("2026-09-19T14:00:00Z"),
      prices: [
        price(1, 1, 1.93),
        price(1, 2, 3.55),
        price(1, 3, 3.85),
        price(2, 4, 1.05),
        price(2, 5, 9),
        price(3, 6, 1.27),
        price(3, 7, 3.45),
        price(4, 8, 1.8),
        price(4, 9, 1.95),
        price(5, 10, 2.9),
        price(5, 11, 1.36),
        price(6, 12, 5.25),
        price(6, 13, 1.12),
        price(8, 16, 1.24),
        price(8, 17, 1.3),
        price(8, 18, 1.82),
        price(9, 19, 10.5),
        price(9, 20, 1.02),
        // O/U 6.5's under is the 1.00 placeholder: its over alone.
        price(54, 147, 21),
      ],
    });
  });

  it("reads STARTDATE as UTC, not Lagos time, whether it has a space or a T, and prefers STARTDATEUTC", () => {
    expect(leagueOffer("614002").kickoff).toEqual(new Date("2026-09-20T16:30:00Z"));
    expect(leagueOffer("614003").kickoff).toEqual(new Date("2026-09-20T14:00:00Z"));
    expect(leagueOffer("614001").kickoff).toEqual(new Date("2026-09-19T14:00:00Z"));
  });

  it("believes STARTDATEUTC over a STARTDATE that disagrees", () => {
    const body = withEvents((events) =>
      events.map((e) => (e.ID === 614001 ? { ...e, STARTDATE: "2026-09-19 18:00:00" } : e)),
    );

    expect(leagueOffers(body).find((o) => o.externalId === "614001")?.kickoff).toEqual(
      new Date("2026-09-19T14:00:00Z"),
    );
  });

  it('drops lines closed at "1", keeps a real 1.01, and offers no srId when EXTID is absent', () => {
    const forest = leagueOffer("614002");

    expect(forest.srId).toBeUndefined();
    expect([forest.home, forest.away]).toEqual(["Nott'm Forest", "Brighton"]);
    expect(forest.prices.filter((p) => p.marketId === 4)).toEqual([]);
    expect(forest.prices.filter((p) => p.marketId === 2)).toEqual([price(2, 4, 1.01)]);
  });

  it("reads the bare-number EXTID as the Sportradar id sr:match:N (and an sr:match form too)", () => {
    expect(leagueOffer("614001").srId).toBe("sr:match:61300001");
    const body = withEvents((events) => events.map((e) => (e.ID === 614002 ? { ...e, EXTID: 61300002 } : e.ID === 614003 ? { ...e, EXTID: "sr:match:61300004" } : e)));
    const offers = leagueOffers(body);
    expect(offers.find((o) => o.externalId === "614002")?.srId).toBe("sr:match:61300002");
    expect(offers.find((o) => o.externalId === "614003")?.srId).toBe("sr:match:61300004");
  });

  it("flags the prices BOOSTED_ODDS names, and every line of a market BOOSTED_MARKETS names", () => {
    const body = withEvents((events) =>
      events.map((e) => (e.ID === 614001 ? { ...e, IS_BOOSTED: true, BOOSTED_ODDS: ["S_1X2_1"], BOOSTED_MARKETS: [{ ID: "S_DC" }, "S_OU@1.5"] } : e)),
    );
    const arsenal = leagueOffers(body).find((o) => o.externalId === "614001")!;
    const boosted = arsenal.prices.filter((p) => p.boosted).map((p) => p.selectionTypeId);

    expect(boosted).toEqual([1, 6, 7, 16, 17, 18]);
    expect(leagueOffer("614001").prices.every((p) => !p.boosted)).toBe(true);
  });

  it("flags nothing for IS_BOOSTED alone, which names no price", () => {
    const body = withEvents((events) => events.map((e) => (e.ID === 614001 ? { ...e, IS_BOOSTED: true, BOOSTED_ODDS: [], BOOSTED_MARKETS: [] } : e)));

    expect(leagueOffers(body).find((o) => o.externalId === "614001")?.prices.every((p) => !p.boosted)).toBe(true);
  });

  it("leaves out past matches, fully suspended matches and another league sharing the group", () => {
    expect(leagueOffers().map((o) => o.externalId)).toEqual(["614001", "614002", "614003"]);
  });

  it("splits team names on the first spaced dash so hyphenated clubs stay whole", () => {
    const body = withEvents((events) =>
      events.map((e) => (e.ID === 614003 ? { ...e, DS: "Saint-Etienne - Paris-SG" } : e)),
    );

    const offer = leagueOffers(body).find((o) => o.externalId === "614003");

    expect([offer?.home, offer?.away]).toEqual(["Saint-Etienne", "Paris-SG"]);
  });

  it("accepts R D as a success like R OK", () => {
    const body = readFeedFixture(LEAGUE).replace('"R": "OK"', '"R": "D"');

    expect(leagueOffers(body)).toHaveLength(3);
  });

  it("answers no offers, and no failure, for an empty group", () => {
    expect(bet9ja.parseLeague(JSON.stringify({ R: "OK", D: { E: [] } }), 1, NOW)).toEqual({
      ok: true,
      offers: [],
    });
  });
});

describe("bet9ja league failures", () => {
  it("fails when the GROUPID now answers another league", () => {
    const body = withEvents((events) => events.filter((e) => e.GN === "Premier League 2"));

    expect(errorOf(bet9ja.parseLeague(body, 1, NOW))).toBe(
      "GROUPID answered another league (Premier League 2): was the GROUPID reassigned?",
    );
  });

  it("fails when the country says the group is not ours", () => {
    const body = withEvents((events) => events.map((e) => ({ ...e, SG: "Ghana" })));

    expect(errorOf(bet9ja.parseLeague(body, 1, NOW))).toMatch(/^GROUPID answered another league/);
  });

  it("fails on R E", () => {
    expect(errorOf(bet9ja.parseLeague(readFeedFixture("bet9ja-error.json"), 1, NOW))).toBe(
      'R is "E", not OK',
    );
  });

  it("answers the Cloudflare challenge page as blocked, not as a parse error", () => {
    expect(bet9ja.parseLeague(readFeedFixture("challenge-page.html"), 1, NOW)).toMatchObject({
      ok: false,
      blocked: true,
      error: expect.stringMatching(/^blocked: answered a bot challenge page/),
    });
  });

  it("fails on an event without DS", () => {
    const body = withEvents((events) => events.map(({ DS: _ds, ...e }) => e));

    expect(errorOf(bet9ja.parseLeague(body, 1, NOW))).toMatch(/^unexpected payload shape: D\.E\.0\.DS: /);
  });

  it("fails on a DS that does not name two teams", () => {
    const body = withEvents((events) =>
      events.map((e) => (e.ID === 614002 ? { ...e, DS: "Nott'm Forest v Brighton" } : e)),
    );

    expect(errorOf(bet9ja.parseLeague(body, 1, NOW))).toBe(
      'event 614002: DS "Nott\'m Forest v Brighton" is not "Home - Away"',
    );
  });

  it("fails on an event whose start cannot be read", () => {
    const body = withEvents((events) =>
      events.map((e) => (e.ID === 614003 ? { ...e, STARTDATE: "20/09/2026 15:00" } : e)),
    );

    expect(errorOf(bet9ja.parseLeague(body, 1, NOW))).toBe(
      "event 614003: no readable STARTDATEUTC or STARTDATE",
    );
  });
});

describe("bet9ja event follow-up", () => {
  it("adds GG/NG and takes the event's fresher prices, keeping league prices the event does not quote", () => {
    expect(offersOf(parseEvent(readFeedFixture(EVENT), leagueOffer("614001")))).toEqual([
      {
        ...leagueOffer("614001"),
        prices: [
          price(1, 1, 1.95),
          price(1, 2, 3.55),
          price(1, 3, 3.85),
          price(2, 4, 1.05),
          price(2, 5, 9),
          price(3, 6, 1.27),
          price(3, 7, 3.45),
          // O/U 2.5 is closed ("1") in the event: gone. O/U 4.5 is not quoted there: kept.
          price(5, 10, 2.9),
          price(5, 11, 1.36),
          price(6, 12, 5.25),
          price(6, 13, 1.12),
          price(7, 14, 1.7),
          price(7, 15, 2.02),
          price(8, 16, 1.24),
          price(8, 17, 1.3),
          price(8, 18, 1.82),
          price(9, 19, 10.5),
          price(9, 20, 1.02),
          price(54, 147, 21),
        ],
      },
    ]);
  });

  it("sets the Sportradar id from the event's EXTID when the list lacked it", () => {
    const body = JSON.stringify({
      R: "OK",
      D: { ID: "614002", EXTID: "61300002", O: { S_GGNG_Y: "1.66" } },
    });

    const [offer] = offersOf(parseEvent(body, leagueOffer("614002")));

    expect(offer?.srId).toBe("sr:match:61300002");
    expect(offer?.prices).toContainEqual(price(7, 14, 1.66));
  });

  it("answers the offer with no prices when the event now suspends everything it quotes", () => {
    // The league listed 1X2 only; the fresher event call has all three as placeholders.
    const body = JSON.stringify({
      R: "OK",
      D: { ID: 614003, O: { S_1X2_1: "1", S_1X2_X: "1", S_1X2_2: "1" } },
    });

    expect(parseEvent(body, leagueOffer("614003"))).toEqual({
      ok: true,
      offers: [{ ...leagueOffer("614003"), prices: [] }],
    });
  });

  it("keeps the league prices when the event's odds map quotes nothing at all", () => {
    const body = JSON.stringify({ R: "OK", D: { ID: 614003, O: {} } });

    expect(parseEvent(body, leagueOffer("614003"))).toEqual({ ok: true, offers: [leagueOffer("614003")] });
  });

  it("fails when the answer is another event", () => {
    expect(errorOf(parseEvent(readFeedFixture(EVENT), leagueOffer("614002")))).toBe(
      "GetEvent answered event 614001, not 614002",
    );
  });

  it("fails on R E and on an event without its odds map", () => {
    const offer = leagueOffer("614001");

    expect(errorOf(parseEvent(readFeedFixture("bet9ja-error.json"), offer))).toBe('R is "E", not OK');
    expect(errorOf(parseEvent(JSON.stringify({ R: "OK", D: { ID: 614001 } }), offer))).toMatch(
      /^unexpected payload shape: D\.O: /,
    );
  });
});

describe("bet9ja saved GetEvent (feeds:parse)", () => {
  it("reads a GetEvent on its own: teams, UTC kick-off, Sportradar id and the product's markets only", () => {
    const body = readFeedFixture(EVENT);
    expect(bet9ja.capture.kind(JSON.parse(body))).toBe("event");
    expect(bet9ja.capture.kind(readFeedJson(LEAGUE))).toBe("league");
    expect(bet9ja.capture.kind({ bizCode: 10000, data: {} })).toBeUndefined();

    const [offer] = offersOf(bet9ja.capture.parseEvent(body, 1, NOW));

    expect(offer).toMatchObject({ bookmaker: "bet9ja", externalId: "614001", srId: "sr:match:61300001", home: "Arsenal", away: "Chelsea", kickoff: new Date("2026-09-19T14:00:00Z") });
    expect(offer?.prices.map((p) => p.selectionTypeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 10, 11, 14, 15, 16, 17, 18]);
  });
});
