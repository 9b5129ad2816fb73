import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { actionRates } from "#api/http/action-rates.ts";
import { migrateToLatest } from "#api/db/migrations.ts";
import { testClock } from "../helpers/clock.ts";
import { testDialects } from "../helpers/databases.ts";
import { suiteDatabase } from "../helpers/open-database.ts";

const dialects = await testDialects();

describe.each(dialects)("the one limiter over (subject, action) on %s (docs/design.md, Rate limits per user and action)", (dialect) => {
  const db = suiteDatabase(dialect);

  it("admits a burst, then one an interval, for each subject and action apart", async () => {
    const clock = testClock(1_000_000);
    const rates = actionRates(db().kysely, clock);
    const rate = { burst: 3, intervalMs: 10_000 };
    const takes = async (subject: string, action: string, n: number) => {
      const out: boolean[] = [];
      for (let i = 0; i < n; i += 1) out.push((await rates.take(subject, action, rate)).ok);
      return out;
    };
    expect(await takes("tg:42", "convert", 4)).toEqual([true, true, true, false]);
    expect(await takes("tg:43", "convert", 1)).toEqual([true]);
    expect(await takes("tg:42", "mint", 1)).toEqual([true]);
    expect(await rates.take("tg:42", "convert", rate)).toEqual({ ok: false, waitMs: 10_000 });
    clock.advance(10_000);
    expect(await takes("tg:42", "convert", 2)).toEqual([true, false]);
    await expect(rates.admit("tg:42", "convert", rate, "Slow down.")).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED", retryAfterS: 10, message: "Slow down." });
  });

  it("migration 015 carries the booking and betslip limits over: no one gets a fresh burst", async () => {
    const k = db().kysely as unknown as Kysely<unknown>;
    // The database as 014 left it: 015 and what came after it undone, the two tables of before, with rows.
    await sql`delete from kysely_migration where name >= '015'`.execute(k);
    await sql`drop table action_rates`.execute(k);
    await sql`drop index alert_rules_subject`.execute(k);
    await sql`drop table alert_rules_version`.execute(k);
    await sql`create table booking_rates (user_id text not null, action text not null, busy_until bigint not null, primary key (user_id, action))`.execute(k);
    await sql`create table betslip_write_rates (user_id text primary key, busy_until bigint not null)`.execute(k);
    await sql`insert into booking_rates values ('u1', 'read', 111), ('u1', 'mint', 222)`.execute(k);
    await sql`insert into betslip_write_rates values ('u2', 333)`.execute(k);
    await migrateToLatest(k);
    const rows = await db().kysely.selectFrom("action_rates").selectAll().orderBy("busy_until").execute();
    expect(rows).toEqual([
      { subject: "u1", action: "booking-read", busy_until: 111 },
      { subject: "u1", action: "booking-mint", busy_until: 222 },
      { subject: "u2", action: "betslip-write", busy_until: 333 },
    ]);
  });
});
