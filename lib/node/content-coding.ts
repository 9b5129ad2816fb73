import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";

export type Coding = "br" | "gzip" | "identity";

/**
 * The content coding to send, among those a representation exists in, as the request's
 * Accept-Encoding allows (q-values, `*`, `identity;q=0`: RFC 9110 12.5.3), brotli first on a tie.
 * undefined: the request accepts none of them (the caller sends identity anyway, or 406).
 */
export function negotiateCoding(req: IncomingMessage, available: readonly Coding[]): Coding | undefined {
  // negotiator 1.x takes the preference order as a second argument; its types are 0.6's.
  const encoding = new Negotiator(req).encoding as (available: string[], options: { preferred: string[] }) => string | undefined;
  return encoding.call(new Negotiator(req), [...available], { preferred: ["br", "gzip", "identity"] }) as Coding | undefined;
}
