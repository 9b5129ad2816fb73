import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { bookmakerName } from "#shared/reference.ts";
import type { AlertKind, Database } from "../../db/schema.ts";
import type { MailMessage, Mailer } from "../../mail/mailer.ts";
import { payloadOf, type AlertPayload, type OutboxRow } from "../outbox.ts";
import type { ChannelSender, SendOutcome } from "../sender.ts";
import { unsubscribeToken } from "./unsubscribe.ts";

/**
 * E-mail alerts through the site's mail path (docs/design.md, Channels): to a verified address,
 * with List-Unsubscribe (one click, RFC 8058) and a Message-ID made from the row's idempotency key.
 * At most one mail per alert kind an hour to a bettor: what comes within the hour waits, and goes
 * as one digest when the hour is up.
 */
export const EMAIL_PER_KIND_MS = 3_600_000;
/** Mails sent at once: the alert mailer's pool keeps 8 connections; more in hand keeps them busy while rows are read and marked. */
export const EMAIL_CONCURRENCY = 16;

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

/** The rows of one user and kind waiting to be mailed (due or held for the hour), oldest first, the row itself included. */
async function waitingRows(db: Kysely<Database>, row: OutboxRow, now: number): Promise<OutboxRow[]> {
  return db
    .selectFrom("alert_outbox")
    .selectAll()
    .where("user_id", "=", row.user_id)
    .where("channel", "=", "email")
    .where("kind", "=", row.kind)
    .where("sent_at", "is", null)
    .where("dropped_at", "is", null)
    // Due now: rows held for quiet hours wait for their own time.
    .where("next_attempt_at", "<=", now + 1_000)
    .orderBy("id")
    .limit(50)
    .execute();
}

async function lastMailed(db: Kysely<Database>, row: OutboxRow): Promise<number | undefined> {
  const last = await db
    .selectFrom("alert_outbox")
    .select((eb) => eb.fn.max("sent_at").as("at"))
    .where("user_id", "=", row.user_id)
    .where("channel", "=", "email")
    .where("kind", "=", row.kind)
    .executeTakeFirst();
  return last?.at === null || last?.at === undefined ? undefined : Number(last.at);
}

export function emailChannel(deps: EmailChannelDeps): ChannelSender {
  const { db, mailer, secret, publicOrigin, clock } = deps;
  const host = new URL(publicOrigin).hostname;
  // One mail at a time per user and kind, so a digest and a row of it are never mailed side by side.
  const busy = new Map<string, Promise<unknown>>();

  async function send(row: OutboxRow): Promise<SendOutcome> {
    const fresh = await db.selectFrom("alert_outbox").select(["sent_at", "dropped_at"]).where("id", "=", row.id).executeTakeFirst();
    // Mailed in a digest by an earlier row of its kind.
    if (fresh?.sent_at !== null && fresh?.sent_at !== undefined) return { status: "sent" };
    const user = await db.selectFrom("users").select(["email", "verified"]).where("id", "=", row.user_id).executeTakeFirst();
    if (!user || user.verified !== 1) return { status: "gone", error: "no verified e-mail address" };
    const settings = await db.selectFrom("alert_settings").select("email_off").where("user_id", "=", row.user_id).executeTakeFirst();
    if (settings?.email_off === 1) return { status: "gone", error: "e-mail alerts are off" };
    const now = clock();
    const last = await lastMailed(db, row);
    if (last !== undefined && now - last < EMAIL_PER_KIND_MS) return { status: "retry", error: "one mail of this kind an hour: held for the digest", retryAfterMs: last + EMAIL_PER_KIND_MS - now };
    const rows = await waitingRows(db, row, now);
    const batch = rows.some((r) => r.id === row.id) ? rows : [row, ...rows];
    const messageKey = batch.map((r) => r.idempotency_key).join("\n");
    const messageId = `<alert-${createHash("sha256").update(messageKey).digest("hex").slice(0, 32)}@${host}>`;
    const unsubscribe = `${publicOrigin}/alerts/unsubscribe?t=${unsubscribeToken(secret, row.user_id, row.kind)}`;
    await mailer.send(alertMail(user.email, row.kind, batch.map(payloadOf), { origin: publicOrigin, unsubscribe, messageId }));
    // The others went in this mail: marked with it (the sender marks this row).
    const others = batch.filter((r) => r.id !== row.id).map((r) => r.id);
    if (others.length > 0) await db.updateTable("alert_outbox").set({ sent_at: clock(), claimed_until: null, error: null }).where("id", "in", others).execute();
    return { status: "sent" };
  }

  return {
    channel: "email",
    concurrency: EMAIL_CONCURRENCY,
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
