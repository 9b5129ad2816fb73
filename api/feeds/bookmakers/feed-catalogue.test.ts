import { afterEach, describe, expect, it } from "vitest";
import { readFeedJson } from "../../../tests/fixtures/feeds/read-fixture.ts";
import { errorOf, offersOf, price } from "../../../tests/fixtures/feeds/results.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles } from "../../catalogue/files.ts";
import { readOdds } from "./bet9ja/bet9ja-odds.ts";
import { useFeedCatalogue } from "./feed-catalogue.ts";
import { isLeagueName } from "./leagues.ts";
import { onexbet } from "./onexbet/onexbet.ts";
import { sportybet } from "./sportybet/sportybet.ts";

const NOW = new Date("2026-09-14T12:00:00Z");

type Files = { competitions: { competitions: { id: number; srTournament: string | null; books: Record<string, { id: string; name: string; region: string | null }> }[] }; markets: { types: Record<string, unknown>[] } };

/** The build's catalogue files changed by `edit`, loaded as the adapters' catalogue (a deep copy: the build's own stay as they are). */
function useCatalogueWith(edit: (files: Files) => void): void {
  const files = structuredClone(CATALOGUE_FILES) as unknown as Files;
  edit(files);
  useFeedCatalogue(catalogueFromFiles(parseCatalogueFiles(files as unknown as typeof CATALOGUE_FILES)));
}

/** SportyBet's Premier League listing with Draw No Bet quoted on its first event. */
function sportybetListingWithDrawNoBet(): string {
  const json = readFeedJson<{ data: { events: { markets: unknown[] }[] }[] }>("sportybet-pcEvents-premier-league.json");
  json.data[0]!.events[0]!.markets.push({
    id: "11",
    product: 3,
    desc: "Draw No Bet",
    status: 0,
    outcomes: [
      { id: "4", odds: "1.45", isActive: 1, desc: "Home" },
      { id: "5", odds: "2.70", isActive: 1, desc: "Away" },
    ],
  });
  return JSON.stringify(json);
}

afterEach(() => useFeedCatalogue(undefined));

describe("the adapters follow the loaded catalogue", () => {
  it("ask for and accept a competition's new book id once the catalogue has it, and refuse the old one", () => {
    const listing = readFeedJson<{ Value: { LI: number }[] }>("onexbet-Get1x2_VZip-bundesliga.json");
    const atOldId = JSON.stringify(listing);
    const atNewId = JSON.stringify({ ...listing, Value: listing.Value.map((game) => (game.LI === 96463 ? { ...game, LI: 96470 } : game)) });
    expect(offersOf(onexbet.parseLeague(atOldId, 4, NOW))).toHaveLength(2);

    useCatalogueWith((files) => {
      files.competitions.competitions.find((c) => c.id === 4)!.books["1xbet"]!.id = "96470";
    });

    expect(onexbet.leagueRequests(onexbet.liveBaseUrl, 4, NOW)[0]?.url).toContain("champs=96470&");
    expect(offersOf(onexbet.parseLeague(atNewId, 4, NOW)).map((o) => o.externalId)).toEqual(["612340001", "612340002"]);
    expect(errorOf(onexbet.parseLeague(atOldId, 4, NOW))).toMatch(/not 96470/);
  });

  it("read a SportyBet tournament under the id the catalogue gives it", () => {
    const listing = readFeedJson<{ data: { id: string }[] }>("sportybet-pcEvents-premier-league.json");
    const atOldId = JSON.stringify(listing);
    const atNewId = JSON.stringify({ ...listing, data: listing.data.map((t) => ({ ...t, id: "sr:tournament:170" })) });
    const offers = offersOf(sportybet.parseLeague(atOldId, 1, NOW));
    expect(offers.length).toBeGreaterThan(0);

    useCatalogueWith((files) => {
      const premierLeague = files.competitions.competitions.find((c) => c.id === 1)!;
      premierLeague.srTournament = "170";
      premierLeague.books.sportybet!.id = "sr:tournament:170";
    });

    expect(JSON.parse(sportybet.leagueRequests("http://sim", 1, NOW)[0]?.body ?? "")).toMatchObject([{ tournamentId: [["sr:tournament:170"]] }]);
    expect(offersOf(sportybet.parseLeague(atNewId, 1, NOW))).toEqual(offers.map((o) => ({ ...o, bookCompetition: { ...o.bookCompetition, id: "sr:tournament:170" } })));
    expect(offersOf(sportybet.parseLeague(atOldId, 1, NOW))).toEqual([]);
  });

  it("read a market the catalogue's file maps, and only while it maps it", () => {
    const body = sportybetListingWithDrawNoBet();
    // Draw No Bet at SportyBet is market 11, outcomes 4 and 5; ours is market 21, selections 43 and 44.
    const drawNoBet = (offers: { prices: { marketId: number }[] }[]) => offers[0]!.prices.filter((p) => p.marketId === 21);
    expect(drawNoBet(offersOf(sportybet.parseLeague(body, 1, NOW)))).toEqual([price(21, 43, 1.45), price(21, 44, 2.7)]);

    useCatalogueWith((files) => {
      files.markets.types = files.markets.types.filter((t) => t.key !== "ft-draw-no-bet");
    });

    expect(drawNoBet(offersOf(sportybet.parseLeague(body, 1, NOW)))).toEqual([]);
  });

  it("stop reading a book's outcome the catalogue no longer maps", () => {
    expect(readOdds({ S_GGNG_Y: "1.7", "S_OU@2.25_O": "1.9" }).prices.list().map((p) => p.selectionTypeId)).toEqual([14]);

    useCatalogueWith((files) => {
      const btts = files.markets.types.find((t) => t.key === "ft-btts") as { books: { bookmaker: string; outcomes: Record<string, string> }[] };
      delete btts.books.find((b) => b.bookmaker === "bet9ja")!.outcomes.Y;
    });

    expect(readOdds({ S_GGNG_Y: "1.7", S_GGNG_N: "2.05" }).prices.list()).toEqual([price(7, 15, 2.05)]);
  });

  it("accept a name a book gives the competition in the catalogue", () => {
    expect(isLeagueName(1, "Barclays Premier League", "England")).toBe(false);

    useCatalogueWith((files) => {
      files.competitions.competitions.find((c) => c.id === 1)!.books.betking!.name = "Barclays Premier League";
    });

    expect(isLeagueName(1, "Barclays Premier League", "England")).toBe(true);
    expect(isLeagueName(1, "Barclays Premier League", "Ghana")).toBe(false);
  });
});
