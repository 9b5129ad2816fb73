/**
 * A price change to the alert channels (docs/design.md, Alerts): `BENCH_ONLY=alerts npm run bench`, or
 * `npx tsx scripts/bench/alerts.ts [sqlite|postgres] [followers...]` alone. The real API in this
 * process (detection, the outbox, the one sender, each channel), on a throwaway database; the
 * channels' far ends on loopback in a process of their own (scripts/bench/alert-far-ends.ts): the Bot
 * API stand-in, a push service that checks VAPID and decrypts, an SMTP sink. Each follower (no quiet hours) has a target rule on one match and e-mail; a third linked
 * Telegram, a third subscribed a browser. The clock starts when the crossing price is written to the
 * store; each message's time is when its far end received it. `BENCH_ALERT_FOLLOWERS` (default
 * "100,10000") and `BENCH_ALERT_DIALECTS` (default "sqlite,postgres") choose the runs;
 * Telegram's free 30 a second carries 3,334 messages in about 111 s, so each run of more than 1,000
 * followers is made twice: free, and with Telegram's paid broadcasts at `BENCH_TELEGRAM_PAID_PER_S`
 * (default 1,000, Telegram's most; 0 for no paid run; decision 058). Run alone, the script sends
 * paid broadcasts when that variable is set.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { detectionOf } from "#api/alerts/detect/index.ts";
import { pushPublicKey } from "#api/alerts/push/vapid.ts";
import { startTestApi } from "../../tests/helpers/api.ts";
import { createTestDatabase, postgresAnswers } from "../../tests/helpers/databases.ts";
import { storeFixture, writeStoreRun } from "../../tests/helpers/pipeline.ts";
import type { BrowserSubscription } from "../../tests/helpers/push-endpoint.ts";
import type { FarEndRequest, FarEndTimes } from "./alert-far-ends.ts";
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
  /** Sends the far end refused for going past its rate (Telegram's 429s). */
  refused?: number;
}

