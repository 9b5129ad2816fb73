import { describe, expect, it } from "vitest";
import { sportybetBooking as codec } from "./sportybet-booking.ts";

const NOW = new Date("2026-11-24T10:00:00Z");
const KICKOFF = Date.parse("2026-11-28T15:00:00Z");

function event(eventId: string, markets: unknown[], extra: Record<string, unknown> = {}) {
  return {
    eventId,
    gameId: "20417",
    estimateStartTime: KICKOFF,
    status: 0,
    matchStatus: "Not start",
    homeTeamName: "Arsenal",
    awayTeamName: "Chelsea",
    sport: { id: "sr:sport:1", name: "Football", category: { id: "sr:category:1", name: "England", tournament: { id: "sr:tournament:17", name: "Premier League" } } },
    markets,
    ...extra,
  };
}

const share = (data: unknown) => JSON.stringify({ bizCode: 10000, isAvailable: true, message: "0#0", data });

const BODY = share({
  shareCode: "HW7UDH",
  deadline: KICKOFF,
  ticket: {
    selections: [
      { eventId: "sr:match:61000001", marketId: "18", specifier: "total=2.5", outcomeId: "12" },
      { eventId: "sr:match:61000001", marketId: "45", specifier: "variant=sr:correct_score:max:6", outcomeId: "2:1" },
      { eventId: "sr:match:61000002", marketId: "1", specifier: "", outcomeId: "3" },
    ],
  },
  outcomes: [
    event("sr:match:61000001", [
      { id: "18", specifier: "total=2.5", desc: "Over/Under", status: 0, outcomes: [{ id: "12", odds: "1.85", desc: "Over 2.5", isActive: 1 }] },
      { id: "45", specifier: "variant=sr:correct_score:max:6", desc: "Correct Score", status: 0, outcomes: [{ id: "2:1", odds: "9.50", desc: "2:1", isActive: 1 }] },
    ]),
    event("sr:match:61000002", [{ id: "1", specifier: "", desc: "1X2", status: 1, outcomes: [{ id: "3", odds: "4.10", desc: "Away", isActive: 0 }] }]),
  ],
});

