/**
 * Booking codes hold picks in every type a simulated book quotes, written with that book's ids
 * from markets.json (docs/design.md, Simulator); BetKing's MatchOddsIDs make room for them while
 * every older id resolves as before.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { harness, TUESDAY } from "../../../../tests/helpers/simulator/sim-harness.ts";
import { betkingBooking } from "../../bookmakers/betking/betking-booking.ts";
import { bet9jaBooking } from "../../bookmakers/bet9ja/bet9ja-booking.ts";
import { sportybetBooking } from "../../bookmakers/sportybet/sportybet-booking.ts";
import { bet9jaEventId } from "../event-ids.ts";
import { catalogueKindsOf, simCatalogueMarket } from "../scenario/catalogue-kinds.ts";
import { bet9jaKey, betkingMatchOddsId, betkingRow, everyPick, fromMatchOddsId, sportybetIds } from "../sites/booking-picks.ts";
import { isCataloguePick, quoteLeg, type BookedPick } from "./booking-store.ts";

const pick = (kind: BookedPick["kind"], line: number | null, index: number) => ({ kind, line, index }) as BookedPick;

describe("booked picks in every catalogue type", () => {
  it("exist for every selection each book quotes", () => {
    const h = harness();
    const picks = everyPick().filter(isCataloguePick);
    const has = (p: { kind: string; line: number | null; index: number }) => picks.some((q) => q.kind === p.kind && q.line === p.line && q.index === p.index);
    for (const book of ["sportybet", "bet9ja", "betking"] as const) {
      for (const fixture of h.sim.upcoming(1).slice(0, 5)) {
        for (const m of h.sim.quote(book, fixture, TUESDAY, "all") ?? []) {
          if (m.kind === "OU" && m.line !== null && m.line > 6.5) continue;
          m.prices.forEach((_, index) => expect(has({ kind: m.kind, line: m.line, index }), `${book} ${m.kind} ${m.line} ${index}`).toBe(true));
        }
      }
      expect(catalogueKindsOf(book).length).toBeGreaterThan(5);
    }
  });

  it("name SportyBet's selections by markets.json's market and outcome ids and Sportradar specifiers", () => {
    const ids = (p: BookedPick) => {
      const { marketId, specifier, outcomeId } = sportybetIds(p);
      return [marketId, specifier, outcomeId];
    };
    expect(ids(pick("HCP", -1, 0))).toEqual(["14", "hcp=0:1", "1711"]);
    expect(ids(pick("HCP", 2, 1))).toEqual(["14", "hcp=2:0", "1712"]);
    expect(ids(pick("AH", -0.25, 1))).toEqual(["16", "hcp=-0.25", "1715"]);
    expect(ids(pick("HOU", 1.5, 1))).toEqual(["19", "total=1.5", "13"]);
    expect(ids(pick("AOU", 0.5, 0))).toEqual(["20", "total=0.5", "12"]);
    expect(ids(pick("1HOU", 2.5, 0))).toEqual(["68", "total=2.5", "12"]);
    expect(ids(pick("2HOU", 0.5, 1))).toEqual(["90", "total=0.5", "13"]);
    expect(ids(pick("DNB", null, 1))).toEqual(["11", "", "5"]);
    expect(ids(pick("1H1X2", null, 1))).toEqual(["60", "", "2"]);
    // Correct score 2:1 is the 12th selection (0:0, 0:1 ... 2:1); HT/FT home/draw the second.
    expect(ids(pick("CS", null, 11))).toEqual(["45", "", "288"]);
    expect(ids(pick("CS", null, 25))).toEqual(["45", "", "324"]);
    expect(ids(pick("HTFT", null, 1))).toEqual(["47", "", "420"]);
    expect(ids(pick("HWEH", null, 0))).toEqual(["50", "", "74"]);
    expect(ids(pick("AWEH", null, 1))).toEqual(["51", "", "76"]);
    expect(ids(pick("1UP", null, 0))).toEqual(["60200", "", "1"]);
    expect(ids(pick("2UP", null, 2))).toEqual(["60100", "", "3"]);
    // The older HT/FT pick now reads with the real ids too: half-time draw, full-time away is 428.
    expect(ids({ kind: "HTFT", ht: 1, ft: 2 })).toEqual(["47", "", "428"]);
  });

  it("key Bet9ja's selections as its odds map does", () => {
    expect(bet9jaKey(pick("HOU", 1.5, 0))).toBe("S_HAOU@1.5_OH");
    expect(bet9jaKey(pick("AOU", 1.5, 1))).toBe("S_HAOU@1.5_UA");
    expect(bet9jaKey(pick("1HOU", 0.5, 0))).toBe("S_OU1T@0.5_O");
    expect(bet9jaKey(pick("2HOU", 1.5, 1))).toBe("S_OU2T@1.5_U");
    expect(bet9jaKey(pick("HCP", -1, 1))).toBe("S_1X2HND@-1_XH");
    expect(bet9jaKey(pick("HCP", 2, 2))).toBe("S_1X2HND@2_2H");
    expect(bet9jaKey(pick("AH", 0.75, 0))).toBe("S_AH@0.75_1");
    expect(bet9jaKey(pick("AH", 0, 1))).toBe("S_AH@0_2");
    expect(bet9jaKey(pick("HTFT", null, 1))).toBe("S_HTFT_1/X");
    expect(bet9jaKey(pick("CS", null, 11))).toBe("S_CSFT_2:1");
    expect(bet9jaKey(pick("CS", null, 25))).toBe("S_CSFT_OTH");
    expect(bet9jaKey(pick("DNB", null, 1))).toBe("S_DNB_2");
    expect(bet9jaKey(pick("1H1X2", null, 1))).toBe("S_1X21T_X");
    expect(bet9jaKey(pick("HWEH", null, 0))).toBe("S_HOMEWINHALF_Y");
    expect(bet9jaKey(pick("AWEH", null, 1))).toBe("S_AWAYWINHALF_N");
    // The older correct-score and HT/FT keys stay the simulator's own.
    expect(bet9jaKey({ kind: "CS", home: 2, away: 1 })).toBe("S_CS_2-1");
    expect(bet9jaKey({ kind: "HTFT", ht: 0, ft: 1 })).toBe("S_HTFT_1X");
  });

  it("write BetKing's booked rows with its OddsTypeID and OddTypeID", () => {
    expect(betkingRow(pick("HCP", -1, 0))).toMatchObject({ MarketTypeId: 342, IDSelectionType: 1714, Specifier: "line=0:1" });
    expect(betkingRow(pick("AH", -0.5, 1))).toMatchObject({ MarketTypeId: 305, IDSelectionType: 1715, Spread: -0.5 });
    expect(betkingRow(pick("HOU", 2.5, 0))).toMatchObject({ MarketTypeId: 10283, IDSelectionType: 12, Spread: 2.5 });
    expect(betkingRow(pick("CS", null, 11))).toMatchObject({ MarketTypeId: 102, IDSelectionType: 1549 });
    expect(betkingRow(pick("HTFT", null, 8))).toMatchObject({ MarketTypeId: 9881, IDSelectionType: 434 });
  });
});

describe("BetKing's MatchOddsIDs (docs/design.md, Simulator)", () => {
  it("keep every older id: the four families, correct score and HT/FT at serial x 100 + slot", () => {
    expect(betkingMatchOddsId({ serial: 9715 }, pick("1X2", null, 0))).toBe(2_000_971_500);
    expect(betkingMatchOddsId({ serial: 9715 }, pick("OU", 2.5, 1))).toBe(2_000_971_500 + 11);
    expect(betkingMatchOddsId({ serial: 9715 }, { kind: "CS", home: 2, away: 1 })).toBe(2_000_971_500 + 45);
    expect(betkingMatchOddsId({ serial: 9715 }, { kind: "HTFT", ht: 1, ft: 2 })).toBe(2_000_971_500 + 85);
    expect(fromMatchOddsId(2_000_971_500 + 85)).toEqual({ serial: 9715, pick: { kind: "HTFT", ht: 1, ft: 2 } });
    expect(fromMatchOddsId(2_000_971_500 + 20)).toEqual({ serial: 9715, pick: { kind: "BTTS", line: null, index: 0 } });
  });

  it("give a fixture more than 100 selections, each its own id, read back to its pick, on the board's large serials too", () => {
    for (const serial of [1, 9715, 47_513_663]) {
      const picks = everyPick();
      const ids = picks.map((p) => betkingMatchOddsId({ serial }, p));
      expect(new Set(ids).size).toBe(picks.length);
      expect(picks.length).toBeGreaterThan(150);
      picks.forEach((p, i) => expect(fromMatchOddsId(ids[i]!)).toEqual({ serial, pick: p }));
      expect(ids.every((id) => Number.isSafeInteger(id))).toBe(true);
    }
    // Another fixture's ids never meet these.
    const a = new Set(everyPick().map((p) => betkingMatchOddsId({ serial: 9715 }, p)));
    expect(everyPick().some((p) => a.has(betkingMatchOddsId({ serial: 9716 }, p)))).toBe(false);
  });
});

describe("codes with the other types' legs, minted and read at the simulated books", () => {
  it("SportyBet takes a 3-way handicap and a 1UP leg by markets.json's ids and reads them back at the feed's prices", async () => {
    const h = harness();
    const [first, second] = h.sim.listing("sportybet", 1).map((p) => p.fixture);
    const quoted = (f: typeof first) => h.sim.quote("sportybet", f!, TUESDAY, "all") ?? [];
    const hcp = quoted(first).find((m) => m.kind === "HCP" && !m.suspended)!;
    const up = quoted(second).find((m) => m.kind === "1UP" && !m.suspended)!;
    const selections = [
      { eventId: first!.srId, ...sportybetIds(pick("HCP", hcp.line, 0)) },
      { eventId: second!.srId, ...sportybetIds(pick("1UP", null, 0)) },
    ].map(({ eventId, marketId, specifier, outcomeId }) => ({ eventId, marketId, specifier, outcomeId }));
    const minted = await request(h.app).post("/sportybet/api/ng/orders/share").set("content-type", "application/json").send(JSON.stringify({ selections }));
    const code = (JSON.parse(minted.text) as { data: { shareCode: string; unavailableOutcomes: unknown[] } }).data;
    expect(code.unavailableOutcomes).toEqual([]);
    const back = await request(h.app).get(`/sportybet/api/ng/orders/share/${code.shareCode}`);
    const events = (JSON.parse(back.text) as { data: { outcomes: { markets: { id: string; specifier: string; outcomes: { id: string; odds: string }[] }[] }[] } }).data.outcomes;
    const markets = events.flatMap((e) => e.markets);
    expect(markets.map((m) => [m.id, m.specifier, m.outcomes[0]?.id, Number(m.outcomes[0]?.odds)])).toEqual([
      ["14", `hcp=${hcp.line! > 0 ? `${hcp.line}:0` : `0:${-hcp.line!}`}`, "1711", hcp.prices[0]],
      ["60200", "", "1", up.prices[0]],
    ]);
    // The API's codec reads the code (its legs beyond the eight are its to map: docs/design.md, Catalogue steps).
    const read = sportybetBooking.parseRead(back.text, 200, new Date(TUESDAY));
    expect(read.ok).toBe(true);
  });

  it("SportyBet books an HT/FT leg by its real ids (418-434) as the catalogue's pick, read back at the price its feed quotes", async () => {
    const h = harness();
    const [first] = h.sim.listing("sportybet", 1).map((p) => p.fixture);
    const htft = (h.sim.quote("sportybet", first!, TUESDAY, "all") ?? []).find((m) => m.kind === "HTFT" && !m.suspended)!;
    const { marketId, specifier, outcomeId } = sportybetIds(pick("HTFT", null, 1));
    const minted = await request(h.app).post("/sportybet/api/ng/orders/share").set("content-type", "application/json").send(JSON.stringify({ selections: [{ eventId: first!.srId, marketId, specifier, outcomeId }] }));
    const { shareCode } = (JSON.parse(minted.text) as { data: { shareCode: string } }).data;
    expect(h.sim.bookings.get("sportybet", shareCode)?.legs.map((l) => l.pick)).toEqual([pick("HTFT", null, 1)]);
    const back = await request(h.app).get(`/sportybet/api/ng/orders/share/${shareCode}`);
    const read = sportybetBooking.parseRead(back.text, 200, new Date(TUESDAY));
    expect(read.ok && read.legs.map((l) => [l.price, l.selectionTypeId !== undefined])).toEqual([[htft.prices[1], true]]);
  });

  it("BetKing's booked 3-way handicap row carries its head starts in Spread, which our codec reads as the handicap's line", () => {
    expect(betkingRow(pick("HCP", -1, 0))).toMatchObject({ Spread: "0:1" });
    expect(betkingRow(pick("HCP", 2, 2))).toMatchObject({ Spread: "2:0" });
    const row = (p: BookedPick) => ({ MatchId: 1, MatchName: "A - B", ...betkingRow(p), OddValue: 3.1 });
    const read = betkingBooking.parseRead(JSON.stringify({ BookedCoupon: { Odds: [row(pick("HCP", -1, 0)), row(pick("HCP", 2, 2))] }, RemovedEvents: [], ResponseStatus: 1 }), 200, new Date(TUESDAY));
    const ids = (p: BookedPick) => {
      const market = simCatalogueMarket("HCP", (p as { line: number }).line)!;
      return [market.id, market.selections[(p as { index: number }).index]];
    };
    expect(read.ok && read.legs.map((l) => [l.marketId, l.selectionTypeId])).toEqual([ids(pick("HCP", -1, 0)), ids(pick("HCP", 2, 2))]);
  });

  it("BetKing books an Asian line and a correct score by their MatchOddsIDs from its own listing and reads them back", async () => {
    const h = harness();
    const [first, second] = h.sim.listing("betking", 1).map((p) => p.fixture);
    const asian = (h.sim.quote("betking", first!, TUESDAY, "all") ?? []).find((m) => m.kind === "AH" && !m.suspended)!;
    const cs = (h.sim.quote("betking", second!, TUESDAY, "all") ?? []).find((m) => m.kind === "CS" && !m.suspended)!;
    const legs = [
      { fixture: first!, pick: pick("AH", asian.line, 1), price: asian.prices[1] },
      { fixture: second!, pick: pick("CS", null, 11), price: cs.prices[11] },
    ];
    const minted = await request(h.app)
      .post("/betking/api/sports/v1/bet/Book")
      .set("content-type", "application/json")
      .send(JSON.stringify({ Odds: legs.map((l) => ({ SelectionId: betkingMatchOddsId(l.fixture, l.pick) })) }));
    const { BookedCouponCode } = JSON.parse(minted.text) as { BookedCouponCode: string };
    const back = await request(h.app).get(`/betking/api/sports/v1/bet/Booked/${BookedCouponCode}/en`);
    const rows = (JSON.parse(back.text) as { BookedCoupon: { Odds: { MarketTypeId: number; IDSelectionType: number; OddValue: number; SelectionId: number }[] } }).BookedCoupon.Odds;
    expect(rows.map((r) => [r.MarketTypeId, r.IDSelectionType, r.OddValue])).toEqual([
      [305, 1715, legs[0]!.price],
      [102, 1549, legs[1]!.price],
    ]);
    expect(rows.every((r) => r.SelectionId > 100_000_000_000)).toBe(true);
    expect(betkingBooking.parseRead(back.text, 200, new Date(TUESDAY)).ok).toBe(true);
  });

  it("Bet9ja reads a stored code's HT/FT and team-total legs under their odds keys, priced as GetEvent prices them", async () => {
    const h = harness();
    const [first, second] = h.sim.listing("bet9ja", 1).map((p) => p.fixture);
    const legs = [
      { fixture: first!, pick: pick("HTFT", null, 1) },
      { fixture: second!, pick: pick("HOU", 0.5, 0) },
    ];
    const stored = h.sim.bookings.create("bet9ja", legs, TUESDAY);
    // Every 7th code reads back one leg short; this is the first.
    const back = await request(h.app).get(`/bet9ja/desktop/feapi/CouponAjax/GetBookABetCouponV2?couponCode=${stored.code}`);
    const odds = (JSON.parse(back.text) as { D: { O: Record<string, { V: string; SGN: string }> } }).D.O;
    const expected = legs.map((l) => quoteLeg(h.sim, "bet9ja", l, TUESDAY).price);
    expect(Object.entries(odds).map(([key, entry]) => [key, entry.SGN, Number(entry.V)])).toEqual([
      [`${bet9jaEventId(first!)}$S_HTFT_1/X`, "1/X", expected[0]],
      [`${bet9jaEventId(second!)}$S_HAOU@0.5_OH`, "OH", expected[1]],
    ]);
    const quoted = (h.sim.quote("bet9ja", first!, TUESDAY, "all") ?? []).find((m) => m.kind === "HTFT");
    if (quoted && !quoted.suspended) expect(expected[0]).toBe(quoted.prices[1]);
    expect(bet9jaBooking.parseRead(back.text, 200, new Date(TUESDAY)).ok).toBe(true);
  });
});