async function until(done: () => Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function figures(channel: string, times: number[], expected: number, t0: number): ChannelFigures {
  const latencies = times.map((at) => at - t0).sort((a, b) => a - b);
  return { channel, count: latencies.length, expected, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? 0 };
}

type Counts = { telegram: number; push: number; email: number; telegramRefused: number };
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Ask = <T>(request: WithoutId<FarEndRequest>) => Promise<T>;

/** The far ends' process: started, and asked over IPC. */
async function startFarEnds(): Promise<{ smtpUrl: string; telegramApiRoot: string; ask: Ask; close(): Promise<void> }> {
  const child: ChildProcess = fork("scripts/bench/alert-far-ends.ts", [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ALERT_BENCH_TOKEN: TOKEN },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<{ smtpUrl: string; telegramApiRoot: string }>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { ready: { smtpUrl: string; telegramApiRoot: string } }).ready));
    child.once("exit", (code) => reject(new Error(`the far ends exited with ${code}`)));
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  child.on("message", (message) => {
    const { id, result } = message as { id?: number; result?: unknown };
    if (id !== undefined) waiting.get(id)?.(result);
    if (id !== undefined) waiting.delete(id);
  });
  const ask: Ask = (request) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve as (result: unknown) => void);
      child.send({ ...request, id });
    });
  return {
    ...ready,
    ask,
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** One run: `followers` of one match, one price crossing their target. */
export async function alertRun(dialect: "sqlite" | "postgres", followers: number, paidPerS?: number): Promise<{ channels: ChannelFigures[]; detectMs: number | undefined }> {
  const database = await createTestDatabase(dialect);
  const far = await startFarEnds();
  const kickoff = new Date(Date.now() + 48 * 3_600_000);
  const t = await startTestApi(database, { url: far.smtpUrl }, Object.assign(() => Date.now(), { advance: () => undefined }), {
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: far.telegramApiRoot,
      PUBLIC_ORIGIN: "https://afriodds.bench",
      // Telegram's paid broadcasts (decision 058) when the run asks for them.
      ...(paidPerS ? { TELEGRAM_PAID_BROADCAST_PER_S: String(paidPerS) } : {}),
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
    let linkedCount = 0;
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
      linkedCount += linked.length;
      if (linked.length > 0) await db.insertInto("telegram_links").values(linked.map((n) => ({ user_id: user(n), chat_id: String(1_000_000 + n), linked_at: now, muted_until: null }))).execute();
      const pushing = ids.filter((n) => n % 3 === 1);
      const subscriptions = await far.ask<BrowserSubscription[]>({ op: "subscribe", publicKey, count: pushing.length });
      if (pushing.length > 0)
        await db
          .insertInto("push_subscriptions")
          .values(pushing.map((n, i) => ({ id: `push-${n}`, user_id: user(n), ...flatten(subscriptions[i]!), created_at: now })))
          .execute();
    }
    await db.updateTable("alert_rules_version").set((eb) => ({ version: eb("version", "+", 1) })).execute();
    const expected = { telegram: linkedCount, push: Math.floor((followers + 1) / 3), email: followers };
    const before = await far.ask<Counts>({ op: "counts" });

    const t0 = Date.now();
    await price(2.6);
    if (process.env.BENCH_ALERT_DEBUG) {
      await detectionOf(t.api.odds)!.settled();
      const rows = await db.selectFrom("alert_outbox").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      console.error(JSON.stringify({ pass: detectionOf(t.api.odds)!.lastPass(), outbox: rows }));
    }
    let seen: Counts = before;
    const arrived = (c: Counts) => ({ telegram: c.telegram - before.telegram, push: c.push - before.push, email: c.email - before.email });
    await until(
      async () => {
        seen = await far.ask<Counts>({ op: "counts" });
        const got = arrived(seen);
        return got.telegram >= expected.telegram && got.push >= expected.push && got.email >= expected.email;
      },
      WAIT_MS,
      () => `telegram ${arrived(seen).telegram}/${expected.telegram}, push ${arrived(seen).push}/${expected.push}, e-mail ${arrived(seen).email}/${expected.email}`,
    );
    const times = await far.ask<FarEndTimes>({ op: "times", since: before });
    return {
      channels: [{ ...figures("Telegram", times.telegram, expected.telegram, t0), refused: seen.telegramRefused - before.telegramRefused }, figures("Web Push", times.push, expected.push, t0), figures("e-mail", times.email, expected.email, t0)],
      detectMs: detectionOf(t.api.odds)?.lastPass()?.ms,
    };
  } finally {
    await t.close();
    await far.close();
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
      const paid = Number(process.env.BENCH_TELEGRAM_PAID_PER_S ?? 1_000);
      for (const paidPerS of followers > 1_000 && paid > 0 ? [undefined, paid] : [undefined]) {
        const run = await alertRun(dialect, followers, paidPerS);
        const budget = BUDGET_MS[followers];
        const how = paidPerS ? `, Telegram's paid broadcasts at ${paidPerS.toLocaleString("en")}/s` : "";
        for (const c of run.channels) {
          const refused = c.refused === undefined ? "" : `, ${c.refused} refused by Telegram's rate`;
          const said = `p50 ${(c.p50 / 1000).toFixed(2)} s, p95 ${(c.p95 / 1000).toFixed(2)} s, last ${(c.max / 1000).toFixed(2)} s (${c.count} of ${c.expected}${refused})`;
          rows.push([`alerts (${dialect}${how}): a price change to ${c.channel}, ${followers.toLocaleString("en")} followers of one match`, said, budget ? `p95 <= ${budget / 1000} s, ${verdict(c.p95 <= budget)}` : ""]);
        }
        rows.push([`alerts (${dialect}${how}): detection's pass, ${followers.toLocaleString("en")} followers`, `${run.detectMs ?? "?"} ms`, ""]);
      }
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dialect = process.argv[2] === "postgres" ? "postgres" : "sqlite";
  const paidPerS = process.env.BENCH_TELEGRAM_PAID_PER_S ? Number(process.env.BENCH_TELEGRAM_PAID_PER_S) : undefined;
  for (const followers of (process.argv.slice(3).length > 0 ? process.argv.slice(3) : ["100"]).map(Number)) console.log(JSON.stringify({ dialect, followers, ...(await alertRun(dialect, followers, paidPerS)) }));
  process.exit(0);
}