describe("SportyBet booking codec", () => {
  it("reads a share code's legs in our markets, and others in SportyBet's words", () => {
    const read = codec.parseRead(BODY, 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.expiresAt?.getTime()).toBe(KICKOFF);
    expect(read.legs[0]).toMatchObject({ externalId: "sr:match:61000001", srId: "sr:match:61000001", marketId: 4, selectionTypeId: 8, price: 1.85, available: true, tournament: "Premier League", home: "Arsenal" });
    expect(read.legs[1]).toMatchObject({ bookMarket: "Correct Score variant=sr:correct_score:max:6: 2:1", price: 9.5, available: true });
    expect(read.legs[1]?.marketId).toBeUndefined();
    expect(read.legs[2]).toMatchObject({ marketId: 1, selectionTypeId: 3, available: false });
  });

  it("reads a started event's legs as unavailable", () => {
    const read = codec.parseRead(BODY, 200, new Date(KICKOFF + 60_000));
    expect(read.ok && read.legs.every((leg) => !leg.available)).toBe(true);
  });

  it("reads a team total as that team's total, never as a match total, and a whole line as no market", () => {
    const body = share({
      ticket: { selections: [{ eventId: "sr:match:1", marketId: "18", specifier: "total=2", outcomeId: "12" }, { eventId: "sr:match:1", marketId: "19", specifier: "total=1.5", outcomeId: "12" }] },
      outcomes: [event("sr:match:1", [
        { id: "18", specifier: "total=2", desc: "Over/Under", status: 0, outcomes: [{ id: "12", odds: "1.60", desc: "Over 2", isActive: 1 }] },
        { id: "19", specifier: "total=1.5", desc: "Arsenal Over/Under", status: 0, outcomes: [{ id: "12", odds: "1.70", desc: "Over 1.5", isActive: 1 }] },
      ])],
    });
    const read = codec.parseRead(body, 200, NOW);
    expect(read.ok && read.legs.map((leg) => [leg.marketId, leg.selectionTypeId])).toEqual([[undefined, undefined], [11, 23]]);
  });

  it("answers an unknown code as not found and a challenge page or 429 as blocked", () => {
    expect(codec.parseRead(JSON.stringify({ bizCode: 10000, isAvailable: false, data: null }), 200, NOW)).toMatchObject({ ok: false, reason: "not-found" });
    expect(codec.parseRead("<html><head><title>Just a moment...</title></head></html>", 403, NOW)).toMatchObject({ ok: false, reason: "blocked" });
    expect(codec.parseRead("Too Many Requests", 429, NOW)).toMatchObject({ ok: false, reason: "blocked" });
    expect(codec.parseRead(JSON.stringify({ bizCode: 19000, message: "Service busy" }), 200, NOW)).toMatchObject({ ok: false, reason: "failed" });
    expect(codec.parseRead("{\"bizCode\":10000,", 200, NOW)).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("books our legs with SportyBet's market, specifier and outcome ids", () => {
    const req = codec.mintRequest?.("https://www.sportybet.com", [
      { externalId: "sr:match:1", marketId: 1, selectionTypeId: 2, price: 3.3 },
      { externalId: "sr:match:2", marketId: 3, selectionTypeId: 7, price: 3.1 },
      { externalId: "sr:match:3", marketId: 8, selectionTypeId: 17, price: 1.3 },
      { externalId: "sr:match:4", marketId: 7, selectionTypeId: 14, price: 1.7 },
    ]);
    expect(req).toMatchObject({ url: "https://www.sportybet.com/api/ng/orders/share", method: "POST", headers: { clientid: "web", "Content-Type": "application/json" } });
    expect(JSON.parse(req?.body ?? "")).toEqual({
      selections: [
        { eventId: "sr:match:1", marketId: "1", specifier: "", outcomeId: "2" },
        { eventId: "sr:match:2", marketId: "18", specifier: "total=1.5", outcomeId: "13" },
        { eventId: "sr:match:3", marketId: "10", specifier: "", outcomeId: "10" },
        { eventId: "sr:match:4", marketId: "29", specifier: "", outcomeId: "74" },
      ],
    });
  });

  it("reads the minted code, its deadline and what it refused", () => {
    const body = JSON.stringify({ bizCode: 10000, message: "0#0", data: { shareCode: "BC3F7Z", shareURL: "https://www.sportybet.com/?shareCode=BC3F7Z&c=ng", deadline: KICKOFF, outcomes: [], unavailableOutcomes: [{}] } });
    expect(codec.parseMint?.(body, 200)).toEqual({ ok: true, code: "BC3F7Z", expiresAt: new Date(KICKOFF), refusedLegs: 1 });
    expect(codec.parseMint?.(JSON.stringify({ bizCode: 4200, message: "not available", data: null }), 200)).toMatchObject({ ok: false, reason: "rejected" });
    expect(codec.codePattern.test("BC3F7Z")).toBe(true);
    expect(codec.codePattern.test("bc3f7z")).toBe(false);
  });
});

/**
 * Every type the catalogue compares at SportyBet, in its share code's shape
 * (docs/design.md, Market catalogue): market id, specifier and outcome id as the real event payloads write them, and our
 * market and selection.
 */
const COMPARED: [string, string, string, string, number, number][] = [
  ["1", "", "2", "Draw", 1, 2],
  ["10", "", "11", "Draw or Away", 8, 18],
  ["29", "", "76", "No", 7, 15],
  ["18", "total=0.5", "12", "Over 0.5", 2, 4],
  ["18", "total=5.5", "13", "Under 5.5", 9, 20],
  ["19", "total=0.5", "12", "Over 0.5", 10, 21],
  ["20", "total=1.5", "13", "Under 1.5", 14, 30],
  ["68", "total=1.5", "12", "Over 1.5", 17, 35],
  ["90", "total=0.5", "13", "Under 0.5", 19, 40],
  ["60", "", "3", "Away", 22, 47],
  ["11", "", "4", "Home", 21, 43],
  ["47", "", "420", "Home/Draw", 23, 49],
  ["45", "", "288", "2:1", 24, 68],
  ["45", "", "324", "Other", 24, 82],
  ["14", "hcp=0:1", "1711", "Home (0:1)", 26, 86],
  ["14", "hcp=2:0", "1713", "Away (2:0)", 28, 94],
  ["16", "hcp=-0.5", "1714", "Home (-0.5)", 37, 111],
  ["16", "hcp=0.5", "1715", "Away (-0.5)", 41, 120],
  ["16", "hcp=-0.25", "1714", "Home (-0.25)", 38, 113],
  ["16", "hcp=-1", "1714", "Home (-1)", 35, 107],
  ["50", "", "74", "Yes", 50, 137],
  ["51", "", "76", "No", 51, 140],
  ["60200", "", "1", "Home", 52, 141],
  ["60100", "", "3", "Away", 53, 146],
];

/** A share code holding these SportyBet selections, one match each, as GET /api/ng/orders/share/{code} answers it. */
function shareOf(selections: { eventId: string; marketId: string; specifier: string; outcomeId: string }[]) {
  return share({
    deadline: KICKOFF,
    ticket: { selections },
    outcomes: selections.map((s, i) =>
      event(s.eventId, [{ id: s.marketId, specifier: s.specifier || null, desc: `market ${s.marketId}`, status: 0, outcomes: [{ id: s.outcomeId, odds: (1.5 + i / 10).toFixed(2), desc: "pick", isActive: 1 }] }]),
    ),
  });
}

describe("SportyBet booking codec, every compared market", () => {
  it("reads each compared type from its market id, specifier line and outcome id", () => {
    const selections = COMPARED.map(([marketId, specifier, outcomeId], i) => ({ eventId: `sr:match:${62000000 + i}`, marketId, specifier, outcomeId }));
    const read = codec.parseRead(shareOf(selections), 200, NOW);
    if (!read.ok) throw new Error(read.error);
    expect(read.legs.map((leg) => [leg.marketId, leg.selectionTypeId])).toEqual(COMPARED.map(([, , , , market, selection]) => [market, selection]));
    expect(read.legs.every((leg) => leg.available)).toBe(true);
  });

  it("books each with SportyBet's ids and the line in its specifier, and reads the booking back as the same selections", () => {
    const legs = COMPARED.map(([, , , , marketId, selectionTypeId], i) => ({ externalId: `sr:match:${62000000 + i}`, marketId, selectionTypeId, price: 1.5 }));
    expect(codec.mintProblem?.(legs)).toBeUndefined();
    const sent = JSON.parse(codec.mintRequest?.("https://www.sportybet.com", legs).body ?? "") as { selections: { eventId: string; marketId: string; specifier: string; outcomeId: string }[] };
    expect(sent.selections.map((s) => [s.marketId, s.specifier, s.outcomeId])).toEqual(COMPARED.map(([market, specifier, outcome]) => [market, specifier, outcome]));
    const read = codec.parseRead(shareOf(sent.selections), 200, NOW);
    expect(read.ok && read.legs.map((leg) => [leg.externalId, leg.marketId, leg.selectionTypeId])).toEqual(legs.map((leg) => [leg.externalId, leg.marketId, leg.selectionTypeId]));
  });

  it("finds the line among other specifiers, and leaves a market we do not compare or a line off the grid unmapped", () => {
    const selections = [
      { eventId: "sr:match:1", marketId: "18", specifier: "total=2.5|variant=x", outcomeId: "12" },
      { eventId: "sr:match:2", marketId: "8", specifier: "goalnr=1", outcomeId: "6" },
      { eventId: "sr:match:3", marketId: "19", specifier: "total=4.5", outcomeId: "12" },
      { eventId: "sr:match:4", marketId: "14", specifier: "hcp=0:5", outcomeId: "1711" },
    ];
    const read = codec.parseRead(shareOf(selections), 200, NOW);
    expect(read.ok && read.legs.map((leg) => leg.marketId)).toEqual([4, undefined, undefined, undefined]);
  });

  it("refuses before any request a leg in no market SportyBet quotes", () => {
    expect(codec.mintProblem?.([{ externalId: "sr:match:1", marketId: 9999, selectionTypeId: 1, price: 2 }])).toMatch(/no market SportyBet books/);
  });
});
