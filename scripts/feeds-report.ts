import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { COMPETITIONS } from "#shared/reference.ts";

/**
 * `npm run feeds:report`: the last collection run per bookmaker and league, and the offers that
 * matched nothing (an alias to add, or a fixture only one bookmaker lists).
 */
const config = loadApiConfig();
const db = await openDatabase(config.databaseUrl);
try {
  const latest = await db.kysely.selectFrom("feed_runs").select((eb) => eb.fn.max("started_at").as("at")).executeTakeFirst();
  if (!latest?.at) {
    console.log(`No feed runs yet in ${config.databaseUrl}. Start the API with FEEDS=simulated or FEEDS=live.`);
  } else {
    const runs = await db.kysely.selectFrom("feed_runs").selectAll().where("started_at", "=", latest.at).orderBy("bookmaker").orderBy("competition_id").execute();
    console.log(`Last run: ${new Date(Number(latest.at)).toISOString()}\n`);
    console.log("bookmaker   league                  ok   offers  prices  error");
    for (const run of runs) {
      const league = COMPETITIONS.find((c) => c.id === run.competition_id)?.name ?? String(run.competition_id);
      console.log(`${run.bookmaker.padEnd(11)} ${league.padEnd(23)} ${run.ok ? "yes" : "NO "}  ${String(run.offers).padStart(6)}  ${String(run.prices).padStart(6)}  ${run.error ?? ""}`);
    }
    const unmatched = runs.flatMap((run) => (JSON.parse(run.unmatched) as { home: string; away: string; reason: string; detail: string }[]).map((u) => ({ ...u, bookmaker: run.bookmaker })));
    console.log(`\nUnmatched offers: ${unmatched.length}`);
    for (const u of unmatched) console.log(`  ${u.bookmaker.padEnd(10)} ${u.home} vs ${u.away}: ${u.reason} (${u.detail})`);
  }
} finally {
  await db.close();
}
