import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { deliverAfterAnswer, mailDelivery, mailSettled } from "./delivery.ts";
import { createMailer } from "./mailer.ts";
import { verificationMail } from "./templates.ts";

function outboxDelivery() {
  const outboxDir = join(mkdtempSync(join(tmpdir(), "afriodds-delivery-")), "outbox");
  const mailer = createMailer({ smtpUrl: undefined, from: "AfriOdds <no-reply@localhost>", outboxDir, logger: pino({ level: "silent" }) });
  return { delivery: mailDelivery(mailer), outboxDir };
}

describe("mail delivered after its answer", () => {
  it("is waited for by mailSettled and forgotten once delivered", async () => {
    const { delivery, outboxDir } = outboxDelivery();
    const failures: unknown[] = [];
    deliverAfterAnswer(delivery, () => delivery.mailer.send(verificationMail("ada@example.ng", "ada", "042917", "http://localhost")), (e) => failures.push(e));
    expect(delivery.outgoing.size).toBe(1);
    await mailSettled(delivery);
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(delivery.outgoing.size).toBe(0);
    expect(failures).toEqual([]);
  });

  it("reports a failed delivery to its error handler and never to the caller", async () => {
    const { delivery } = outboxDelivery();
    const failures: unknown[] = [];
    // A recipient the mailer refuses: sending rejects.
    deliverAfterAnswer(delivery, () => delivery.mailer.send(verificationMail("x1,victim@example.test", "x", "042917", "http://localhost")), (e) => failures.push(e));
    await expect(mailSettled(delivery)).resolves.toBeUndefined();
    expect(failures).toHaveLength(1);
    expect(delivery.outgoing.size).toBe(0);
  });

  it("stops waiting at the timeout for a delivery that never ends", async () => {
    const { delivery } = outboxDelivery();
    deliverAfterAnswer(delivery, () => new Promise<void>(() => undefined), () => undefined);
    const started = Date.now();
    await mailSettled(delivery, 50);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(delivery.outgoing.size).toBe(1);
  });
});
