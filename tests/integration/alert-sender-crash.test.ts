import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_CONCURRENCY } from "#api/alerts/email/channel.ts";
import { enqueueAlerts, outboxBacklog, type NewAlert } from "#api/alerts/outbox.ts";
import { openDatabase, type Db } from "#api/db/database.ts";
import type { AlertKind } from "#api/db/schema.ts";
import { builtEntry } from "../helpers/build-once.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
const USERS = 100;
const KINDS: readonly AlertKind[] = ["target", "move", "sure"];
const BURST = USERS * KINDS.length;

/** Waits for `holds`, reading it every 50 ms, at most `ms`. */
async function until(holds: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The built odds API (dist/api/main.js) as production runs it: its alert sender mails through SMTP. */
function startApiProcess(database: TestDatabase, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, [builtEntry("api/main.ts")], {
    env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "silent", FEEDS: "off", API_PORT: "0", DATA_DIR: database.dataDir, DATABASE_URL: database.url, SMTP_URL: smtpUrl, PASSWORD_HASH_COST: "test" },
    stdio: "ignore",
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

describe.each(dialects)("the alert sender killed mid-burst on %s (docs/design.md, The sender)", (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await openDatabase(database.url);
    // Each mail waits 15 ms for its acknowledgement: the burst takes long enough to be cut.
    sink = await startSmtpSink({ delayMs: 15 });
  });
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    await db?.close();
    await sink?.close();
    await database?.drop();
  });

  it("after kill -9 and a restart every alert is mailed, and none that was marked sent is mailed again", async () => {
    const now = Date.now();
    await db.kysely
      .insertInto("users")
      .values(Array.from({ length: USERS }, (_, i) => ({ id: `u${i}`, username: `bettor${i}`, username_key: `bettor${i}`, email: `bettor${i}@example.test`, password_hash: "x", country: 1, verified: 1, created_at: now, last_login_at: null })))
      .execute();
    const alerts: NewAlert[] = [];
    for (let i = 0; i < USERS; i += 1)
      for (const kind of KINDS)
        alerts.push({ userId: `u${i}`, channel: "email", kind, topic: `r-${kind}-${i}`, idempotencyKey: `r-${kind}-${i}@1`, payload: { title: `Alert ${kind} ${i}`, lines: ["A price moved."], path: "/dashboard" }, urgent: kind === "sure" });
    await db.kysely.transaction().execute((trx) => enqueueAlerts(trx, alerts, now));

    const first = startApiProcess(database, sink.url);
    children.push(first);
    await until(() => sink.messages.length >= BURST / 3, 60_000, "a third of the burst mailed");
    first.kill("SIGKILL");
    await exited(first);
    const receivedBefore = sink.messages.length;
    const markedBefore = new Set((await db.kysely.selectFrom("alert_outbox").select("idempotency_key").where("sent_at", "is not", null).execute()).map((r) => r.idempotency_key));
    expect(receivedBefore).toBeLessThan(BURST);
    expect(markedBefore.size).toBeGreaterThan(0);

    const second = startApiProcess(database, sink.url);
    children.push(second);
    await until(async () => (await outboxBacklog(db.kysely)) === 0, 60_000, "the outbox drained after the restart");
    second.kill("SIGKILL");
    await exited(second);

    const titles = sink.messages.map((m) => /^Subject: (.*)$/m.exec(m.raw)![1]!);
    const times = new Map<string, number>();
    for (const title of titles) times.set(title, (times.get(title) ?? 0) + 1);
    // Every alert arrived.
    expect(new Set(titles).size).toBe(BURST);
    // Mailed twice only where the kill came between the server's acknowledgement and the mark: never a row marked sent.
    const twice = [...times].filter(([, n]) => n > 1).map(([title]) => title);
    const keyOf = (title: string) => title.replace(/^Alert (\w+) (\d+)$/, "r-$1-$2@1");
    for (const title of twice) expect(markedBefore.has(keyOf(title)), `${title} was marked sent before the kill`).toBe(false);
    expect([...times.values()].every((n) => n <= 2)).toBe(true);
    // At most the mails in flight at the kill: the channel sends EMAIL_CONCURRENCY at once.
    expect(twice.length).toBeLessThanOrEqual(EMAIL_CONCURRENCY);
    const dropped = await db.kysely.selectFrom("alert_outbox").select("id").where("dropped_at", "is not", null).execute();
    expect(dropped).toEqual([]);
  }, 150_000);
});
