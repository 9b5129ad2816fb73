import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { bookmakerName } from "#shared/reference.ts";
import type { AlertKind, Database } from "../../db/schema.ts";
import { inChunks } from "../../db/in-chunks.ts";
import type { MailMessage, Mailer } from "../../mail/mailer.ts";
import { payloadOf, type AlertPayload, type OutboxRow } from "../outbox.ts";
import { perBatch, type ChannelSender, type SendOutcome } from "../sender.ts";
import { unsubscribeToken } from "./unsubscribe.ts";

/**
 * E-mail alerts through the site's mail path (docs/design.md, Channels): to a verified address,
 * with List-Unsubscribe (one click, RFC 8058) and a Message-ID made from the row's idempotency key.
 * At most one mail per alert kind an hour to a bettor: what comes within the hour waits, and goes
 * as one digest when the hour is up.
 */
export const EMAIL_PER_KIND_MS = 3_600_000;
/** Mails sent at once: the alert mailer's pool keeps 8 connections; more in hand keeps them busy while rows are read and marked. */
export const EMAIL_CONCURRENCY = 64;

const KIND_NAMES: Record<AlertKind, string> = {
  target: "target price alerts",
  move: "price move alerts",
  slip: "betslip alerts",
  sure: "sure bet alerts",
  drop: "dropping odds alerts",
};

export interface EmailChannelDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  secret: string;
  publicOrigin: string;
  clock: () => number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** One alert's lines as text: its title, its lines, its code, its page. */
function alertText(payload: AlertPayload, origin: string): string[] {
  const code = payload.code ? [`Booking code at ${bookmakerName(payload.code.provider)}: ${payload.code.code}`] : [];
  return [payload.title, ...payload.lines, ...code, `${origin}${payload.path}`];
}

function alertHtml(payload: AlertPayload, origin: string): string {
  const code = payload.code
    ? `<p>Booking code at ${escapeHtml(bookmakerName(payload.code.provider))}: <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(payload.code.code)}</strong></p>`
    : "";
  return (
    `<h2 style="font-size:18px">${escapeHtml(payload.title)}</h2>` +
    payload.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
    code +
    `<p><a href="${escapeHtml(origin + payload.path)}">Open on AfriOdds</a></p>`
  );
}

