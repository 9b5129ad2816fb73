/**
 * How long detection takes to judge and write 10,000 rules on one match (docs/design.md, Detection):
 * `npx tsx scripts/bench/alert-detection.ts [sqlite|postgres] [followers]`. Real API, real store,
 * a throwaway database; prints the pass's figures.
 */
import { randomUUID } from "node:crypto";
import { detectionOf } from "#api/alerts/detect/index.ts";
import { startTestApi } from "../../tests/helpers/api.ts";
import { createTestDatabase } from "../../tests/helpers/databases.ts";
import { storeFixture, writeStoreRun } from "../../tests/helpers/pipeline.ts";

const dialect = process.argv[2] === "postgres" ? "postgres" : "sqlite";
const followers = Number(process.argv[3] ?? 10_000);
const MATCH = "c1:bench:arsenal+chelsea";
const kickoff = new Date(Date.now() + 48 * 3_600_000);

const database = await createTestDatabase(dialect);
const t = await startTestApi(database, undefined);
try {
  await t.api.alerts.start();
  const run = async (price: number) => {
    await writeStoreRun(t.api.db.kysely, [storeFixture(MATCH, "Arsenal", "Chelsea", [[1, 1, 1, price], [1, 1, 2, 3.3], [1, 1, 3, 3.0]], kickoff)], Date.now());
    await t.api.odds.refresh();
    await detectionOf(t.api.odds)!.settled();
  };
  await run(2.4);
  const db = t.api.db.kysely;
  const now = Date.now();
  // A third of the followers linked Telegram, a third subscribed a browser; all have e-mail.
  for (let i = 0; i < followers; i += 500) {
    const ids = Array.from({ length: Math.min(500, followers - i) }, (_, j) => `bench-${i + j}`);
    await db.insertInto("users").values(ids.map((id) => ({ id, username: id, username_key: id, email: `${id}@example.ng`, password_hash: "x", country: 1, verified: 1, created_at: now, last_login_at: null }))).execute();
    await db.insertInto("alert_rules").values(ids.map((id) => ({ id: randomUUID(), user_id: id, kind: "target" as const, subject: JSON.stringify({ kind: "target", eventId: MATCH, marketId: 1, selectionTypeId: 1 }), event_id: MATCH, threshold: 2.5, channels: 7, muted_until: null, created_at: now, last_fired: null }))).execute();
    const linked = ids.filter((_, k) => (i + k) % 3 === 0);
    if (linked.length > 0) await db.insertInto("telegram_links").values(linked.map((id) => ({ user_id: id, chat_id: `chat-${id}`, linked_at: now, muted_until: null }))).execute();
    const pushing = ids.filter((_, k) => (i + k) % 3 === 1);
    if (pushing.length > 0) await db.insertInto("push_subscriptions").values(pushing.map((id) => ({ id: `push-${id}`, user_id: id, endpoint: `https://push.example/${id}`, p256dh: "k", auth: "a", created_at: now }))).execute();
  }
  await db.updateTable("alert_rules_version").set((eb) => ({ version: eb("version", "+", 1) })).execute();
  const started = performance.now();
  await run(2.6);
  const total = Math.round(performance.now() - started);
  console.log(JSON.stringify({ dialect, followers, pass: detectionOf(t.api.odds)!.lastPass(), writeRefreshAndDetectMs: total }));
} finally {
  await t.close();
  await database.drop();
}
