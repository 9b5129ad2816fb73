import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { feedHealth, latestFeedRuns } from "#api/feeds/feed-runs.ts";
import { COMPETITIONS } from "#shared/reference.ts";

/**
 * `npm run feeds:report`: feed health per bookmaker (last success, offers, unmatched, blocked),
 * the last collection run per bookmaker and league, and the offers that matched nothing (an
 * alias to add, or a fixture only one bookmaker lists).
 */
const config = loadApiConfig();
const db = await openDatabase(config.databaseUrl);
const iso = (at: number | undefined) => (at === undefined ? "never" : new Date(at).toISOString());
try {
  const { lastRunAt, runs } = await latestFeedRuns(db.kysely);
  if (lastRunAt.size === 0) {
    console.log(`No feed runs yet in ${config.databaseUrl}. Start the API with FEEDS=simulated or FEEDS=live.`);
  } else {
    console.log("bookmaker   last run                  last success              offers  unmatched  blocked");
    for (const h of await feedHealth(db.kysely)) {
      console.log(
        `${h.bookmaker.padEnd(11)} ${iso(h.lastRunAt).padEnd(25)} ${iso(h.lastSuccessAt).padEnd(25)} ${String(h.offers).padStart(6)}  ${String(h.unmatched).padStart(9)}  ${h.blocked ? "YES" : "no"}`,
      );
    }
    console.log("");
    console.log("bookmaker   league                  ok   offers  prices  changed  event calls (failed)  error");
    for (const run of runs) {
      const league = COMPETITIONS.find((c) => c.id === run.competition_id)?.name ?? String(run.competition_id);
      const calls = run.event_calls > 0 ? `${run.event_calls} (${run.event_failures})` : "-";
      console.log(
        `${run.bookmaker.padEnd(11)} ${league.padEnd(23)} ${run.ok ? "yes" : "NO "}  ${String(run.offers).padStart(6)}  ${String(run.prices).padStart(6)}  ${String(run.changed).padStart(7)}  ${calls.padStart(20)}  ${run.error ?? ""}`,
      );
    }
    const unmatched = runs.flatMap((run) => (JSON.parse(run.unmatched) as { home: string; away: string; reason: string; detail: string }[]).map((u) => ({ ...u, bookmaker: run.bookmaker })));
    console.log(`\nUnmatched offers: ${unmatched.length}`);
    for (const u of unmatched) console.log(`  ${u.bookmaker.padEnd(10)} ${u.home} vs ${u.away}: ${u.reason} (${u.detail})`);
  }
} finally {
  await db.close();
}
