import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SunkMail {
  to: string[];
  raw: string;
  /** When the message's data had all arrived (epoch ms). */
  at: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives: the system's mail goes over the wire.
 * `delayMs`: each message is acknowledged that long after it arrived, as a distant server would.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}) {
  const messages: SunkMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
        if (options.delayMs) setTimeout(callback, options.delayMs);
        else callback();
      });
    },
  });
  // A client that dies mid-session (a sender killed with -9) resets its connections: a real server
  // carries on, and so does the sink (smtp-server emits them as 'error', which would otherwise throw).
  const resets: Error[] = [];
  server.on("error", (error: Error) => resets.push(error));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Connection errors the sink carried on past (ECONNRESET from a killed client). */
    resets,
    /** The mails sent to an address, oldest first. */
    to(address: string) {
      return messages.filter((m) => m.to.includes(address.toLowerCase()));
    },
    /** The 6-digit code of the newest mail to an address. */
    latestCode(address: string): string {
      const mail = this.to(address).at(-1);
      const code = mail && /Subject: [^\n]*?(\d{6})/.exec(mail.raw)?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