/** The mail for one alert, or a digest of several of one kind. */
export function alertMail(to: string, kind: AlertKind, payloads: readonly AlertPayload[], links: { origin: string; unsubscribe: string; messageId: string }): MailMessage {
  const { origin, unsubscribe } = links;
  const subject = payloads.length === 1 ? payloads[0]!.title : `${payloads.length} AfriOdds ${KIND_NAMES[kind]}`;
  const footer = [`Stop these ${KIND_NAMES[kind]} by e-mail: ${unsubscribe}`, `Manage your alerts: ${origin}/alerts`];
  const text = [...payloads.flatMap((p) => [...alertText(p, origin), ""]), ...footer].join("\n");
  const html =
    payloads.map((p) => alertHtml(p, origin)).join("<hr>") +
    `<p style="font-size:12px"><a href="${escapeHtml(unsubscribe)}">Stop these ${KIND_NAMES[kind]} by e-mail</a> · <a href="${escapeHtml(origin)}/alerts">Manage your alerts</a></p>`;
  return {
    to,
    subject,
    text,
    html,
    messageId: links.messageId,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** What the channel knows of one bettor while it mails a claimed batch: read once for the batch, not once a row. */
interface MailFacts {
  email: string | undefined;
  verified: boolean;
  emailOff: boolean;
  /** When each kind was last mailed to them. */
  lastMailed: Map<AlertKind, number>;
  /** Each kind's rows due and waiting (claimed or not), oldest first: a digest's rows. */
  waiting: Map<AlertKind, OutboxRow[]>;
}

/** Rows one digest carries at most. */
const DIGEST_MAX = 50;

/**
 * Everything the channel needs to mail the rows of `userIds`, in four reads (each in lists of at most
 * `IN_LIST_MAX`) whatever the number of rows: their addresses, whether e-mail is off, when each kind
 * was last mailed, and the rows waiting to go (due now; quiet hours' rows wait for their own time).
 */
async function mailFacts(db: Kysely<Database>, userIds: readonly string[], now: number): Promise<Map<string, MailFacts>> {
  const facts = new Map<string, MailFacts>(userIds.map((id) => [id, { email: undefined, verified: false, emailOff: false, lastMailed: new Map(), waiting: new Map() }]));
  for (const ids of inChunks(userIds)) {
    const [users, settings, last, waiting] = await Promise.all([
      db.selectFrom("users").select(["id", "email", "verified"]).where("id", "in", ids).execute(),
      db.selectFrom("alert_settings").select(["user_id", "email_off"]).where("user_id", "in", ids).execute(),
      db
        .selectFrom("alert_outbox")
        .select((eb) => ["user_id", "kind", eb.fn.max("sent_at").as("at")])
        .where("user_id", "in", ids)
        .where("channel", "=", "email")
        .where("sent_at", "is not", null)
        .groupBy(["user_id", "kind"])
        .execute(),
      db
        .selectFrom("alert_outbox")
        .selectAll()
        .where("user_id", "in", ids)
        .where("channel", "=", "email")
        .where("sent_at", "is", null)
        .where("dropped_at", "is", null)
        .where("next_attempt_at", "<=", now + 1_000)
        .orderBy("id")
        .execute(),
    ]);
    for (const user of users) Object.assign(facts.get(user.id)!, { email: user.email, verified: user.verified === 1 });
    for (const setting of settings) facts.get(setting.user_id)!.emailOff = setting.email_off === 1;
    for (const row of last) if (row.at !== null) facts.get(row.user_id)!.lastMailed.set(row.kind, Number(row.at));
    for (const row of waiting) {
      const byKind = facts.get(row.user_id)!.waiting;
      byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
    }
  }
  return facts;
}

export function emailChannel(deps: EmailChannelDeps): ChannelSender {
  const { db, mailer, secret, publicOrigin, clock } = deps;
  const host = new URL(publicOrigin).hostname;
  // One mail at a time per user and kind, so a digest and a row of it are never mailed side by side.
  const busy = new Map<string, Promise<unknown>>();
  const facts = perBatch((userIds) => mailFacts(db, userIds, clock()));
  // The rows this channel has mailed in a digest since the batch was claimed.
  const mailed = new Set<number>();

  async function send(row: OutboxRow): Promise<SendOutcome> {
    // Mailed in a digest by an earlier row of its kind.
    if (mailed.has(row.id)) return { status: "sent" };
    const now = clock();
    const bettor = await facts.of(row);
    if (!bettor?.email || !bettor.verified) return { status: "gone", error: "no verified e-mail address" };
    if (bettor.emailOff) return { status: "gone", error: "e-mail alerts are off" };
    const last = bettor.lastMailed.get(row.kind);
    if (last !== undefined && now - last < EMAIL_PER_KIND_MS) return { status: "retry", error: "one mail of this kind an hour: held for the digest", retryAfterMs: last + EMAIL_PER_KIND_MS - now };
    const rows = (bettor.waiting.get(row.kind) ?? []).filter((r) => !mailed.has(r.id)).slice(0, DIGEST_MAX);
    const batch = rows.some((r) => r.id === row.id) ? rows : [row, ...rows.slice(0, DIGEST_MAX - 1)];
    const messageKey = batch.map((r) => r.idempotency_key).join("\n");
    const messageId = `<alert-${createHash("sha256").update(messageKey).digest("hex").slice(0, 32)}@${host}>`;
    const unsubscribe = `${publicOrigin}/alerts/unsubscribe?t=${unsubscribeToken(secret, row.user_id, row.kind)}`;
    await mailer.send(alertMail(bettor.email, row.kind, batch.map(payloadOf), { origin: publicOrigin, unsubscribe, messageId }));
    bettor.lastMailed.set(row.kind, clock());
    // The others went in this mail: marked with it (the sender marks this row).
    const others = batch.filter((r) => r.id !== row.id).map((r) => r.id);
    for (const id of others) mailed.add(id);
    if (others.length > 0) await db.updateTable("alert_outbox").set({ sent_at: clock(), claimed_until: null, error: null }).where("id", "in", others).execute();
    return { status: "sent" };
  }

  return {
    channel: "email",
    concurrency: EMAIL_CONCURRENCY,
    async prepare(rows) {
      // Rows mailed in an earlier batch's digest are marked sent, and no claim takes them again.
      mailed.clear();
      await facts.prepare(rows);
    },
    async send(row) {
      const key = `${row.user_id}\n${row.kind}`;
      const before = busy.get(key) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(() => send(row));
      busy.set(key, mine);
      try {
        return await mine;
      } finally {
        if (busy.get(key) === mine) busy.delete(key);
      }
    },
  };
}
