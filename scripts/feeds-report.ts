import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { bookingCounts } from "#api/booking/metrics.ts";
import { feedHealth, latestFeedRuns } from "#api/feeds/collector/feed-runs.ts";
import { COMPETITIONS } from "#shared/reference.ts";
import { learntRows } from "#api/catalogue/learn-repository.ts";
import { learntRowLines } from "#api/feeds/collector/reports.ts";

/**
 * `npm run feeds:report`: feed health per bookmaker (last success, offers, unmatched, blocked),
 * the last collection run per bookmaker and league, and the offers that matched nothing (an
 * alias to add, or a fixture only one bookmaker lists), the competitions learnt by themselves, held
 * or in conflict (docs/design.md, Learning competitions), then the running API's booking-code counts
 * per bookmaker (docs/design.md, Booking codes), read from its /metrics.
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
  console.log("");
  for (const line of learntRowLines(await learntRows(db.kysely))) console.log(line);
} finally {
  await db.close();
}

/** Booking codes are counted in the API process (api/booking/metrics.ts): asked of its /metrics on the API port. */
async function printBookingCounts() {
  const host = config.host === "0.0.0.0" ? "127.0.0.1" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/metrics`;
  let exposition: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    exposition = await res.text();
  } catch {
    console.log(`\nBooking codes: no API answered at ${url} (the counts live in the running API).`);
    return;
  }
  const counts = bookingCounts(exposition);
  console.log("\nBooking codes since the API started:");
  console.log("bookmaker   reads  cached  not found  empty  unavailable   mints  refused  unverified  unavailable  blocked");
  const n = (row: Record<string, number>, key: string, width: number) => String(row[key] ?? 0).padStart(width);
  for (const [bookmaker, row] of counts) {
    const reads = ["ok", "not-found", "empty", "unavailable"].reduce((sum, r) => sum + (row[`reads:${r}`] ?? 0), 0);
    const mints = ["verified", "refused", "unverified", "unavailable"].reduce((sum, r) => sum + (row[`mints:${r}`] ?? 0), 0);
    console.log(
      `${bookmaker.padEnd(11)} ${String(reads).padStart(5)}  ${n(row, "reads:cached", 6)}  ${n(row, "reads:not-found", 9)}  ${n(row, "reads:empty", 5)}  ${n(row, "reads:unavailable", 11)}   ${String(mints).padStart(5)}  ${n(row, "mints:refused", 7)}  ${n(row, "verification_failures", 10)}  ${n(row, "mints:unavailable", 11)}  ${n(row, "blocked", 7)}`,
    );
  }
  if (counts.size === 0) console.log("  none yet");
}

await printBookingCounts();
