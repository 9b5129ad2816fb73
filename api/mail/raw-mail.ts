import { randomBytes, randomUUID } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { encodeWords, foldLines, hasLongerLines } from "nodemailer/lib/mime-funcs";
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from "nodemailer/lib/qp";

/**
 * One mail as the RFC 5322 text handed to SMTP (docs/design.md, Mail): headers, then a
 * multipart/alternative of the plain text and the HTML. Composed here in one pass with nodemailer's
 * own encoders (RFC 2047 words, quoted-printable) rather than by nodemailer's stream composer, which
 * cost about as much CPU a mail as the whole SMTP exchange: an alert burst mails thousands at once.
 */
export interface RawMailParts {
  /** The From header, already encoded (`fromHeader`). */
  from: string;
  /** Exactly one recipient's address (the caller checked it). */
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | undefined;
  /** `<...@host>`; one of the sender's domain is made when absent. */
  messageId?: string | undefined;
  date: Date;
}

/** Anything that would end a header line, gone: no header value can start another header. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");
const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/** The From header and its bare address (the envelope's sender) from `Name <address>` or a bare address. */
export function fromHeader(from: string): { header: string; address: string } {
  const first = addressparser(from)[0];
  const mailbox = first && "address" in first ? first : undefined;
  if (!mailbox?.address) throw new Error(`MAIL_FROM is not an address: ${from}`);
  const name = oneLine(mailbox.name ?? "").trim();
  if (!name) return { header: mailbox.address, address: mailbox.address };
  // Letters, digits and spaces as they are; other printable ASCII quoted; anything else as RFC 2047 words.
  const shown = /^[A-Za-z0-9 ]+$/.test(name) ? name : /^[\x20-\x7e]+$/.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}"` : encodeWords(name, "Q", 52);
  return { header: `${shown} <${mailbox.address}>`, address: mailbox.address };
}

/** A body part: 7bit when it is short-lined ASCII, else quoted-printable; CRLF line ends either way. */
function part(type: string, content: string): string {
  const crlf = content.replace(/\r?\n/g, "\r\n");
  const plain = !/[\u0080-\uffff]/.test(crlf) && !hasLongerLines(crlf, 76);
  const body = plain ? crlf : wrapQuotedPrintable(quotedPrintable(crlf), 76);
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${plain ? "7bit" : "quoted-printable"}\r\n\r\n${body}`;
}

/** Boundaries: this process's random prefix and a count (a random read a mail cost more than composing it). */
const BOUNDARY_PREFIX = `afriodds-${randomBytes(9).toString("hex")}`;
let boundaries = 0;

/** The Message-ID a mail carries: the caller's, or one of the sender's domain. */
export function messageIdOf(mail: Pick<RawMailParts, "from" | "messageId">): string {
  return oneLine(mail.messageId ?? `<${randomUUID()}@${mail.from.replace(/^.*@|>$/g, "")}>`);
}

export function rawMail(mail: RawMailParts): string {
  boundaries += 1;
  const boundary = `${BOUNDARY_PREFIX}-${boundaries.toString(36)}`;
  const extra = Object.entries(mail.headers ?? {}).filter(([name]) => HEADER_NAME.test(name));
  const lines = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    foldLines(`Subject: ${encodeWords(oneLine(mail.subject), "Q", 52)}`, 76),
    `Date: ${mail.date.toUTCString().replace(/GMT/, "+0000")}`,
    `Message-ID: ${messageIdOf(mail)}`,
    ...extra.map(([name, value]) => `${name}: ${oneLine(value)}`),
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative;\r\n boundary="${boundary}"`,
  ];
  return `${lines.join("\r\n")}\r\n\r\n--${boundary}\r\n${part("text/plain", mail.text)}\r\n--${boundary}\r\n${part("text/html", mail.html)}\r\n--${boundary}--\r\n`;
}
