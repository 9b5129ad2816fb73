import { isIP } from "node:net";

/** What a client with no usable address is counted under: all of them together. */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The key a per-address limit counts a client under; UNKNOWN_ADDRESS when no address is known.
 * IPv4 is the address itself; IPv6 is its /64, because one subscriber (a phone, a home, a
 * server) is routed a whole /64 and picks any address in it (RFC 6177, RFC 8981): keyed by full
 * address, one client is 2^64 clients. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, how a
 * dual-stack socket reports an IPv4 peer) is that IPv4 client. docs/decisions/023-proof-of-work-under-flood.md
 */
export function addressKey(ip: string | undefined): string {
  const family = ip ? isIP(ip) : 0;
  if (family === 4) return ip!;
  if (family !== 6) return UNKNOWN_ADDRESS;
  const groups = ipv6Groups(ip!);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an address `isIP` accepted as IPv6 (`::` expanded, a trailing IPv4 part split, a zone dropped). */
function ipv6Groups(ip: string): number[] {
  const [head = "", tail] = ip.split("%")[0]!.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").flatMap(hextets));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function hextets(part: string): number[] {
  if (!part.includes(".")) return [Number.parseInt(part, 16)];
  const [a, b, c, d] = part.split(".").map(Number) as [number, number, number, number];
  return [(a << 8) | b, (c << 8) | d];
}
