import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startSmtpSink } from "../../tests/helpers/smtp-sink.ts";
import { createMailer } from "./mailer.ts";
import { passwordResetMail, verificationMail } from "./templates.ts";

describe("the mailer without SMTP_URL", () => {
  it("writes one RFC 5322 .eml file per message to the outbox", async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), "afriodds-mail-")), "outbox");
    const mailer = createMailer({ smtpUrl: undefined, from: "AfriOdds <no-reply@localhost>", outboxDir, logger: pino({ level: "silent" }) });
    await mailer.send(verificationMail("ada@example.ng", "ada", "042917", "http://localhost:3000"));
    await mailer.send(passwordResetMail("ada@example.ng", "ada", "555111", "http://localhost:3000"));
    const files = readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".eml"))).toBe(true);
    const raw = readFileSync(join(outboxDir, files[0]!), "utf8");
    expect(raw).toMatch(/^From: AfriOdds <no-reply@localhost>$/m);
    expect(raw).toMatch(/^To: ada@example.ng$/m);
    expect(raw).toMatch(/^Subject: Your AfriOdds verification code: 042917$/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });
});

describe("the mailer's recipient", () => {
  const silent = pino({ level: "silent" });
  const hostile = ["x1,victim@example.test", "Victim <victim@example.test>", "a@b.test; victim@example.test", " ada@example.ng", "ada@example.ng\r\nBcc: victim@example.test"];

  it("over SMTP is exactly one RCPT, the given address", async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: "AfriOdds <no-reply@localhost>", outboxDir: "/nonexistent", logger: silent });
    try {
      await mailer.send(verificationMail("ada.obi+odds@example.ng", "ada", "042917", "http://localhost:3000"));
      expect(sink.messages.map((m) => m.to)).toEqual([["ada.obi+odds@example.ng"]]);
      // The message as composed: nodemailer adds no header of its own to it.
      const raw = sink.messages[0]!.raw;
      expect(raw.match(/^Message-ID: /gim)).toHaveLength(1);
      expect(raw).toMatch(/^From: AfriOdds <no-reply@localhost>\r\nTo: ada\.obi\+odds@example\.ng\r\nSubject: Your AfriOdds verification code: 042917\r\n/);
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it("over SMTP refuses anything but one addr-spec and sends nothing", async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: "AfriOdds <no-reply@localhost>", outboxDir: "/nonexistent", logger: silent });
    try {
      for (const to of hostile) {
        await expect(mailer.send(verificationMail(to, "eve", "042917", "http://localhost:3000")), to).rejects.toThrow(/not exactly one e-mail address/);
      }
      expect(sink.messages).toEqual([]);
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it("in the outbox refuses anything but one addr-spec and writes nothing", async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), "afriodds-mail-")), "outbox");
    const mailer = createMailer({ smtpUrl: undefined, from: "AfriOdds <no-reply@localhost>", outboxDir, logger: silent });
    for (const to of hostile) {
      await expect(mailer.send(verificationMail(to, "eve", "042917", "http://localhost:3000")), to).rejects.toThrow(/not exactly one e-mail address/);
    }
    expect(existsSync(outboxDir)).toBe(false);
  });
});

describe("the code mails", () => {
  it("name AfriOdds, the code and its 10-minute expiry in text and HTML", () => {
    const mail = verificationMail("ada@example.ng", "ada", "042917", "http://localhost:3000");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("AfriOdds");
      expect(body).toContain("042917");
      expect(body).toContain("10 minutes");
    }
  });

  it("escape a username in the HTML body", () => {
    const mail = passwordResetMail("x@y.ng", "<b>eve</b>", "123456", "http://localhost:3000");
    expect(mail.html).not.toContain("<b>eve</b>");
    expect(mail.html).toContain("&lt;b&gt;eve&lt;/b&gt;");
  });
});
