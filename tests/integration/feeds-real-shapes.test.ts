/**
 * Real feeds joined (docs/design.md, Matching): the collector, fed the two fixtures Bet9ja and SportyBet
 * both list, in the shapes of the real captures (hand-made: tests/fixtures/feeds/feeds-parse/), writes one
 * event per fixture carrying both bookmakers, joined on the Sportradar id, at one kick-off. A plain HTTP
 * server stands in for the two sites, answering the very requests the adapters make.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { OddsResponse } from "#shared/contract.ts";
import { ADAPTERS } from "#api/feeds/bookmakers/index.ts";
import { createCollector, runCycle } from "#api/feeds/collector/cycle.ts";
import { createFetcher } from "#api/feeds/fetcher.ts";
import { createFeedMetrics } from "#api/feeds/collector/metrics.ts";
import { startTestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase } from "../helpers/databases.ts";

const FIXTURES = new URL("../fixtures/feeds/feeds-parse/", import.meta.url);
const PAIRS = ["arsenal-chelsea", "tottenham-villa"];
const json = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as { D?: Record<string, unknown>; data?: unknown };

const sportyEvents = PAIRS.map((p) => json(`sportybet-event-${p}.json`).data);
const bet9jaEvents = PAIRS.map((p) => json(`bet9ja-GetEvent-${p}.json`).D!);
/** Bet9ja's league list carries no GG/NG: BTTS comes from the GetEvent follow-up. */
const bet9jaListed = bet9jaEvents.map((e) => ({ ...e, O: Object.fromEntries(Object.entries(e.O as Record<string, string>).filter(([k]) => !k.startsWith("S_GGNG"))) }));

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** SportyBet's pcEvents (POST, tournament filter) and Bet9ja's league list and GetEvent. */
function sites(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? "/", "http://sites");
  if (url.pathname === "/sportybet/api/ng/factsCenter/pcEvents" && req.method === "POST") {
    const [filter] = JSON.parse(body) as { tournamentId: string[][] }[];
    const epl = filter?.tournamentId.flat().includes("sr:tournament:17");
    return answer(res, 200, { bizCode: 10000, message: "0#0", data: epl ? [{ id: "sr:tournament:17", name: "Premier League", events: sportyEvents }] : [] });
  }
  if (url.pathname === "/bet9ja/desktop/feapi/PalimpsestAjax/GetEventsInGroupV2") {
    return answer(res, 200, { R: "OK", D: { E: url.searchParams.get("GROUPID") === "170880" ? bet9jaListed : [] } });
  }
  if (url.pathname === "/bet9ja/desktop/feapi/PalimpsestAjax/GetEvent") {
    const event = bet9jaEvents.find((e) => String(e.ID) === url.searchParams.get("EVENTID"));
    return answer(res, 200, event ? { R: "OK", D: event } : { R: "E", D: null });
  }
  answer(res, 404, { error: "not found" });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startSites(): Promise<string> {
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => sites(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the collector on the real payload shapes", () => {
  it("writes one event per fixture with both Bet9ja and SportyBet, joined on the Sportradar id at one kick-off", async () => {
    const origin = await startSites();
    const database = await createTestDatabase("sqlite");
    const t = await startTestApi(database, undefined, testClock(Date.UTC(2026, 11, 1, 9, 0)));
    const fetcher = createFetcher({ retries: 0 });
    cleanups.push(async () => {
      await fetcher.close();
      await t.close();
      await database.drop();
    });
    const collector = createCollector({
      sources: [
        { adapter: ADAPTERS.bet9ja, baseUrl: `${origin}/bet9ja` },
        { adapter: ADAPTERS.sportybet, baseUrl: `${origin}/sportybet` },
      ],
      fetcher,
      db: t.api.db.kysely,
      clock: t.clock,
      logger: pino({ level: "silent" }),
      politeDelayMs: [0, 0],
      metrics: createFeedMetrics(),
      onWritten: () => t.api.odds.refresh(),
    });

    const report = await runCycle(collector);

    expect(report.bookmakers.map((b) => [b.key, b.offers, b.unmatched])).toEqual([
      ["bet9ja", 2, 0],
      ["sportybet", 2, 0],
    ]);
    const oneXTwo = JSON.parse(t.api.odds.cache.odds(1, 1)!.json).data as OddsResponse;
    expect(oneXTwo.events.map((e) => [e.name, e.date, e.markets[0]!.odds.map((o) => o.provider).sort()])).toEqual([
      ["Arsenal vs Chelsea", "2026-12-05T15:00:00.000Z", [1, 3]],
      ["Tottenham Hotspur vs Aston Villa", "2026-12-05T17:30:00.000Z", [1, 3]],
    ]);
    // GG/NG reached Bet9ja's offers through its GetEvent follow-up.
    const btts = JSON.parse(t.api.odds.cache.odds(1, 7)!.json).data as OddsResponse;
    expect(btts.events.map((e) => e.markets[0]!.odds.map((o) => o.provider).sort())).toEqual([
      [1, 3],
      [1, 3],
    ]);
    const stored = await t.api.db.kysely.selectFrom("events").select(["id"]).execute();
    expect(stored).toHaveLength(2);
  });
});
