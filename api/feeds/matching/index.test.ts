import { describe, expect, it } from "vitest";
import {
  diceSimilarity,
  fixtureKey,
  matchOffers,
  teamSimilarity,
  type MatchResult,
} from "./index.ts";
import { swapSides } from "#api/odds/write/sides.ts";
import type { BookmakerKey, Offer, OfferPrice } from "../types.ts";

const SATURDAY_3PM = "2026-10-03T14:00:00Z";

function offer(
  bookmaker: BookmakerKey,
  home: string,
  away: string,
  kickoff: string = SATURDAY_3PM,
  extra: Partial<Offer> = {},
): Offer {
  return {
    bookmaker,
    externalId: `${bookmaker}:${home}:${away}:${kickoff}`,
    competitionId: 1,
    home,
    away,
    kickoff: new Date(kickoff),
    prices: [{ marketId: 1, selectionTypeId: 1, price: 2.1, boosted: false }],
    ...extra,
  };
}

function shifted(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

/** A seeded shuffle, so a failing order can be replayed. */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const bookmakersOf = (result: MatchResult, index = 0) =>
  result.fixtures[index]?.members.map((member) => member.offer.bookmaker);

describe("diceSimilarity", () => {
  it("scores the textbook pair night/nacht 0.25 and identical names 1", () => {
    expect(diceSimilarity("night", "nacht")).toBe(0.25);
    expect(diceSimilarity("Arsenal", "Arsenal")).toBe(1);
  });

  it("scores known team pairs on bigrams of the normalised names", () => {
    expect(diceSimilarity("Bayer Leverkusen", "Leverkusen")).toBeCloseTo(18 / 23, 10);
    expect(diceSimilarity("Man Utd", "Manchester United")).toBeCloseTo(14 / 23, 10);
    expect(diceSimilarity("Manchester City", "Manchester United")).toBeCloseTo(20 / 28, 10);
  });

  it("ignores accents, case and legal-form tokens", () => {
    expect(diceSimilarity("Atlético Madrid", "ATLETICO MADRID")).toBe(1);
    expect(diceSimilarity("SSC Napoli", "Napoli")).toBe(1);
  });
});

describe("teamSimilarity", () => {
  it("scores two spellings of one canonical club 1, however unalike", () => {
    expect(teamSimilarity("Spurs", "Tottenham Hotspur")).toBe(1);
    expect(teamSimilarity("Atleti", "Atlético de Madrid")).toBe(1);
  });

  it("scores two different known clubs 0, however alike", () => {
    expect(teamSimilarity("Borussia Dortmund", "Borussia Mönchengladbach")).toBe(0);
    expect(teamSimilarity("Manchester City", "Manchester United")).toBe(0);
    expect(teamSimilarity("Inter Milan", "AC Milan")).toBe(0);
  });

  it("aligns abbreviated words of clubs missing from the table", () => {
    expect(teamSimilarity("Rotherham Utd", "Rotherham United")).toBe(1);
    expect(teamSimilarity("Wycombe W.", "Wycombe Wanderers")).toBeGreaterThanOrEqual(0.8);
    expect(teamSimilarity("Wycombe", "Wycombe Wanderers")).toBeCloseTo(0.75, 10);
  });

  it("keeps a shared city from passing for the same club", () => {
    expect(teamSimilarity("Sheffield Wednesday", "Sheffield United")).toBeLessThan(0.72);
    expect(teamSimilarity("Bristol Rovers", "Bristol City")).toBeLessThan(0.72);
  });
});

describe("matchOffers", () => {
  it("joins offers on a shared Sportradar id even when their names differ wildly", () => {
    const result = matchOffers([
      offer("sportybet", "Manchester United", "Tottenham Hotspur", SATURDAY_3PM, { srId: "sr:match:1" }),
      offer("bet9ja", "Home Team", "Away Team", SATURDAY_3PM, { srId: "sr:match:1" }),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(bookmakersOf(result)).toEqual(["bet9ja", "sportybet"]);
    expect(result.fixtures[0]?.srId).toBe("sr:match:1");
    expect(result.fixtures[0]?.members.every((member) => !member.swapped)).toBe(true);
  });

  it("joins SportyBet, Bet9ja and BetKing on the Sportradar id's digits, whatever form each writes it in, and the fuzzy books by name", () => {
    const result = matchOffers([
      offer("sportybet", "Wolverhampton Wanderers", "Nottingham Forest", SATURDAY_3PM, { srId: "sr:match:68995116" }),
      offer("bet9ja", "Wolves - Home", "Forest - Away", SATURDAY_3PM, { srId: "68995116" }),
      offer("betking", "W. Wanderers", "N. Forest", shifted(SATURDAY_3PM, 5), { srId: "sr:match:068995116" }),
      offer("nairabet", "Wolverhampton", "Nottingham Forest"),
      offer("1xbet", "Wolverhampton Wanderers", "Nottingham Forest"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(bookmakersOf(result)).toEqual(["bet9ja", "betking", "sportybet", "nairabet", "1xbet"]);
    expect(result.fixtures[0]?.srId).toBe("sr:match:68995116");
    expect(result.unmatched).toEqual([]);
  });

  it("never joins two competitions' offers on one Sportradar number", () => {
    const result = matchOffers([
      offer("sportybet", "Arsenal", "Chelsea", SATURDAY_3PM, { srId: "sr:match:42" }),
      offer("bet9ja", "Real Madrid", "Sevilla", SATURDAY_3PM, { srId: "42", competitionId: 2 }),
    ]);
    expect(result.fixtures).toHaveLength(2);
  });

  it("adds offers without a Sportradar id to the fixture by name", () => {
    const result = matchOffers([
      offer("sportybet", "Arsenal", "Chelsea", SATURDAY_3PM, { srId: "sr:match:7" }),
      offer("nairabet", "Arsenal FC", "Chelsea FC"),
      offer("1xbet", "Arsenal London", "Chelsea London"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(bookmakersOf(result)).toEqual(["sportybet", "nairabet", "1xbet"]);
    expect(result.unmatched).toEqual([]);
  });

  it("matches five bookmakers' spellings of one fixture", () => {
    const result = matchOffers([
      offer("sportybet", "Manchester United", "Tottenham Hotspur"),
      offer("bet9ja", "Man Utd", "Tottenham"),
      offer("betking", "Manchester Utd", "Spurs"),
      offer("nairabet", "Manchester United FC", "Tottenham Hotspur FC"),
      offer("1xbet", "Man United", "Tottenham H"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    const [fixture] = result.fixtures;
    expect(fixture?.home).toBe("Manchester United");
    expect(fixture?.away).toBe("Tottenham Hotspur");
    expect(fixture?.members).toHaveLength(5);
    expect(fixture?.members.some((member) => member.swapped)).toBe(false);
    expect(result.unmatched).toEqual([]);
  });

  it("matches five spellings of a fixture between clubs missing from the table", () => {
    const result = matchOffers([
      offer("sportybet", "Wycombe Wanderers", "Rotherham United"),
      offer("bet9ja", "Wycombe W.", "Rotherham Utd"),
      offer("betking", "Wycombe Wanderers FC", "Rotherham"),
      offer("nairabet", "Wycombe", "Rotherham United FC"),
      offer("1xbet", "Wycombe Wanderers", "Rotherham Utd."),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.members).toHaveLength(5);
    expect(result.fixtures[0]?.home).toBe("Wycombe Wanderers");
    expect(result.unmatched).toEqual([]);
  });

  it("keeps every fixture of a full kick-off slot apart", () => {
    const slot: [string, string][] = [
      ["Brentford", "Fulham"],
      ["Everton", "Crystal Palace"],
      ["Wolves", "Burnley"],
      ["Leeds", "Sunderland"],
      ["Nottm Forest", "West Ham"],
    ];
    const spellings = (name: string) => [name, `${name} FC`, name.toUpperCase()];
    const offers = slot.flatMap(([home, away]) =>
      (["bet9ja", "betking", "sportybet"] as const).map((bookmaker, i) =>
        offer(bookmaker, spellings(home)[i] ?? home, spellings(away)[i] ?? away),
      ),
    );
    const result = matchOffers(offers);
    expect(result.fixtures).toHaveLength(5);
    for (const fixture of result.fixtures) {
      expect(fixture.members).toHaveLength(3);
      expect(
        new Set(fixture.members.map((member) => member.offer.home.toLowerCase().replace(" fc", ""))),
      ).toHaveProperty("size", 1);
    }
  });

  it("flags a bookmaker that lists the sides reversed, and swapSides restores its prices", () => {
    const reversedPrices: OfferPrice[] = [
      { marketId: 1, selectionTypeId: 1, price: 4.5, boosted: false },
      { marketId: 1, selectionTypeId: 2, price: 3.8, boosted: false },
      { marketId: 1, selectionTypeId: 3, price: 1.75, boosted: false },
    ];
    const result = matchOffers([
      offer("sportybet", "Liverpool", "Everton"),
      offer("betking", "Liverpool FC", "Everton FC"),
      offer("1xbet", "Everton", "Liverpool", SATURDAY_3PM, { prices: reversedPrices }),
    ]);
    expect(result.fixtures).toHaveLength(1);
    const members = result.fixtures[0]?.members ?? [];
    expect(members.map((member) => [member.offer.bookmaker, member.swapped])).toEqual([
      ["betking", false],
      ["sportybet", false],
      ["1xbet", true],
    ]);
    const remapped = swapSides(members[2]?.offer.prices ?? []);
    expect(remapped.find((price) => price.selectionTypeId === 1)?.price).toBe(1.75);
    expect(remapped.find((price) => price.selectionTypeId === 3)?.price).toBe(4.5);
  });

  it("takes the sides most bookmakers list even when the reversed one comes first", () => {
    const result = matchOffers([
      offer("bet9ja", "Everton", "Liverpool"),
      offer("sportybet", "Liverpool", "Everton"),
      offer("nairabet", "Liverpool", "Everton"),
    ]);
    const [fixture] = result.fixtures;
    expect([fixture?.home, fixture?.away]).toEqual(["Liverpool", "Everton"]);
    expect(fixture?.members.find((member) => member.offer.bookmaker === "bet9ja")?.swapped).toBe(true);
    expect(fixture?.members.filter((member) => member.swapped)).toHaveLength(1);
  });

  it("detects reversed sides of unknown clubs by name", () => {
    const result = matchOffers([
      offer("sportybet", "Wycombe Wanderers", "Rotherham United"),
      offer("betking", "Rotherham Utd", "Wycombe W."),
      offer("nairabet", "Wycombe Wanderers FC", "Rotherham United FC"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.home).toBe("Wycombe Wanderers");
    expect(result.fixtures[0]?.members.map((member) => member.swapped)).toEqual([true, false, false]);
  });

  it("keeps the same clubs two days apart as two fixtures", () => {
    const result = matchOffers([
      offer("bet9ja", "Arsenal", "Chelsea"),
      offer("sportybet", "Arsenal", "Chelsea", shifted(SATURDAY_3PM, 2 * 24 * 60)),
    ]);
    expect(result.fixtures).toHaveLength(2);
    expect(new Set(result.fixtures.map((fixture) => fixture.key)).size).toBe(2);
    expect(result.unmatched).toEqual([]);
  });

  it("never matches across competitions", () => {
    const result = matchOffers([
      offer("bet9ja", "Wycombe Wanderers", "Rotherham United"),
      offer("sportybet", "Wycombe Wanderers", "Rotherham United", SATURDAY_3PM, { competitionId: 3 }),
    ]);
    expect(result.fixtures).toHaveLength(2);
    expect(result.fixtures.map((fixture) => fixture.competitionId).sort()).toEqual([1, 3]);
  });

  it("joins listings an hour apart and keeps the kick-off most bookmakers give", () => {
    const result = matchOffers([
      offer("bet9ja", "Arsenal", "Chelsea", shifted(SATURDAY_3PM, 60)),
      offer("sportybet", "Arsenal", "Chelsea"),
      offer("betking", "Arsenal", "Chelsea"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.kickoff.toISOString()).toBe(new Date(SATURDAY_3PM).toISOString());
  });

  it("takes the earlier kick-off when the bookmakers split evenly", () => {
    const result = matchOffers([
      offer("bet9ja", "Arsenal", "Chelsea", shifted(SATURDAY_3PM, 30)),
      offer("sportybet", "Arsenal", "Chelsea"),
    ]);
    expect(result.fixtures[0]?.kickoff.toISOString()).toBe(new Date(SATURDAY_3PM).toISOString());
  });

  it("reports a listing of the same clubs hours away from the agreed kick-off as a conflict", () => {
    const stray = offer("bet9ja", "Arsenal", "Chelsea", shifted(SATURDAY_3PM, -180));
    const result = matchOffers([
      stray,
      offer("sportybet", "Arsenal", "Chelsea"),
      offer("betking", "Arsenal", "Chelsea"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(bookmakersOf(result)).toEqual(["betking", "sportybet"]);
    expect(result.unmatched).toEqual([expect.objectContaining({ offer: stray, reason: "conflict" })]);
  });

  it("does not merge Real Madrid v Real Betis with Real Sociedad v Real Betis at the same time", () => {
    const result = matchOffers([
      offer("bet9ja", "Real Madrid", "Real Betis", SATURDAY_3PM, { competitionId: 2 }),
      offer("sportybet", "Real Sociedad", "Real Betis", SATURDAY_3PM, { competitionId: 2 }),
      offer("betking", "R. Madrid", "Betis", SATURDAY_3PM, { competitionId: 2 }),
    ]);
    expect(result.fixtures.map((fixture) => [fixture.home, fixture.members.length])).toEqual(
      expect.arrayContaining([
        ["Real Madrid", 2],
        ["Real Sociedad", 1],
      ]),
    );
  });

  it("does not confuse the Manchester clubs in a slot where both play", () => {
    const result = matchOffers([
      offer("bet9ja", "Man City", "Arsenal"),
      offer("bet9ja", "Man Utd", "Chelsea"),
      offer("sportybet", "Manchester United", "Chelsea"),
      offer("sportybet", "Manchester City", "Arsenal"),
      offer("1xbet", "Manchester C", "Arsenal"),
    ]);
    const homes = Object.fromEntries(
      result.fixtures.map((fixture) => [fixture.home, fixture.members.length]),
    );
    expect(homes).toEqual({ "Manchester City": 3, "Manchester United": 2 });
  });

  it("reads a Manchester derby listed the other way round as reversed sides, not a new fixture", () => {
    const result = matchOffers([
      offer("sportybet", "Manchester City", "Manchester United"),
      offer("betking", "Man City", "Man Utd"),
      offer("bet9ja", "Man Utd", "Man City"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.members.map((member) => member.swapped)).toEqual([true, false, false]);
  });

  it("leaves an offer that fits two fixtures equally well unmatched", () => {
    const vague = offer("nairabet", "Real", "Betis", SATURDAY_3PM, { competitionId: 2 });
    const result = matchOffers([
      offer("bet9ja", "Real Madrid", "Real Betis", SATURDAY_3PM, { competitionId: 2 }),
      offer("sportybet", "Real Sociedad", "Real Betis", SATURDAY_3PM, { competitionId: 2 }),
      vague,
    ]);
    expect(result.unmatched).toEqual([expect.objectContaining({ offer: vague, reason: "ambiguous" })]);
    const members = result.fixtures.flatMap((fixture) => fixture.members.map((member) => member.offer));
    expect(members).not.toContain(vague);
  });

  it("leaves an unknown-club offer between two similar fixtures unmatched", () => {
    const vague = offer("1xbet", "Alpha R.", "Beta Town");
    const result = matchOffers([
      offer("bet9ja", "Alpha Rovers", "Beta Town"),
      offer("sportybet", "Alpha Rangers", "Beta Town"),
      vague,
    ]);
    expect(result.unmatched.filter((item) => item.reason === "ambiguous").map((item) => item.offer)).toEqual([
      vague,
    ]);
  });

  it("keeps a bookmaker's better-fitting offer of a fixture and reports its other one as a duplicate", () => {
    const loose = offer("bet9ja", "Wycombe W.", "Rotherham Utd", SATURDAY_3PM, { externalId: "a" });
    const exact = offer("bet9ja", "Wycombe Wanderers", "Rotherham United", SATURDAY_3PM, { externalId: "b" });
    const result = matchOffers([
      offer("sportybet", "Wycombe Wanderers", "Rotherham United"),
      loose,
      exact,
      offer("betking", "Wycombe Wanderers", "Rotherham United"),
    ]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.members.map((member) => member.offer)).toContain(exact);
    expect(bookmakersOf(result)).toEqual(["bet9ja", "betking", "sportybet"]);
    expect(result.unmatched).toEqual([expect.objectContaining({ offer: loose, reason: "duplicate" })]);
  });

  it("keeps the first of two identical listings from one bookmaker", () => {
    const first = offer("bet9ja", "Arsenal", "Chelsea", SATURDAY_3PM, { externalId: "100" });
    const second = offer("bet9ja", "Arsenal", "Chelsea", SATURDAY_3PM, { externalId: "200" });
    const result = matchOffers([second, first]);
    expect(result.fixtures[0]?.members.map((member) => member.offer)).toEqual([first]);
    expect(result.unmatched).toEqual([expect.objectContaining({ offer: second, reason: "duplicate" })]);
  });

  it("lists a single bookmaker's fixture of unknown clubs and reports it as an unknown team", () => {
    const lonely = offer("betking", "Wycombe Wanderers", "Arsenal");
    const result = matchOffers([lonely, offer("bet9ja", "Chelsea", "Fulham")]);
    expect(result.fixtures).toHaveLength(2);
    expect(result.unmatched).toEqual([
      { offer: lonely, reason: "unknown team", detail: 'no canonical club for "Wycombe Wanderers"' },
    ]);
  });

  it("lists a single bookmaker's fixture of known clubs without reporting it", () => {
    const result = matchOffers([offer("betking", "Arsenal", "Chelsea")]);
    expect(result.fixtures).toHaveLength(1);
    expect(result.fixtures[0]?.members).toEqual([
      { offer: offer("betking", "Arsenal", "Chelsea"), swapped: false },
    ]);
    expect(result.unmatched).toEqual([]);
  });

  it("reports an offer whose kick-off is not a date", () => {
    const broken = offer("1xbet", "Arsenal", "Chelsea", "not a date");
    const result = matchOffers([broken]);
    expect(result.fixtures).toEqual([]);
    expect(result.unmatched).toEqual([
      expect.objectContaining({ offer: broken, reason: "invalid kick-off" }),
    ]);
  });

  it("gives the same result whatever order the offers arrive in", () => {
    const offers = [
      offer("sportybet", "Liverpool", "Everton", SATURDAY_3PM, { srId: "sr:match:9" }),
      offer("bet9ja", "Liverpool", "Everton", SATURDAY_3PM, { srId: "sr:match:9" }),
      offer("1xbet", "Everton", "Liverpool"),
      offer("betking", "Liverpool FC", "Everton FC", shifted(SATURDAY_3PM, 30)),
      offer("bet9ja", "Wycombe W.", "Rotherham Utd"),
      offer("sportybet", "Wycombe Wanderers", "Rotherham United"),
      offer("nairabet", "Alpha R.", "Beta Town"),
      offer("bet9ja", "Alpha Rovers", "Beta Town"),
      offer("sportybet", "Alpha Rangers", "Beta Town"),
      offer("betking", "Arsenal", "Chelsea", SATURDAY_3PM, { externalId: "1" }),
      offer("betking", "Arsenal", "Chelsea", SATURDAY_3PM, { externalId: "2" }),
      offer("nairabet", "Arsenal", "Chelsea", shifted(SATURDAY_3PM, 24 * 60)),
      offer("1xbet", "Real Madrid", "Real Betis", SATURDAY_3PM, { competitionId: 2 }),
      offer("bet9ja", "Real Sociedad", "Betis", SATURDAY_3PM, { competitionId: 2 }),
    ];
    const expected = JSON.stringify(matchOffers(offers));
    for (let seed = 1; seed <= 20; seed += 1) {
      expect(JSON.stringify(matchOffers(shuffle(offers, seed)))).toBe(expected);
    }
  });

  it("keeps a fixture's key when its kick-off moves by a couple of hours", () => {
    const run = (minutes: number) =>
      matchOffers([
        offer("bet9ja", "Juventus", "Inter", shifted(SATURDAY_3PM, minutes), { competitionId: 3 }),
        offer("sportybet", "Juve", "Internazionale", shifted(SATURDAY_3PM, minutes), { competitionId: 3 }),
      ]).fixtures[0]?.key;
    expect(run(0)).toBe("c3:2026-10-03:inter+juventus");
    expect(run(-150)).toBe(run(0));
    expect(run(150)).toBe(run(0));
  });

  it("keeps a late fixture's key when a shift carries it past midnight UTC", () => {
    const late = "2026-10-03T20:00:00Z";
    const key = (kickoff: string) =>
      matchOffers([offer("bet9ja", "Arsenal", "Chelsea", kickoff)]).fixtures[0]?.key;
    expect(key(shifted(late, 4 * 60 + 30))).toBe(key(late));
  });

  it("keeps a fixture's key when bookmakers come and go or list the sides reversed", () => {
    const alone = matchOffers([offer("nairabet", "Arsenal FC", "Chelsea FC")]);
    const withOthers = matchOffers([
      offer("bet9ja", "Chelsea", "Arsenal"),
      offer("sportybet", "Arsenal", "Chelsea", SATURDAY_3PM, { srId: "sr:match:5" }),
      offer("nairabet", "Arsenal FC", "Chelsea FC"),
    ]);
    expect(withOthers.fixtures[0]?.key).toBe(alone.fixtures[0]?.key);
  });
});

describe("fixtureKey", () => {
  const kickoff = new Date(SATURDAY_3PM);

  it("uses a Sportradar id when a club is unknown", () => {
    const key = fixtureKey({
      competitionId: 1,
      kickoff,
      home: { clubId: "arsenal", name: "Arsenal" },
      away: { clubId: undefined, name: "Wycombe Wanderers" },
      srId: "sr:match:3",
    });
    expect(key).toBe("sr:match:3");
  });

  it("falls back to normalised names when neither clubs nor an id are known", () => {
    const key = fixtureKey({
      competitionId: 1,
      kickoff,
      home: { clubId: undefined, name: "Wycombe Wanderers FC" },
      away: { clubId: "arsenal", name: "Arsenal" },
      srId: undefined,
    });
    expect(key).toBe("c1:2026-10-03:arsenal+wycombe-wanderers");
  });
});
