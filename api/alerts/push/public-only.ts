import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector } from "undici";

/**
 * Push services are on the public internet (docs/design.md, Channels: Web Push). A subscription's
 * endpoint is a bettor's input: a named host that resolves into the site's own network (a wildcard
 * DNS name for 127.0.0.1, a cloud metadata address) must never be posted to. The endpoint's check
 * refuses address literals; this refuses, at connect time, a name whose addresses are not public, so
 * a DNS answer that changes after the check changes nothing.
 */

/** Public unicast only: not loopback, private, link-local, unique-local, carrier-grade NAT, multicast, reserved or unspecified (an IPv4-mapped IPv6 address judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const notPublic = (host: string) => Object.assign(new Error(`${host} has no public address: a push service is on the public internet`), { code: "ENOTFOUND" });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupAll = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** A DNS lookup that answers only a host's public addresses, and fails as "not found" when it has none. */
export function publicLookup(base: LookupAll = dnsLookup as LookupAll) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      const kept = error ? [] : addresses.filter((a) => isPublicAddress(a.address));
      const refused = error ?? (kept.length === 0 ? notPublic(hostname) : null);
      if (refused) return options.all ? callback(refused, []) : callback(refused, "", 0);
      if (options.all) return callback(null, kept);
      return callback(null, kept[0]!.address, kept[0]!.family);
    });
  };
}

/** An undici dispatcher that connects only to public addresses (a name through `publicLookup`, an address as it is): the push sender's in production. */
export function publicOnlyAgent(): Agent {
  const connect = buildConnector({ lookup: publicLookup() as never });
  return new Agent({
    connect(options, callback) {
      const host = options.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) !== 0 && !isPublicAddress(host)) return callback(notPublic(host), null);
      return connect(options, callback);
    },
  });
}
