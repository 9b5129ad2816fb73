/**
 * The Telegram bot end to end (docs/design.md, Alerts, Channels, Telegram): the real API with its
 * bot long-polling the Bot API stand-in over HTTP, its booking calls at the booking simulator, and
 * the real alert sender draining the outbox into the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueAlerts, type AlertPayload } from "#api/alerts/outbox.ts";
import { BOT_WORDS } from "#api/alerts/telegram/bot.ts";
import { unlistedFixtures } from "#api/feeds/simulator/booking/booking-fixtures.ts";
import type { BookedPick } from "#api/feeds/simulator/booking/booking-store.ts";
import { startSimulator, type RunningSimulator, type SimFixture } from "#api/feeds/simulator/index.ts";
import { startTelegramStandIn, type RunningTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import type { BookmakerKey } from "#api/feeds/types.ts";
import type { TelegramLink } from "#shared/alerts-contract.ts";
import type { Betslip, BookingRead } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { collectAndBookAt, verifiedBearer } from "../helpers/booking-stack.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
/** Tuesday 24 November 2026, 10:00 UTC: the weekend's fixtures are all ahead. */
const T0 = Date.UTC(2026, 10, 24, 10, 0);
const SEED = 20261124;
const TOKEN = "123456789:AAFakeTokenForTheStandIn_0123456789";
const HOME: BookedPick = { kind: "1X2", line: null, index: 0 };
const OVER_2_5: BookedPick = { kind: "OU", line: 2.5, index: 0 };
type Auth = { authorization: string };

/** A chat id per test: each has its own limits and link. */
let nextChat = 7_000_000;
const newChat = () => ++nextChat;

const userIdOf = (auth: Auth) => JSON.parse(Buffer.from(auth.authorization.split(".")[1]!, "base64url").toString("utf8")).sub as string;

