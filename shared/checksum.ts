/** The odds request checksum `k` (docs/design.md, The odds checksum): 32-bit FNV-1a, computed alike in browser and API. */

const FNV_OFFSET_BASIS = 2166136261;
const FNV_PRIME = 16777619;

const encoder = new TextEncoder();

/** 32-bit FNV-1a over the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export function fnv1a32(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of encoder.encode(text)) {
    // Math.imul keeps the product in 32 bits; a plain * would lose precision past 2^53.
    hash = Math.imul(hash ^ byte, FNV_PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export interface ChecksumQuery {
  readonly country: number | string;
  readonly competition: number | string;
  readonly market: number | string;
}

/** `ak` is the session token's claim; the values are written exactly as sent in the query string. */
export function oddsChecksum(ak: string, q: ChecksumQuery): string {
  return fnv1a32(`${ak}:${q.country}&${q.competition}&${q.market}`);
}

/**
 * `k` of the live stream `GET /odds/stream?country=C` (docs/decisions/013-odds-stream.md): the
 * odds checksum with competition "stream" and an empty market, i.e. FNV-1a of
 * `${ak}:${country}&stream&`, so it can never equal the `k` of an `/odds` request.
 */
export function oddsStreamChecksum(ak: string, country: number | string): string {
  return oddsChecksum(ak, { country, competition: "stream", market: "" });
}
