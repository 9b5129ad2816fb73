/**
 * `npm run feeds:parse` run as an operator runs it, on hand-made payloads in the shapes of the
 * real captures (tests/fixtures/feeds/feeds-parse/): the same two fixtures seen by Bet9ja
 * (GetEvent) and SportyBet (factsCenter/event).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = fileURLToPath(new URL("../fixtures/feeds/feeds-parse/", import.meta.url));
const TSX = join(ROOT, "node_modules/.bin/tsx");
const scratch = mkdtempSync(join(tmpdir(), "feeds-parse-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Printed {
  ok: boolean;
  error?: string;
  offers?: { bookmaker: string; externalId: string; srId: string | null; competitionId: number; home: string; away: string; kickoff: string; prices: { marketId: number; selectionTypeId: number; price: number; boosted: boolean }[] }[];
}

function feedsParse(...args: string[]): Promise<{ code: number; out: Printed }> {
  return new Promise((resolve, reject) => {
    execFile(TSX, ["scripts/feeds-parse.ts", ...args], { cwd: ROOT }, (error, stdout) => {
      try {
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: JSON.parse(stdout) as Printed });
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    });
  });
}

const fixture = (name: string) => join(FIXTURES, name);
const BEFORE = ["--competition", "1", "--now", "2026-12-01T00:00:00Z"];
const markets = (out: Printed) => [...new Set(out.offers?.flatMap((o) => o.prices.map((p) => p.marketId)))].sort((a, b) => a - b);

describe("npm run feeds:parse", () => {
  it("reads a Bet9ja GetEvent: UTC kick-off, bare EXTID as sr:match, the compared markets only, closed '1' dropped and 1.01 kept", async () => {
    const { code, out } = await feedsParse("--bookmaker", "bet9ja", ...BEFORE, fixture("bet9ja-GetEvent-arsenal-chelsea.json"));

    expect(code).toBe(0);
    expect(out.ok).toBe(true);
    expect(out.offers).toHaveLength(1);
    const [offer] = out.offers!;
    expect(offer).toMatchObject({ bookmaker: "bet9ja", externalId: "801200301", srId: "sr:match:62100101", competitionId: 1, home: "Arsenal", away: "Chelsea", kickoff: "2026-12-05T15:00:00.000Z" });
    // Beyond the eight: Over/Under 5.5 (9), the first half's Over 0.5 (16) and HT/FT 1/1 (23).
    expect(markets(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 23]);
    expect(offer?.prices).toContainEqual({ marketId: 2, selectionTypeId: 4, price: 1.01, boosted: false });
    expect(offer?.prices.some((p) => p.selectionTypeId === 13)).toBe(false);
    expect(offer?.prices).toHaveLength(20);
  });

  it("reads a SportyBet factsCenter/event without its whole lines, its team totals and 1UP as their own markets, on the same minute as Bet9ja's kick-off", async () => {
    const sporty = await feedsParse("--bookmaker", "sportybet", ...BEFORE, fixture("sportybet-event-tottenham-villa.json"));
    const bet9ja = await feedsParse("--bookmaker", "bet9ja", ...BEFORE, fixture("bet9ja-GetEvent-tottenham-villa.json"));

    const [s] = sporty.out.offers!;
    const [b] = bet9ja.out.offers!;
    expect(s).toMatchObject({ bookmaker: "sportybet", srId: "sr:match:62100102", home: "Tottenham Hotspur", away: "Aston Villa" });
    expect(b?.srId).toBe(s?.srId);
    expect(b?.kickoff).toBe(s?.kickoff);
    expect(s?.kickoff).toBe("2026-12-05T17:30:00.000Z");
    // The team totals at 0.5 (19/20: markets 10 and 13) and 1UP (52) are theirs, never match totals; the whole line total=2 adds none.
    expect(markets(sporty.out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 13, 52]);
    expect(s?.prices).toHaveLength(25);
    expect(s?.prices.find((p) => p.selectionTypeId === 6)?.price).toBe(1.25);
  });

  it("tells a league listing from a single event by its shape", async () => {
    const events = ["arsenal-chelsea", "tottenham-villa"].map((f) => (JSON.parse(readFileSync(fixture(`sportybet-event-${f}.json`), "utf8")) as { data: unknown }).data);
    const listing = join(scratch, "pcEvents.json");
    writeFileSync(listing, JSON.stringify({ bizCode: 10000, message: "0#0", data: [{ id: "sr:tournament:17", name: "Premier League", events }] }));

    const { code, out } = await feedsParse("--bookmaker", "sportybet", ...BEFORE, listing);

    expect(code).toBe(0);
    expect(out.offers?.map((o) => o.srId)).toEqual(["sr:match:62100101", "sr:match:62100102"]);
  });

  it("leaves out a match that has kicked off by --now", async () => {
    const { code, out } = await feedsParse("--bookmaker", "bet9ja", "--competition", "1", "--now", "2026-12-05T15:00:00Z", fixture("bet9ja-GetEvent-arsenal-chelsea.json"));

    expect(code).toBe(0);
    expect(out).toEqual({ ok: true, offers: [] });
  });

  it("answers ok:false with exit code 1, naming what was expected, for another bookmaker's file", async () => {
    const { code, out } = await feedsParse("--bookmaker", "bet9ja", ...BEFORE, fixture("sportybet-event-arsenal-chelsea.json"));

    expect(code).toBe(1);
    expect(out.ok).toBe(false);
    expect(out.error).toMatch(/^not a payload bet9ja answers: expected a Bet9ja GetEventsInGroupV2 listing .* or GetEvent/);
  });

  it("answers ok:false with exit code 1 for a malformed file, an unknown bookmaker or a bad --now", async () => {
    const cut = join(scratch, "cut.json");
    writeFileSync(cut, readFileSync(fixture("bet9ja-GetEvent-arsenal-chelsea.json"), "utf8").slice(0, 300));

    const malformed = await feedsParse("--bookmaker", "bet9ja", ...BEFORE, cut);
    const unknown = await feedsParse("--bookmaker", "betway", ...BEFORE, cut);
    const badNow = await feedsParse("--bookmaker", "bet9ja", "--competition", "1", "--now", "soon", cut);

    expect(malformed).toMatchObject({ code: 1, out: { ok: false, error: expect.stringMatching(/^body is not JSON .*; expected a Bet9ja/) } });
    expect(unknown).toMatchObject({ code: 1, out: { ok: false, error: 'unknown bookmaker "betway": expected one of bet9ja, betking, sportybet, nairabet, 1xbet' } });
    expect(badNow).toMatchObject({ code: 1, out: { ok: false, error: expect.stringMatching(/^--now soon: expected an ISO date-time/) } });
  });
});
