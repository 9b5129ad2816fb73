/**
 * The simulated sites serve every catalogue type each book quotes in the book's real shape: the
 * real adapters (api/feeds/bookmakers/) parse the simulator's own payloads and find every type
 * markets.json maps for that book, lines included, 1UP and 2UP at SportyBet alone
 * (docs/design.md, Simulator).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { bet9ja } from "../bookmakers/bet9ja/bet9ja.ts";
import { betking } from "../bookmakers/betking/betking.ts";
import { nairabet } from "../bookmakers/nairabet.ts";
import { onexbet } from "../bookmakers/onexbet/onexbet.ts";
import { sportybet } from "../bookmakers/sportybet/sportybet.ts";
import type { BookmakerAdapter, BookmakerKey, FeedRequest, Offer } from "../types.ts";
import { harness, type Harness } from "../../../tests/helpers/simulator/sim-harness.ts";
import { catalogueKindsOf, simCatalogueMarket, catalogueType, kindLines } from "./scenario/catalogue-kinds.ts";
import type { MarketKind } from "./scenario/margins.ts";

const ADAPTERS: Record<BookmakerKey, BookmakerAdapter> = { sportybet, bet9ja, betking, nairabet, "1xbet": onexbet };
const LEGACY: MarketKind[] = ["1X2", "DC", "OU", "BTTS"];

async function fetchBody(h: Harness, book: BookmakerKey, r: FeedRequest): Promise<string> {
  const path = `/${book}${r.url}`;
  const response =
    r.method === "POST"
      ? await request(h.app).post(path).set("content-type", "application/json").send(r.body ?? "")
      : await request(h.app).get(path);
  return response.text;
}

/** Every offer the adapter reads from the simulator, its per-event calls merged in, as the collector runs it. */
async function collect(h: Harness, book: BookmakerKey): Promise<Offer[]> {
  const adapter = ADAPTERS[book];
  const now = new Date(h.sim.now());
  const offers: Offer[] = [];
  for (const competitionId of [1, 2, 3, 4]) {
    for (const r of adapter.leagueRequests("", competitionId, now)) {
      const parsed = adapter.parseLeague(await fetchBody(h, book, r), competitionId, now);
      if (!parsed.ok) throw new Error(`${book} league ${competitionId}: ${parsed.error}`);
      let league = parsed.offers;
      if (adapter.eventRequests && adapter.parseEvent) {
        const merged: Offer[] = [];
        for (const { request: er, externalId } of adapter.eventRequests("", league)) {
          const offer = league.find((o) => o.externalId === externalId)!;
          const event = adapter.parseEvent(await fetchBody(h, book, er), offer);
          merged.push(...(event.ok ? event.offers : [offer]));
        }
        league = merged;
      }
      offers.push(...league);
    }
  }
  return offers;
}

/** The catalogue kind of a market id. */
const KIND_OF = new Map<number, MarketKind>(
  ([...LEGACY, ...catalogueKindsOf("sportybet")] as MarketKind[]).flatMap((kind) => catalogueType(kind).markets.map((m) => [m.id, kind] as const)),
);
const marketIds = (offers: Offer[]) => new Set(offers.flatMap((o) => o.prices.map((p) => p.marketId)));
const gridIds = (kind: MarketKind) => kindLines(kind).map((line) => simCatalogueMarket(kind, line)!.id);

describe("every catalogue type each book quotes, read back by the real adapters", () => {
  const h = harness();
  const read = new Map<BookmakerKey, Promise<Offer[]>>();
  const offersOf = (book: BookmakerKey) => {
    if (!read.has(book)) read.set(book, collect(h, book));
    return read.get(book)!;
  };

  it.each(["sportybet", "bet9ja", "betking", "nairabet", "1xbet"] as const)("%s: exactly the types markets.json maps for it", async (book) => {
    const ids = marketIds(await offersOf(book));
    const kinds = new Set([...ids].map((id) => KIND_OF.get(id)));
    expect([...kinds].sort()).toEqual([...LEGACY, ...catalogueKindsOf(book)].sort());
  });

  it("SportyBet: team, half and 3-way handicap lines across their grids, quarter Asian lines, 1UP (52) and 2UP (53)", async () => {
    const ids = marketIds(await offersOf("sportybet"));
    for (const kind of ["HOU", "AOU", "1HOU", "2HOU", "HCP"] as const) for (const id of gridIds(kind)) expect(ids, `${kind} market ${id}`).toContain(id);
    for (const id of [21, 22, 23, 24, 50, 51, 52, 53]) expect(ids).toContain(id);
    const asian = gridIds("AH").filter((id) => ids.has(id));
    expect(asian.length).toBeGreaterThan(8);
    expect(ids.has(36) || ids.has(38) || ids.has(40) || ids.has(42)).toBe(true);
  });

  it("Bet9ja: every type through GetEvent's odds map, lines in its keys, no 1UP or 2UP", async () => {
    const ids = marketIds(await offersOf("bet9ja"));
    for (const kind of ["HOU", "AOU", "1HOU", "2HOU", "HCP"] as const) for (const id of gridIds(kind)) expect(ids, `${kind} market ${id}`).toContain(id);
    for (const id of [21, 22, 23, 24, 50, 51]) expect(ids).toContain(id);
    expect(ids.has(52) || ids.has(53)).toBe(false);
    expect(gridIds("AH").filter((id) => ids.has(id)).length).toBeGreaterThan(8);
  });

  it("BetKing: team totals, HT/FT, correct score without the 0:x it has no ids for, 3-way handicaps by head starts, Asian half and whole lines", async () => {
    const offers = await offersOf("betking");
    const ids = marketIds(offers);
    for (const kind of ["HOU", "AOU", "HCP"] as const) for (const id of gridIds(kind)) expect(ids, `${kind} market ${id}`).toContain(id);
    expect(ids).toContain(23);
    expect(ids).toContain(24);
    const asian = gridIds("AH").filter((id) => ids.has(id));
    expect(asian.length).toBeGreaterThan(3);
    // Quarter lines (market ids 30, 32, 34 ...: -2.25, -1.75, -1.25 ...) are not BetKing's.
    for (const id of [30, 32, 34, 36, 38, 40, 42, 44, 46, 48]) expect(ids.has(id)).toBe(false);
    // Correct score: 0:0 (selection 57) and 0:1-0:4 (58-61) have no BetKing id.
    const scores = new Set(offers.flatMap((o) => o.prices.filter((p) => p.marketId === 24).map((p) => p.selectionTypeId)));
    expect(scores).toContain(68);
    for (const id of [57, 58, 59, 60, 61]) expect(scores.has(id)).toBe(false);
  });

  it("reads each price as the simulator quoted it", async () => {
    for (const book of ["sportybet", "bet9ja", "betking"] as const) {
      const offers = await offersOf(book);
      const fixture = h.sim.upcoming(1)[0]!;
      const quoted = h.sim.quote(book, fixture, h.sim.now(), "all") ?? [];
      const offer = offers.find((o) => o.srId === fixture.srId)!;
      expect(offer, book).toBeDefined();
      let compared = 0;
      for (const m of quoted.filter((q) => !q.suspended && !LEGACY.includes(q.kind))) {
        const market = simCatalogueMarket(m.kind, m.line)!;
        m.prices.forEach((price, i) => {
          const read = offer.prices.find((p) => p.marketId === market.id && p.selectionTypeId === market.selections[i]);
          if (read) {
            expect(read.price, `${book} ${m.kind} ${m.line} ${i}`).toBe(price);
            compared++;
          }
        });
      }
      expect(compared, book).toBeGreaterThan(40);
    }
  });
});
