import { describe, expect, it } from "vitest";
import { fromHeader, rawMail, type RawMailParts } from "./raw-mail.ts";

/** RFC 2047 Q-words and quoted-printable, decoded as a mail client would: the test's own reader, not the composer's encoders. */
function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*(?==\?)|=\?UTF-8\?Q\?([^?]*)\?=/gi, (_all, a: string | undefined, b: string | undefined) =>
    Buffer.from((a ?? b ?? "").replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}
function decodeQuotedPrintable(body: string): string {
  return Buffer.from(body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
}
/** The head's headers, unfolded, and each part's headers and decoded body. */
function read(raw: string) {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const headers = new Map(head!.replace(/\r\n[ \t]+/g, " ").split("\r\n").map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 2)]));
  const boundary = /boundary="([^"]+)"/.exec(headers.get("content-type") ?? "")![1]!;
  const body = rest.join("\r\n\r\n");
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [partHead, ...partBody] = chunk.replace(/^\r\n/, "").split("\r\n\r\n");
      const content = partBody.join("\r\n\r\n").replace(/\r\n$/, "");
      const encoding = /Content-Transfer-Encoding: (\S+)/.exec(partHead!)![1];
      return { type: /Content-Type: ([^;]+)/.exec(partHead!)![1], encoding, text: encoding === "quoted-printable" ? decodeQuotedPrintable(content) : content };
    });
  return { headers, parts, lines: raw.split("\r\n") };
}

const mail = (over: Partial<RawMailParts> = {}): RawMailParts => ({
  from: "AfriOdds <no-reply@afriodds.ng>",
  to: "ada@example.ng",
  subject: "Arsenal v Chelsea: Arsenal at 2.60",
  text: "Best at SportyBet, 2.60\nBooking code at SportyBet: SB7Q2K",
  html: "<p>Best at <b>SportyBet</b></p>",
  messageId: "<alert-1@afriodds.ng>",
  date: new Date(Date.UTC(2026, 10, 29, 18, 30)),
  ...over,
});

describe("a mail composed for SMTP (docs/design.md, Mail)", () => {
  it("carries its headers, and the text and the HTML as alternatives that read back exactly", () => {
    const text = "Atlético Madrid v Chelsea: Over 2.5 at 2.60, after tax ₦2,470 on ₦1,000\nhttps://afriodds.ng/alerts/unsubscribe?t=" + "a".repeat(90);
    const { headers, parts } = read(rawMail(mail({ text, headers: { "List-Unsubscribe": "<https://afriodds.ng/u?t=x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } })));
    expect(headers.get("from")).toBe("AfriOdds <no-reply@afriodds.ng>");
    expect(headers.get("to")).toBe("ada@example.ng");
    expect(headers.get("date")).toBe("Sun, 29 Nov 2026 18:30:00 +0000");
    expect(headers.get("message-id")).toBe("<alert-1@afriodds.ng>");
    expect(headers.get("list-unsubscribe")).toBe("<https://afriodds.ng/u?t=x>");
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headers.get("mime-version")).toBe("1.0");
    expect(parts.map((p) => [p.type, p.encoding])).toEqual([
      ["text/plain", "quoted-printable"],
      ["text/html", "7bit"],
    ]);
    expect(parts[0]!.text).toBe(text.replace(/\n/g, "\r\n"));
    expect(parts[1]!.text).toBe("<p>Best at <b>SportyBet</b></p>");
  });

  it("keeps every line within SMTP's limits, folding a long subject as RFC 2047 words that read back whole", () => {
    const subject = "Atlético Madrid v Borussia Mönchengladbach: Over 2.5 goals reached 2.60 at SportyBet — ₦ after tax";
    const raw = rawMail(mail({ subject, text: "x".repeat(300) }));
    const { headers, lines } = read(raw);
    expect(decodeWords(headers.get("subject")!)).toBe(subject);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(78);
    // A folded header goes on only on lines that start with white space.
    const head = raw.split("\r\n\r\n")[0]!.split("\r\n");
    for (const line of head) expect(line, line).toMatch(/^([A-Za-z-]+: |[ \t])/);
  });

  it("lets no value start a header of its own", () => {
    const raw = rawMail(mail({ subject: "Hi\r\nBcc: victim@example.test", messageId: "<a@b>\r\nBcc: victim@example.test", headers: { "X-Note": "ok\nBcc: victim@example.test", "Bad\r\nName": "x" } }));
    const head = raw.split("\r\n\r\n")[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^Bad/m);
    expect(head).toMatch(/^X-Note: ok Bcc: victim@example.test$/m);
  });

  it("makes a Message-ID of the sender's domain when none is given", () => {
    const { headers } = read(rawMail(mail({ messageId: undefined })));
    expect(headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@afriodds\.ng>$/);
  });
});

describe("the sender's From header", () => {
  it("shows a plain name as it is, quotes one with specials, encodes one beyond ASCII, and refuses a non-address", () => {
    expect(fromHeader("AfriOdds <no-reply@afriodds.ng>")).toEqual({ header: "AfriOdds <no-reply@afriodds.ng>", address: "no-reply@afriodds.ng" });
    expect(fromHeader("no-reply@afriodds.ng")).toEqual({ header: "no-reply@afriodds.ng", address: "no-reply@afriodds.ng" });
    expect(fromHeader('"AfriOdds, Lagos" <a@afriodds.ng>').header).toBe('"AfriOdds, Lagos" <a@afriodds.ng>');
    const encoded = fromHeader("Àfríodds <a@afriodds.ng>").header;
    expect(encoded).toMatch(/^=\?UTF-8\?Q\?.+\?= <a@afriodds\.ng>$/);
    expect(decodeWords(encoded.replace(/ <.*$/, ""))).toBe("Àfríodds");
    expect(() => fromHeader("AfriOdds")).toThrow(/not an address/);
  });
});
