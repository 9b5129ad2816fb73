import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { isValidEmail } from "#shared/validation.ts";
import { fromHeader, messageIdOf, rawMail } from "./raw-mail.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert mail's List-Unsubscribe and List-Unsubscribe-Post: docs/design.md, Channels). */
  headers?: Record<string, string>;
  /** A Message-ID of our own (`<...@host>`), so a mail sent twice reads as one. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The one recipient of a mail, as an address object: nodemailer parses a string as an address
 * list ("x1,victim@example.test" is two mailboxes) but takes an object's address as it is.
 * Anything but a single, already trimmed addr-spec is refused, so a mail never fans out.
 */
export function singleRecipient(to: string): { name: string; address: string } {
  if (to !== to.trim() || !isValidEmail(to)) throw new Error("Refusing to send mail: the recipient is not exactly one e-mail address.");
  return { name: "", address: to };
}

/** SMTP connections an alert burst keeps open at most. */
const SMTP_CONNECTIONS = 32;

/**
 * SMTP when SMTP_URL is set; otherwise one RFC 5322 `.eml` file per message in DATA_DIR/outbox/
 * (docs/design.md, Mail), so a fresh `npm start` can register without any mail server. Either way the
 * message is composed once, by `rawMail`, and handed over as it is.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; logger: Logger; pool?: boolean }): Mailer {
  const from = fromHeader(options.from);
  const compose = (message: MailMessage) => {
    const to = singleRecipient(message.to).address;
    const messageId = messageIdOf({ from: from.header, messageId: message.messageId });
    return { to, messageId, raw: rawMail({ ...message, messageId, from: from.header, to, date: new Date() }) };
  };
  if (options.smtpUrl) {
    // Alert mail goes through a pool of kept connections (docs/design.md, Mail): a burst does not open one per message.
    const transport = options.pool
      ? nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, maxMessages: 500 })
      : nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const { to, raw, messageId } = compose(message);
        // The Message-ID given as well: nodemailer would otherwise make one of its own for its logs.
        await transport.sendMail({ envelope: { from: from.address, to: [to] }, raw, messageId });
      },
      close: () => transport.close(),
    };
  }
  let sequence = 0;
  return {
    async send(message) {
      const { raw } = compose(message);
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = join(options.outboxDir, `${Date.now()}-${process.pid}-${sequence}-${safeTo}.eml`);
      await writeFile(file, raw);
      options.logger.info({ file }, "mail written to outbox");
    },
    close: () => undefined,
  };
}
