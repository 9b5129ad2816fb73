import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { COMPETITION_IDS } from "#shared/reference.ts";
import type { Database } from "../db/schema.ts";
import type { FixtureInput, OddsStore } from "../odds/store.ts";
import { circuitBreaker, type Fetcher } from "./fetcher.ts";
import { matchOffers, swapSides } from "./matching.ts";
import { BOOKMAKER_IDS, type BookmakerAdapter, type BookmakerKey, type Offer } from "./types.ts";

const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface FeedSource {
  adapter: BookmakerAdapter;
  baseUrl: string;
}

export interface CollectorOptions {
  sources: FeedSource[];
  fetcher: Fetcher;
  store: OddsStore;
  db: Kysely<Database>;
  clock: () => number;
  logger: Logger;
  /** Pause between two requests to one bookmaker, in ms: [min, max] (feeds reference: 250 ms to 1.5 s live). */
  politeDelayMs?: [number, number];
  /** Bookmakers fetched at once. */
  concurrency?: number;
  /** Called after each competition is written (the odds cache rebuilds). */
  onWritten?: () => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

interface BookmakerOutcome {
  key: BookmakerKey;
  offers: Map<number, Offer[]>;
  errors: Map<number, string>;
  skipped: boolean;
}

export interface CycleReport {
  startedAt: number;
  competitions: { competitionId: number; fixtures: number; prices: number; changed: number; removed: number; unmatched: number }[];
  bookmakers: { key: BookmakerKey; ok: boolean; offers: number; error?: string }[];
}

/**
 * Polls every bookmaker for every league, matches the offers into fixtures and writes each
 * league in one transaction (DESIGN section 7). A bookmaker's failure is recorded and logged and
 * never stops or corrupts the others: its last prices stay until they go stale.
 */
export function createCollector(options: CollectorOptions) {
  const breaker = circuitBreaker(options.clock);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const [minGap, maxGap] = options.politeDelayMs ?? [250, 1500];
  const gap = () => sleep(minGap + Math.random() * (maxGap - minGap));

  /** One bookmaker, all leagues, one request at a time. Same-URL requests within a cycle are fetched once. */
  async function collectBookmaker(source: FeedSource, now: Date): Promise<BookmakerOutcome> {
    const { adapter, baseUrl } = source;
    const outcome: BookmakerOutcome = { key: adapter.key, offers: new Map(), errors: new Map(), skipped: false };
    if (!breaker.allows(adapter.key)) {
      outcome.skipped = true;
      for (const c of COMPETITION_IDS) outcome.errors.set(c, "circuit open: skipped after repeated failures");
      return outcome;
    }
    const bodies = new Map<string, string>();
    let first = true;
    for (const competitionId of COMPETITION_IDS) {
      try {
        const offers: Offer[] = [];
        for (const request of adapter.leagueRequests(baseUrl, competitionId, now)) {
          let body = bodies.get(request.url);
          if (body === undefined) {
            if (!first) await gap();
            first = false;
            body = await options.fetcher.fetch(request);
            bodies.set(request.url, body);
          }
          const parsed = adapter.parseLeague(body, competitionId, now);
          if (!parsed.ok) throw new Error(parsed.error);
          offers.push(...parsed.offers);
        }
        if (adapter.eventRequests && adapter.parseEvent) {
          for (const { request, externalId } of adapter.eventRequests(baseUrl, offers)) {
            const index = offers.findIndex((o) => o.externalId === externalId);
            const offer = offers[index];
            if (!offer) continue;
            await gap();
            try {
              const parsed = adapter.parseEvent(await options.fetcher.fetch(request), offer);
              if (parsed.ok && parsed.offers[0]) offers[index] = parsed.offers[0];
            } catch (error) {
              // The league listing still stands without the per-event extras.
              options.logger.warn({ bookmaker: adapter.key, externalId, err: String(error) }, "event follow-up failed");
            }
          }
        }
        outcome.offers.set(competitionId, offers);
      } catch (error) {
        outcome.errors.set(competitionId, error instanceof Error ? error.message : String(error));
      }
    }
    if (outcome.errors.size === COMPETITION_IDS.length) breaker.failure(adapter.key);
    else breaker.success(adapter.key);
    return outcome;
  }

  async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
    const results: R[] = new Array(items.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(limit, items.length) }, async () => {
        while (next < items.length) {
          const i = next++;
          results[i] = await fn(items[i]!);
        }
      }),
    );
    return results;
  }

  function toFixtures(offers: Offer[]): { fixtures: FixtureInput[]; unmatched: ReturnType<typeof matchOffers>["unmatched"] } {
    const { fixtures, unmatched } = matchOffers(offers);
    return {
      unmatched,
      fixtures: fixtures.map((f) => ({
        key: f.key,
        competitionId: f.competitionId,
        home: f.home,
        away: f.away,
        kickoff: f.kickoff,
        srId: f.srId,
        prices: f.members.flatMap(({ offer, swapped }) =>
          (swapped ? swapSides(offer.prices) : offer.prices).map((p) => ({ bookmaker: BOOKMAKER_IDS[offer.bookmaker], marketId: p.marketId, selectionTypeId: p.selectionTypeId, price: p.price, boosted: p.boosted })),
        ),
      })),
    };
  }

  return {
    /** One full cycle: every bookmaker and league, then one write per league. */
    async runCycle(): Promise<CycleReport> {
      const startedAt = options.clock();
      const now = new Date(startedAt);
      const outcomes = await mapLimited(options.sources, options.concurrency ?? 3, (s) => collectBookmaker(s, now));
      const report: CycleReport = { startedAt, competitions: [], bookmakers: [] };
      for (const competitionId of COMPETITION_IDS) {
        const offers = outcomes.flatMap((o) => o.offers.get(competitionId) ?? []);
        const { fixtures, unmatched } = toFixtures(offers);
        const written = await options.store.writeRun(fixtures, options.clock());
        report.competitions.push({ competitionId, fixtures: fixtures.length, ...written, unmatched: unmatched.length });
        const finishedAt = options.clock();
        await options.db
          .insertInto("feed_runs")
          .values(
            outcomes.map((o) => {
              const mine = o.offers.get(competitionId) ?? [];
              return {
                id: randomUUID(),
                bookmaker: o.key,
                competition_id: competitionId,
                started_at: startedAt,
                finished_at: finishedAt,
                ok: o.errors.has(competitionId) ? 0 : 1,
                offers: mine.length,
                prices: mine.reduce((n, offer) => n + offer.prices.length, 0),
                changed: 0,
                error: o.errors.get(competitionId) ?? null,
                unmatched: JSON.stringify(unmatched.filter((u) => u.offer.bookmaker === o.key).map((u) => ({ home: u.offer.home, away: u.offer.away, reason: u.reason, detail: u.detail }))),
              };
            }),
          )
          .execute();
        await options.onWritten?.();
      }
      // Events long past kick-off leave the store, their history with them.
      await options.store.prune(startedAt - PRUNE_AFTER_MS);
      for (const o of outcomes) {
        const offers = [...o.offers.values()].reduce((n, list) => n + list.length, 0);
        const error = o.errors.size > 0 ? [...new Set(o.errors.values())].join("; ") : undefined;
        report.bookmakers.push({ key: o.key, ok: o.errors.size === 0, offers, ...(error ? { error } : {}) });
      }
      options.logger.info({ feeds: report.bookmakers, competitions: report.competitions, ms: options.clock() - startedAt }, "feed cycle");
      return report;
    },
    breaker,
  };
}

export type Collector = ReturnType<typeof createCollector>;
