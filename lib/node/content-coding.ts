import Negotiator from "negotiator";

/** The content codings the tiers answer in: precompressed files, prepared answers, prerendered pages. */
export type Coding = "br" | "gzip" | "identity";

/** negotiator 1.x: `preferred` breaks ties between codings of equal q (@types/negotiator 0.6 lacks the option). */
type EncodingNegotiator = { encodings(available: readonly string[], options: { preferred: readonly string[] }): string[] };

/** Smallest first: a tie in q goes to brotli, then gzip. */
const PREFERRED: readonly Coding[] = ["br", "gzip", "identity"];

/**
 * The coding to answer in, among those the server holds (RFC 9110 12.5.3, parsed by negotiator):
 * q-values are honoured (`br;q=0` gets no brotli), `*` stands for every coding the header does not
 * name, identity is acceptable unless `identity;q=0` or `*;q=0` says otherwise, and a tie goes to
 * the smaller body. An empty header asks for identity; so does a missing one here (any coding would
 * do, identity is the one every client reads). When nothing held is acceptable (`identity;q=0`
 * alone) the answer is identity too: RFC 9110 12.1 lets a server disregard the preference rather
 * than answer 406, as the compression middleware does for dynamic answers
 * (docs/decisions/027-content-codings-and-etags.md).
 */
export function chooseCoding(headers: Negotiator.Headers, available: readonly Coding[]): Coding {
  const held = PREFERRED.filter((coding) => coding === "identity" || available.includes(coding));
  const negotiator: EncodingNegotiator = new Negotiator({ headers });
  const [best] = negotiator.encodings(held, { preferred: PREFERRED });
  return held.find((coding) => coding === best) ?? "identity";
}

/** Each representation its own strong ETag (RFC 9110 8.8.3): the identity one, suffixed `-br` or `-gzip`. */
export function codedEtag(etag: string, coding: Coding): string {
  return coding === "identity" ? etag : etag.replace(/"$/, `-${coding}"`);
}

/** The identity representation's ETag of one that codedEtag suffixed for `coding`. */
export function identityEtag(etag: string, coding: Coding): string {
  return coding === "identity" ? etag : etag.replace(new RegExp(`-${coding}"$`), '"');
}

/** If-None-Match with the weak comparison (RFC 9110 13.1.2): `*`, or any listed tag with or without `W/`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => ["*", bare].includes(tag.trim().replace(/^W\//, "")));
}
