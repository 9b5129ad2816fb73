import { startTelegramStandIn } from "#api/feeds/simulator/telegram/bot-api-stand-in.ts";
import { startPushEndpoint } from "../../tests/helpers/push-endpoint.ts";
import { startSmtpSink } from "../../tests/helpers/smtp-sink.ts";

/**
 * The alert bench's far ends in a process of their own (scripts/bench/alerts.ts): the SMTP sink, the
 * push service that checks VAPID and decrypts, and the Bot API stand-in. In production they are
 * other machines; sharing the API's event loop would bill their work (parsing SMTP, decrypting every
 * push) to the API under test. Each records when a message reached it; the bench asks over IPC.
 * `ALERT_BENCH_TOKEN` is the bot's token.
 */
export interface FarEndTimes {
  telegram: number[];
  push: number[];
  email: number[];
}

export type FarEndRequest =
  | { id: number; op: "subscribe"; publicKey: string; count: number }
  | { id: number; op: "counts" }
  | { id: number; op: "times"; since: { telegram: number; push: number; email: number } };

const sink = await startSmtpSink();
const push = await startPushEndpoint();
const telegram = await startTelegramStandIn({ token: process.env.ALERT_BENCH_TOKEN ?? "", username: "afriodds_bench_bot" });

/** Every message the stand-in took, to any chat, in the order taken. */
const telegramTimes = () => telegram.bot.allSent().map((m) => m.at);
const counts = () => ({ telegram: telegram.bot.allSent().length, push: push.received.length, email: sink.messages.length, telegramRefused: telegram.bot.rateRefusals });

process.on("message", (request: FarEndRequest) => {
  const answer = (result: unknown) => process.send?.({ id: request.id, result });
  switch (request.op) {
    case "subscribe":
      return answer(Array.from({ length: request.count }, () => push.subscribe(request.publicKey)));
    case "counts":
      return answer(counts());
    case "times":
      return answer({
        telegram: telegramTimes().slice(request.since.telegram),
        push: push.received.slice(request.since.push).map((p) => p.at),
        email: sink.messages.slice(request.since.email).map((m) => m.at),
      } satisfies FarEndTimes);
  }
});
process.on("SIGTERM", () => {
  void Promise.all([sink.close(), push.close(), telegram.close()]).finally(() => process.exit(0));
});
process.send?.({ ready: { smtpUrl: sink.url, telegramApiRoot: telegram.apiRoot } });
