import type { Mailer } from "./mailer.ts";

/** How long shutting down waits for mail still being delivered. */
export const MAIL_DRAIN_MS = 10 * 1000;

/** The mailer and the mail it is delivering after its answer went out. */
export interface MailDelivery {
  mailer: Mailer;
  outgoing: Set<Promise<void>>;
}

export function mailDelivery(mailer: Mailer): MailDelivery {
  return { mailer, outgoing: new Set() };
}

/**
 * Starts a delivery the answer does not wait for: whether an address got mail never shows in the
 * answer's timing or status (ASVS 6.3.8). It is tracked until settled, so shutdown can let it
 * finish; a failure goes to `onError`, never to the caller.
 */
export function deliverAfterAnswer(delivery: MailDelivery, deliver: () => Promise<void>, onError: (error: unknown) => void): void {
  const pending: Promise<void> = deliver()
    .catch(onError)
    .finally(() => delivery.outgoing.delete(pending));
  delivery.outgoing.add(pending);
}

/** Resolves once the mail sent after its answer is delivered or has failed (or after `timeoutMs`). */
export async function mailSettled(delivery: MailDelivery, timeoutMs = MAIL_DRAIN_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  // Delivering one mail can't start another, so one snapshot is all there is.
  await Promise.race([Promise.all([...delivery.outgoing]), timeout]);
  clearTimeout(timer);
}
