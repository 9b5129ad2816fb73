/**
 * Reads one saved bookmaker payload with that bookmaker's adapter, for `npm run feeds:parse`:
 * an operator checks a capture from a live site against the adapter before trusting it. The
 * payload's kind (league listing or single event) is told by its shape.
 */
import { ADAPTERS } from "./bookmakers/index.ts";
import { parseJsonBody } from "./bookmakers/common.ts";
import { BOOKMAKER_KEYS, type BookmakerKey, type Offer } from "./types.ts";

export interface CaptureInput {
  bookmaker: string;
  competitionId: number;
  now: Date;
  body: string;
}

export type CaptureOutput = { ok: true; offers: ReturnType<typeof printable>[] } | { ok: false; error: string };

const isKey = (key: string): key is BookmakerKey => (BOOKMAKER_KEYS as readonly string[]).includes(key);

/** An offer as JSON: kick-off in ISO UTC, the fields in the documented order. */
function printable(offer: Offer) {
  return {
    bookmaker: offer.bookmaker,
    externalId: offer.externalId,
    srId: offer.srId ?? null,
    competitionId: offer.competitionId,
    home: offer.home,
    away: offer.away,
    kickoff: offer.kickoff.toISOString(),
    prices: offer.prices.map(({ marketId, selectionTypeId, price, boosted }) => ({ marketId, selectionTypeId, price, boosted })),
  };
}

export function parseCapture(input: CaptureInput): CaptureOutput {
  if (!isKey(input.bookmaker)) return { ok: false, error: `unknown bookmaker "${input.bookmaker}": expected one of ${BOOKMAKER_KEYS.join(", ")}` };
  const adapter = ADAPTERS[input.bookmaker];
  const json = parseJsonBody(input.body);
  if (!json.ok) return { ok: false, error: `${json.error}; expected ${adapter.capture.expected}` };
  const kind = adapter.capture.kind(json.value);
  if (!kind) return { ok: false, error: `not a payload ${adapter.key} answers: expected ${adapter.capture.expected}` };
  const parsed =
    kind === "league"
      ? adapter.parseLeague(input.body, input.competitionId, input.now)
      : adapter.capture.parseEvent(input.body, input.competitionId, input.now);
  if (!parsed.ok) return { ok: false, error: `${kind === "league" ? "league listing" : "single event"}: ${parsed.error}` };
  return { ok: true, offers: parsed.offers.map(printable) };
}