describe.each(dialects)("the Telegram bot on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  let simulator: RunningSimulator;
  let telegram: RunningTelegramStandIn;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    telegram = await startTelegramStandIn({ token: TOKEN });
    t = await startTestApi(database, sink, clock, { env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot, PUBLIC_ORIGIN: "https://afriodds.test" } });
    simulator = await startSimulator({ seed: SEED, now: clock, booking: { bet9jaLosesLeg: "never" } });
    await collectAndBookAt(t, simulator, clock);
    await t.api.alerts.start();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await telegram?.close();
    await simulator?.close();
    await sink?.close();
    await database?.drop();
  });

  const stand = () => telegram.bot;
  const sim = () => simulator.sim;

  /** Fixtures a book lists with the pick's market open now, soonest first. */
  function priced(book: BookmakerKey, pick: BookedPick, count: number): SimFixture[] {
    const kind = pick.kind === "CS" || pick.kind === "HTFT" ? "1X2" : pick.kind;
    const line = pick.kind === "OU" ? pick.line : null;
    return sim()
      .listing(book)
      .filter((p) => p.markets.some((m) => m.kind === kind && m.line === line && !m.suspended))
      .map((p) => p.fixture)
      .sort((a, b) => a.kickoff - b.kickoff)
      .slice(0, count);
  }

  /** The bot's next answer in `chat` after `before` sends. */
  async function answer(chat: number, before = stand().sentTo(chat).length) {
    const sent = await stand().waitForSent(chat, before + 1);
    return sent[before]!;
  }

  async function says(chat: number, text: string) {
    const before = stand().sentTo(chat).length;
    stand().userSays(chat, text);
    return answer(chat, before);
  }

  async function linkedChat(): Promise<{ chat: number; auth: Auth; userId: string }> {
    const auth = await verifiedBearer(t, sink);
    const link = (await t.http.post("/users/telegram/link").set(auth).expect(200)).body.data as TelegramLink;
    const chat = newChat();
    expect((await says(chat, `/start ${new URL(link.url).searchParams.get("start")!}`)).text).toBe(BOT_WORDS.linked);
    return { chat, auth, userId: userIdOf(auth) };
  }

  const payload: AlertPayload = { title: "Arsenal v Chelsea: Arsenal 2.50 at Bet9ja", lines: ["Your target 2.40 is reached."], path: "/match/abc", code: { provider: 1, code: "5Q7XKDM" } };
  let keys = 0;
  async function enqueue(userId: string, body: AlertPayload = payload) {
    keys += 1;
    await enqueueAlerts(t.api.db.kysely, [{ userId, channel: "telegram", kind: "target", topic: `rule-${keys}`, idempotencyKey: `${dialect}-${keys}`, payload: body, urgent: false }], clock());
    return keys;
  }
  const outboxRow = (key: number) => t.api.db.kysely.selectFrom("alert_outbox").selectAll().where("idempotency_key", "=", `${dialect}-${key}`).executeTakeFirstOrThrow();
  async function drained() {
    await t.api.alerts.sender!.idle();
  }

  it("answers a pasted code with its legs and the books ranked as the betslip ranks them, and mints a code at the best book that reads back", async () => {
    const [a, b] = priced("sportybet", HOME, 2);
    const [c] = priced("sportybet", OVER_2_5, 4).filter((f) => f.serial !== a!.serial && f.serial !== b!.serial);
    const booked = sim().bookings.create("sportybet", [
      { fixture: a!, pick: HOME },
      { fixture: b!, pick: HOME },
      { fixture: c!, pick: OVER_2_5 },
      { fixture: unlistedFixtures(SEED, clock()).find((f) => f.kickoff > clock() + 3_600_000)!, pick: HOME },
    ], clock());
    const chat = newChat();
    // Pasted as the book printed it, spaces around (a code in lower case is read only when it holds a
    // digit: "thanks" stays chatter; codes.test.ts holds both), and the simulator's codes may be all letters.
    const reply = await says(chat, ` ${booked.code} `);

    // The same legs on a saved slip: the betslip's own ranking for ₦1,000.
    const auth = await verifiedBearer(t, sink);
    const read = (await t.http.get("/odds/booking").query({ provider: 3, code: booked.code }).set(auth).expect(200)).body.data as BookingRead;
    const legs = read.legs.map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId }));
    const slip = (await t.http.put("/users/betslip").set(auth).send({ stake: 1000, legs }).expect(200)).body.data as Betslip;

    expect(reply.text).toContain(`SportyBet code ${booked.code}: 3 selections we compare, 1 we do not.`);
    for (const leg of slip.legs) expect(reply.text).toContain(leg.event!.name);
    expect(reply.text).toContain("Not compared:");
    expect(reply.text).toContain("Pays most for ₦1,000, after bonus and 5% tax:");
    const ranked = slip.bookmakers.filter((s) => s.netPayout !== null);
    expect(ranked.length).toBeGreaterThan(0);
    const rankLines = reply.text.split("\n").filter((l) => /^\d+\. \S+ ₦/.test(l));
    expect(rankLines).toEqual(ranked.map((s, i) => expect.stringContaining(`${i + 1}. ${bookmakerName(s.provider)} ₦${s.netPayout!.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)));
    for (const missing of slip.bookmakers.filter((s) => s.netPayout === null)) expect(reply.text).toContain(`- ${bookmakerName(missing.provider)} misses `);

    const best = slip.bookmakers.find((s) => s.placeable && [1, 2, 3].includes(s.provider))!;
    const button = reply.replyMarkup!.inline_keyboard[0]![0]!;
    expect(button.text).toBe(`Get code at ${bookmakerName(best.provider)}`);
    expect(Buffer.byteLength(button.callback_data!)).toBeLessThanOrEqual(64);

    const before = stand().sentTo(chat).length;
    const tap = stand().userTaps(chat, button.callback_data!);
    const minted = await answer(chat, before);
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap)?.text).toBe(`Asking ${bookmakerName(best.provider)} for a code...`);
    const code = new RegExp(`^${bookmakerName(best.provider)} code: ([A-Z0-9]+)$`, "m").exec(minted.text)?.[1];
    expect(code, minted.text).toBeDefined();
    const back = (await t.http.get("/odds/booking").query({ provider: best.provider, code }).set(auth).expect(200)).body.data as BookingRead;
    expect(back.legs.map((l) => `${l.eventId}/${l.marketId}/${l.selectionTypeId}`).sort()).toEqual(legs.map((l) => `${l.eventId}/${l.marketId}/${l.selectionTypeId}`).sort());
  });

  it("reads /code with a book and a stake, and names a code no book knows", async () => {
    const [a] = priced("bet9ja", HOME, 1);
    const booked = sim().bookings.create("bet9ja", [{ fixture: a!, pick: HOME }], clock());
    const chat = newChat();
    const reply = await says(chat, `/code bet9ja ${booked.code} 2,500`);
    expect(reply.text).toContain(`Bet9ja code ${booked.code}: 1 selection we compare.`);
    expect(reply.text).toContain("Pays most for ₦2,500");
    expect((await says(chat, "/code sportybet ZZ99ZZ")).text).toBe("SportyBet does not know the code ZZ99ZZ: check it, or it may have expired.");
    expect((await says(chat, "ZZ99ZZ")).text).toContain("No bookmaker we read knows the code ZZ99ZZ");
    expect((await says(chat, "/code paddypower ABC123")).text).toContain('I do not know the bookmaker "paddypower"');
    expect((await says(chat, "/code sportybet ABC")).text).toContain("That is not a SportyBet booking code.");
    expect((await says(chat, `/code bet9ja ${booked.code} lots`)).text).toBe("The stake must be an amount in naira, e.g. 2000.");
  });

  it("refuses another chat's button, a tampered one and an expired one, and mints nothing", async () => {
    const [a] = priced("sportybet", HOME, 1);
    const booked = sim().bookings.create("sportybet", [{ fixture: a!, pick: HOME }], clock());
    const owner = newChat();
    const data = (await says(owner, booked.code)).replyMarkup!.inline_keyboard[0]![0]!.callback_data!;
    const intruder = newChat();
    // Another chat replays the owner's button: refused with an alert, nothing sent to either chat.
    const ownerSent = stand().sentTo(owner).length;
    const tap = stand().userTaps(intruder, data);
    await stand().waitUntil(() => stand().callbackAnswers().some((x) => x.callbackQueryId === tap));
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap)).toMatchObject({ text: BOT_WORDS.refForged, showAlert: true });
    expect(stand().sentTo(intruder)).toEqual([]);
    expect(stand().sentTo(owner)).toHaveLength(ownerSent);

    const tampered = data.replace(/:(\d):/, (_m, to: string) => `:${to === "1" ? "2" : "1"}:`);
    const tap2 = stand().userTaps(owner, tampered);
    await stand().waitUntil(() => stand().callbackAnswers().some((x) => x.callbackQueryId === tap2));
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap2)?.text).toBe(BOT_WORDS.refForged);

    const tap3 = stand().userTaps(owner, "m:1:3:NOPE");
    await stand().waitUntil(() => stand().callbackAnswers().some((x) => x.callbackQueryId === tap3));
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap3)?.text).toBe(BOT_WORDS.refMalformed);

    clock.advance(31 * 60_000);
    const tap4 = stand().userTaps(owner, data);
    await stand().waitUntil(() => stand().callbackAnswers().some((x) => x.callbackQueryId === tap4));
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap4)?.text).toBe(BOT_WORDS.refExpired);
    expect(stand().sentTo(owner)).toHaveLength(ownerSent);
  });

  it("answers hostile and idle input shortly: a 4,096+ character message, unknown commands, chatter, /start and /help", async () => {
    const chat = newChat();
    expect((await says(chat, "x".repeat(5000))).text).toBe(BOT_WORDS.tooLong);
    expect((await says(chat, `/code sportybet ${"A".repeat(4100)}`)).text).toBe(BOT_WORDS.tooLong);
    expect((await says(chat, "/frobnicate now")).text).toBe(BOT_WORDS.unknownCommand);
    expect((await says(chat, "hello there")).text).toBe(BOT_WORDS.notACode);
    expect((await says(chat, "/start")).text).toBe(BOT_WORDS.help);
    expect((await says(chat, "/help")).text).toBe(BOT_WORDS.help);
    expect((await says(chat, "/alerts")).text).toBe(BOT_WORDS.notLinked);
    expect((await says(chat, "/mute")).text).toBe(BOT_WORDS.notLinked);
    expect((await says(chat, "/start not-a-token")).text).toBe(BOT_WORDS.badToken);
    expect((await says(chat, "/best")).text).toContain("Which team?");
  });

  it("answers /best with the team's next match and its best prices, and /surebets", async () => {
    const chat = newChat();
    const { events } = t.api.odds.cache.listed();
    const next = [...events].filter((e) => Date.parse(e.date) > clock()).sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0]!;
    const reply = await says(chat, `/best ${next.home}`);
    const mine = events.filter((e) => (e.home === next.home || e.away === next.home) && Date.parse(e.date) > clock()).sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0]!;
    expect(reply.text.split("\n")[0]).toBe(mine.name);
    const rows = mine.markets.find((m) => m.marketId === 1)!.odds.filter((r) => !r.stale);
    const bestHome = Math.max(...rows.flatMap((r) => r.odds.filter((o) => o.selectionTypeId === 1).map((o) => o.value)));
    expect(reply.text).toContain(`Home: ${bestHome.toFixed(2)} at `);
    expect(reply.text).toContain(`https://afriodds.test/match/${encodeURIComponent(mine.id)}`);
    expect((await says(chat, "/best Zzyzx United")).text).toContain('No upcoming match found for "Zzyzx United"');
    const sure = await says(chat, "/surebets");
    expect(sure.text).toMatch(/^(Sure bets today, after 5% tax|No sure bets after tax for today's matches)/);
  });

  it("links a chat with a token that works once and expires in 10 minutes; DELETE unlinks", async () => {
    const auth = await verifiedBearer(t, sink);
    await t.http.post("/users/telegram/link").expect(401);
    const res = await t.http.post("/users/telegram/link").set(auth).expect(200);
    const link = res.body.data as TelegramLink;
    expect(link.url).toMatch(/^https:\/\/t\.me\/afriodds_test_bot\?start=[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(link.expiresAt)).toBe(clock() + 10 * 60_000);
    const token = new URL(link.url).searchParams.get("start")!;
    // Only the hash is stored.
    const stored = await t.api.db.kysely.selectFrom("telegram_link_tokens").select("token_hash").where("user_id", "=", userIdOf(auth)).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const chat = newChat();
    expect((await says(chat, `/start ${token}`)).text).toBe(BOT_WORDS.linked);
    const row = await t.api.db.kysely.selectFrom("telegram_links").selectAll().where("user_id", "=", userIdOf(auth)).executeTakeFirstOrThrow();
    expect(row.chat_id).toBe(String(chat));
    // Used once: another chat cannot use it again.
    expect((await says(newChat(), `/start ${token}`)).text).toBe(BOT_WORDS.badToken);
    // Another account's token cannot take a linked chat.
    const other = await verifiedBearer(t, sink);
    const otherToken = new URL(((await t.http.post("/users/telegram/link").set(other).expect(200)).body.data as TelegramLink).url).searchParams.get("start")!;
    expect((await says(chat, `/start ${otherToken}`)).text).toBe(BOT_WORDS.chatTaken);

    // Expired after 10 minutes.
    const late = new URL(((await t.http.post("/users/telegram/link").set(auth).expect(200)).body.data as TelegramLink).url).searchParams.get("start")!;
    clock.advance(10 * 60_000 + 1);
    expect((await says(newChat(), `/start ${late}`)).text).toBe(BOT_WORDS.badToken);

    await t.http.delete("/users/telegram/link").set(auth).expect(200, { data: { ok: true } });
    expect(await t.api.db.kysely.selectFrom("telegram_links").selectAll().where("user_id", "=", userIdOf(auth)).executeTakeFirst()).toBeUndefined();
    expect((await says(chat, "/alerts")).text).toBe(BOT_WORDS.notLinked);
  });

  it("refuses /start <token> in a group", async () => {
    const auth = await verifiedBearer(t, sink);
    const token = new URL(((await t.http.post("/users/telegram/link").set(auth).expect(200)).body.data as TelegramLink).url).searchParams.get("start")!;
    const group = -newChat();
    const before = stand().sentTo(group).length;
    stand().userSays(newChat(), `/start ${token}`, { id: group, type: "group", title: "Tips" });
    expect((await answer(group, before)).text).toBe(BOT_WORDS.privateOnly);
  });

  it("delivers an outbox row to the linked chat through the sender, with its code and an absolute link", async () => {
    const { chat, userId } = await linkedChat();
    const before = stand().sentTo(chat).length;
    const key = await enqueue(userId);
    t.api.alerts.sender!.kick();
    const sent = await answer(chat, before);
    expect(sent.text).toBe(["Arsenal v Chelsea: Arsenal 2.50 at Bet9ja", "Your target 2.40 is reached.", "", "Code at Bet9ja: 5Q7XKDM", "", "https://afriodds.test/match/abc"].join("\n"));
    await drained();
    expect((await outboxRow(key)).sent_at).toBe(clock());
  });

  it("lists the linked bettor's rules on /alerts, and only theirs", async () => {
    const { chat, userId } = await linkedChat();
    const other = await linkedChat();
    const rule = (user: string, id: string, kind: "sure" | "slip", threshold: number) =>
      ({ id, user_id: user, kind, subject: JSON.stringify({ kind }), event_id: null, threshold, channels: 1, muted_until: null, created_at: clock(), last_fired: null });
    await t.api.db.kysely.insertInto("alert_rules").values([rule(userId, `${dialect}-r1`, "sure", 2), rule(userId, `${dialect}-r2`, "slip", 10), rule(other.userId, `${dialect}-r3`, "slip", 50)]).execute();
    const reply = await says(chat, "/alerts");
    expect(reply.text).toContain("You have 2 alerts:\n- New sure bets (2%)\n- Your betslip (10%)");
    expect(reply.text).not.toContain("50%");
  });

  it("holds alerts while muted and delivers them when the mute ends; /mute 0 unmutes", async () => {
    const { chat, userId } = await linkedChat();
    expect((await says(chat, "/mute")).text).toContain("Muted for 8 hours");
    const before = stand().sentTo(chat).length;
    const key = await enqueue(userId);
    await drained();
    const held = await outboxRow(key);
    expect(held.sent_at).toBeNull();
    expect(Number(held.next_attempt_at)).toBe(clock() + 8 * 3_600_000);
    expect(stand().sentTo(chat)).toHaveLength(before);
    clock.advance(8 * 3_600_000);
    t.api.alerts.sender!.kick();
    await answer(chat, before);
    await drained();
    expect((await outboxRow(key)).sent_at).toBe(clock());

    expect((await says(chat, "/mute 2")).text).toContain("Muted for 2 hours");
    expect((await says(chat, "/mute 0")).text).toBe("Unmuted: alerts come here again.");
    expect((await says(chat, "/mute forever")).text).toContain("from 0 to 168");
  });

  it("stops: /stop unlinks, and an alert for the bettor is dropped, not sent", async () => {
    const { chat, userId } = await linkedChat();
    expect((await says(chat, "/stop")).text).toBe(BOT_WORDS.stopped);
    expect(await t.api.db.kysely.selectFrom("telegram_links").selectAll().where("user_id", "=", userId).executeTakeFirst()).toBeUndefined();
    const before = stand().sentTo(chat).length;
    const key = await enqueue(userId);
    await drained();
    const row = await outboxRow(key);
    expect(row.dropped_at).not.toBeNull();
    expect(row.error).toBe("no Telegram chat linked");
    expect(stand().sentTo(chat)).toHaveLength(before);
    expect((await says(chat, "/stop")).text).toContain("not linked");
  });

  it("honours Telegram's 429 retry_after: the row is sent after it, not before", async () => {
    const { chat, userId } = await linkedChat();
    stand().failNext("sendMessage", { kind: "too-many", retryAfterS: 7 }, { chatId: chat });
    const before = stand().sentTo(chat).length;
    const key = await enqueue(userId);
    await drained();
    const waiting = await outboxRow(key);
    expect(waiting.sent_at).toBeNull();
    expect(Number(waiting.next_attempt_at)).toBe(clock() + 7_000);
    expect(waiting.attempts).toBe(0);
    clock.advance(6_999);
    await drained();
    expect((await outboxRow(key)).sent_at).toBeNull();
    expect(stand().sentTo(chat)).toHaveLength(before);
    clock.advance(1);
    t.api.alerts.sender!.kick();
    await answer(chat, before);
    await drained();
    expect((await outboxRow(key)).sent_at).toBe(clock());
  });

  it("unlinks a chat that blocked the bot and drops its alert", async () => {
    const { chat, userId } = await linkedChat();
    stand().block(chat);
    const key = await enqueue(userId);
    await drained();
    const row = await outboxRow(key);
    expect(row.dropped_at).not.toBeNull();
    expect(row.error).toBe("Forbidden: bot was blocked by the user");
    expect(await t.api.db.kysely.selectFrom("telegram_links").selectAll().where("user_id", "=", userId).executeTakeFirst()).toBeUndefined();
    stand().unblock(chat);
  });

  it("sends an answer Telegram refused with 429 again after its retry_after, rather than losing it", async () => {
    const chat = newChat();
    stand().failNext("sendMessage", { kind: "too-many", retryAfterS: 1 }, { chatId: chat });
    const asked = Date.now();
    expect((await says(chat, "/help")).text).toBe(BOT_WORDS.help);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(1_000);
    expect(stand().sentTo(chat)).toHaveLength(1);
  });

  it("answers a flood with one 'slow down', then silence until the minute is over", async () => {
    const chat = newChat();
    for (let i = 0; i < 20; i++) stand().userSays(chat, "/help");
    const sent = await stand().waitForSent(chat, 20);
    expect(sent.every((s) => s.text === BOT_WORDS.help)).toBe(true);
    expect((await says(chat, "/help")).text).toBe(BOT_WORDS.slowDown);
    // Over the limit a button tap is answered with nothing at all: no message, no text.
    const tap = stand().userTaps(chat, "m:1:3:NOPE");
    await stand().waitUntil(() => stand().callbackAnswers().some((x) => x.callbackQueryId === tap));
    expect(stand().callbackAnswers().find((x) => x.callbackQueryId === tap)?.text).toBeUndefined();
    expect(stand().sentTo(chat)).toHaveLength(21);
    clock.advance(60_000);
    expect((await says(chat, "/help")).text).toBe(BOT_WORDS.help);
  });
});
