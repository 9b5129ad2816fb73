/**
 * A price change to the alert channels (docs/design.md, Alerts): `BENCH_ONLY=alerts npm run bench`, or
 * `npx tsx scripts/bench/alerts.ts [sqlite|postgres] [followers...]` alone. The real API in this
 * process (detection, the outbox, the one sender, each channel), on a throwaway database; the
 * channels' far ends on loopback: the Bot API stand-in, a push service that checks VAPID and
 * decrypts, an SMTP sink. Each follower (no quiet hours) has a target rule on one match and e-mail; a third linked
 * Telegram, a third subscribed a browser. The clock starts when the crossing price is written to the
 * store; each message's time is when its far end received it. `BENCH_ALERT_FOLLOWERS` (default
 * "100,10000") and `BENCH_ALERT_DIALECTS` (default "sqlite,postgres") choose the runs;
 * `BENCH_TELEGRAM_PAID_PER_S` sends Telegram's as paid broadcasts at that rate (decision 058).
 */
import { randomUUID } from "node:crypto";
import { detectionOf } from "#api/alerts/detect/index.ts";
import { pushPublicKey } from "#api/alerts/push/vapid.ts";
import { startTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import { startTestApi } from "../../tests/helpers/api.ts";
import { createTestDatabase, postgresAnswers } from "../../tests/helpers/databases.ts";
import { storeFixture, writeStoreRun } from "../../tests/helpers/pipeline.ts";
import { startPushEndpoint } from "../../tests/helpers/push-endpoint.ts";
import { startSmtpSink } from "../../tests/helpers/smtp-sink.ts";
import { percentile } from "./load.ts";

const TOKEN = "123456789:AAE-bench_token_for_the_stand_in_000";
const MATCH = "c1:bench:arsenal+chelsea";
/** How long a run waits for every message: Telegram's 30 a second carries 3,334 messages in about 2 minutes. */
const WAIT_MS = Number(process.env.BENCH_ALERT_WAIT_S ?? 900) * 1000;
const BUDGET_MS: Record<number, number> = { 100: 5_000, 10_000: 15_000 };
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

interface ChannelFigures {
  channel: string;
  count: number;
  expected: number;
  p50: number;
  p95: number;
  max: number;
}

async function until(done: () => boolean, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function figures(channel: string, times: number[], expected: number, t0: number): ChannelFigures {
  const latencies = times.map((at) => at - t0).sort((a, b) => a - b);
  return { channel, count: latencies.length, expected, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? 0 };
}

/** One run: `followers` of one match, one price crossing their target. */
export async function alertRun(dialect: "sqlite" | "postgres", followers: number): Promise<{ channels: ChannelFigures[]; detectMs: number | undefined }> {
  const database = await createTestDatabase(dialect);
  const sink = await startSmtpSink();
  const push = await startPushEndpoint();
  const telegram = await startTelegramStandIn({ token: TOKEN, username: "afriodds_bench_bot" });
  const kickoff = new Date(Date.now() + 48 * 3_600_000);
  const t = await startTestApi(database, sink, Object.assign(() => Date.now(), { advance: () => undefined }), {
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      PUBLIC_ORIGIN: "https://afriodds.bench",
      // Telegram's paid broadcasts (decision 058) when the run asks for them.
      ...(process.env.BENCH_TELEGRAM_PAID_PER_S ? { TELEGRAM_PAID_BROADCAST_PER_S: process.env.BENCH_TELEGRAM_PAID_PER_S } : {}),
    },
  });
  try {
    await t.api.alerts.start();
    const price = async (home: number) => {
      await writeStoreRun(t.api.db.kysely, [storeFixture(MATCH, "Arsenal", "Chelsea", [[1, 1, 1, home], [1, 1, 2, 3.3], [1, 1, 3, 3.0]], kickoff)], Date.now());
      await t.api.odds.refresh();
    };
    await price(2.4);
    await detectionOf(t.api.odds)!.settled();
    const publicKey = pushPublicKey(t.config)!;
    const db = t.api.db.kysely;
    const now = Date.now();
    const chats: number[] = [];
    for (let i = 0; i < followers; i += 500) {
      const ids = Array.from({ length: Math.min(500, followers - i) }, (_, j) => i + j);
      const user = (n: number) => `bench-${n}`;
      await db.insertInto("users").values(ids.map((n) => ({ id: user(n), username: user(n), username_key: user(n), email: `${user(n)}@example.ng`, password_hash: "x", country: 1, verified: 1, created_at: now, last_login_at: null }))).execute();
      await db
        .insertInto("alert_rules")
        .values(ids.map((n) => ({ id: randomUUID(), user_id: user(n), kind: "target" as const, subject: JSON.stringify({ kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1 }), event_id: MATCH, threshold: 2.5, channels: 7, muted_until: null, created_at: now, last_fired: null })))
        .execute();
      // No quiet hours: a run at night would otherwise hold every alert until morning.
      await db.insertInto("alert_settings").values(ids.map((n) => ({ user_id: user(n), time_zone: "Africa/Lagos", quiet_from: null, quiet_to: null, email_off: 0, updated_at: now }))).execute();
      const linked = ids.filter((n) => n % 3 === 0);
      chats.push(...linked.map((n) => 1_000_000 + n));
      if (linked.length > 0) await db.insertInto("telegram_links").values(linked.map((n) => ({ user_id: user(n), chat_id: String(1_000_000 + n), linked_at: now, muted_until: null }))).execute();
      const pushing = ids.filter((n) => n % 3 === 1);
      if (pushing.length > 0)
        await db
          .insertInto("push_subscriptions")
          .values(pushing.map((n) => ({ id: `push-${n}`, user_id: user(n), ...flatten(push.subscribe(publicKey)), created_at: now })))
          .execute();
    }
    await db.updateTable("alert_rules_version").set((eb) => ({ version: eb("version", "+", 1) })).execute();
    const expected = { telegram: chats.length, push: Math.floor((followers + 1) / 3), email: followers };
    const mailsBefore = sink.messages.length;

    const t0 = Date.now();
    await price(2.6);
    if (process.env.BENCH_ALERT_DEBUG) {
      await detectionOf(t.api.odds)!.settled();
      const rows = await db.selectFrom("alert_outbox").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      console.error(JSON.stringify({ pass: detectionOf(t.api.odds)!.lastPass(), outbox: rows }));
    }
    const tgSent = () => chats.reduce((sum, chat) => sum + telegram.bot.sentTo(chat).length, 0);
    await until(
      () => tgSent() >= expected.telegram && push.received.length >= expected.push && sink.messages.length - mailsBefore >= expected.email,
      WAIT_MS,
      () => `telegram ${tgSent()}/${expected.telegram}, push ${push.received.length}/${expected.push}, e-mail ${sink.messages.length - mailsBefore}/${expected.email}`,
    );
    const tgTimes = chats.flatMap((chat) => telegram.bot.sentTo(chat).map((m) => m.at));
    return {
      channels: [
        figures("Telegram", tgTimes, expected.telegram, t0),
        figures("Web Push", push.received.map((p) => p.at), expected.push, t0),
        figures("e-mail", sink.messages.slice(mailsBefore).map((m) => m.at), expected.email, t0),
      ],
      detectMs: detectionOf(t.api.odds)?.lastPass()?.ms,
    };
  } finally {
    await t.close();
    await telegram.close();
    await push.close();
    await sink.close();
    await database.drop();
  }
}

function flatten(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  return { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
}

/** The bench's rows: per database and follower count, each channel's p95 from the price's write to its far end. */
export async function alertRows(): Promise<[string, string, string][]> {
  const counts = (process.env.BENCH_ALERT_FOLLOWERS ?? "100,10000").split(",").map(Number);
  const dialects = (process.env.BENCH_ALERT_DIALECTS ?? "sqlite,postgres").split(",") as ("sqlite" | "postgres")[];
  const rows: [string, string, string][] = [];
  for (const dialect of dialects) {
    if (dialect === "postgres" && !(await postgresAnswers())) continue;
    for (const followers of counts) {
      const run = await alertRun(dialect, followers);
      const budget = BUDGET_MS[followers];
      for (const c of run.channels) {
        const said = `p50 ${(c.p50 / 1000).toFixed(2)} s, p95 ${(c.p95 / 1000).toFixed(2)} s, last ${(c.max / 1000).toFixed(2)} s (${c.count} of ${c.expected})`;
        rows.push([`alerts (${dialect}): a price change to ${c.channel}, ${followers.toLocaleString("en")} followers of one match`, said, budget ? `p95 <= ${budget / 1000} s, ${verdict(c.p95 <= budget)}` : ""]);
      }
      rows.push([`alerts (${dialect}): detection's pass, ${followers.toLocaleString("en")} followers`, `${run.detectMs ?? "?"} ms`, ""]);
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialect = process.argv[2] === "postgres" ? "postgres" : "sqlite";
  for (const followers of (process.argv.slice(3).length > 0 ? process.argv.slice(3) : ["100"]).map(Number)) console.log(JSON.stringify({ dialect, followers, ...(await alertRun(dialect, followers)) }));
  process.exit(0);
}
