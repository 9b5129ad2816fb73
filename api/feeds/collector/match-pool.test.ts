import { describe, expect, it } from "vitest";
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey, type Offer } from "../types.ts";
import { fixturesOf, matchLeagues, pruneIdentities, rememberListings, type Identities, type Listings } from "./match-pool.ts";
import { emptyOutcome } from "./run-fetch.ts";

const NOW = Date.UTC(2026, 10, 28, 9);
const KICKOFF = NOW + 3_600_000;
/** A learnt competition: the matcher knows none of its clubs. */
const BOARD = 10_050;

function offer(bookmaker: BookmakerKey, externalId: string, srId?: string): Offer {
  return { bookmaker, externalId, ...(srId ? { srId } : {}), competitionId: BOARD, home: "Kasımpaşa", away: "Göztepe", kickoff: new Date(KICKOFF), prices: [{ marketId: 1, selectionTypeId: 1, price: 2.4, boosted: false }] };
}

function listed(latest: Listings, o: Offer, now: number) {
  const outcome = emptyOutcome(o.bookmaker);
  outcome.leagues.set(BOARD, { offers: [o], eventCalls: 0, eventFailures: 0 });
  rememberListings(latest, outcome, undefined, now);
}

describe("kept identities (docs/design.md, Collected today)", () => {
  it("keeps a listing on the event it was first written to when a book carrying a Sportradar id joins it later", () => {
    const latest: Listings = new Map();
    const identities: Identities = new Map();
    // NairaBet runs first: its fixture alone is keyed by its names.
    listed(latest, offer("nairabet", "n1"), NOW);
    const [alone] = fixturesOf(latest, "nairabet", BOARD, NOW, 60_000, identities).fixtures;
    expect(alone?.key).toMatch(/^c10050:/);
    // SportyBet joins with its Sportradar id: without kept identities the fixture would be keyed by it, a second event.
    listed(latest, offer("sportybet", "s1", "sr:match:61234567"), NOW + 1_000);
    expect(fixturesOf(latest, "sportybet", BOARD, NOW + 1_000, 60_000).fixtures[0]?.key).toBe("sr:match:61234567");
    const [sporty] = fixturesOf(latest, "sportybet", BOARD, NOW + 1_000, 60_000, identities).fixtures;
    const [naira] = fixturesOf(latest, "nairabet", BOARD, NOW + 2_000, 60_000, identities).fixtures;
    expect([sporty?.key, naira?.key]).toEqual([alone?.key, alone?.key]);
    expect(sporty?.listedBy).toEqual([BOOKMAKER_ID_BY_KEY.sportybet]);
  });

  it("forgets a listing a day after its kick-off", () => {
    const identities: Identities = new Map([["nairabet:n1", { key: "c10050:x", kickoff: KICKOFF }]]);
    pruneIdentities(identities, KICKOFF + 23 * 3_600_000);
    expect(identities.size).toBe(1);
    pruneIdentities(identities, KICKOFF + 25 * 3_600_000);
    expect(identities.size).toBe(0);
  });

  it("never writes two fixtures of one run to one event: a fixture whose own key another took waits", () => {
    const latest: Listings = new Map();
    listed(latest, offer("nairabet", "n1"), NOW);
    const [fixture] = fixturesOf(latest, "nairabet", BOARD, NOW, 60_000).fixtures;
    // Another listing of NairaBet's was written under this fixture's own key before.
    const identities: Identities = new Map([["nairabet:n0", { key: fixture!.key, kickoff: KICKOFF }]]);
    // Earlier, so matched first: it takes the kept key, which is the other fixture's own.
    const twin = { ...offer("nairabet", "n0"), home: "Sivasspor", away: "Rizespor", kickoff: new Date(KICKOFF - 60_000) };
    const outcome = emptyOutcome("nairabet");
    outcome.leagues.set(BOARD, { offers: [twin, offer("nairabet", "n1")], eventCalls: 0, eventFailures: 0 });
    rememberListings(latest, outcome, undefined, NOW);
    const fixtures = matchLeagues(latest, outcome, NOW, 60_000, identities).get(BOARD)!.fixtures;
    expect(fixtures.map((f) => [f.key, f.listing?.externalId])).toEqual([[fixture!.key, "n0"]]);
  });

  it("leaves the four leagues' keys to their clubs", () => {
    const latest: Listings = new Map();
    const arsenal: Offer = { bookmaker: "sportybet", externalId: "s9", srId: "sr:match:1", competitionId: 1, home: "Arsenal", away: "Chelsea", kickoff: new Date(KICKOFF), prices: [{ marketId: 1, selectionTypeId: 1, price: 2, boosted: false }] };
    const outcome = emptyOutcome("sportybet");
    outcome.leagues.set(1, { offers: [arsenal], eventCalls: 0, eventFailures: 0 });
    rememberListings(latest, outcome, undefined, NOW);
    const identities: Identities = new Map([["sportybet:s9", { key: "c1:2026-11-27:arsenal+chelsea", kickoff: KICKOFF }]]);
    const [fixture] = matchLeagues(latest, outcome, NOW, 60_000, identities).get(1)!.fixtures;
    expect(fixture?.key).toBe(fixturesOf(latest, "sportybet", 1, NOW, 60_000).fixtures[0]?.key);
    expect(fixture?.key).not.toBe("c1:2026-11-27:arsenal+chelsea");
  });

  it("matches against another book's listing of the rest of the board while its prices would still be shown, not only three intervals", () => {
    const latest: Listings = new Map();
    listed(latest, offer("sportybet", "s1", "sr:match:61234567"), NOW - 5 * 60_000);
    listed(latest, offer("nairabet", "n1"), NOW);
    const [fixture] = fixturesOf(latest, "nairabet", BOARD, NOW, 60_000).fixtures;
    expect(fixture?.key).toBe("sr:match:61234567");
    const late = NOW + 6 * 60_000;
    listed(latest, offer("nairabet", "n1"), late);
    expect(fixturesOf(latest, "nairabet", BOARD, late, 60_000).fixtures[0]?.key).toMatch(/^c10050:/);
  });
});
