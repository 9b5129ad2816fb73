/**
 * Content-Security-Policy of every HTML page (docs/design.md, Operations endpoints;
 * docs/design.md, Streamed server rendering): scripts and the inline style only by nonce (rendered per
 * request) or hash (prerendered at build); nothing else inline.
 */
export function contentSecurityPolicy(sources: { nonce?: string; scriptHashes?: string[]; styleHashes?: string[] }): string {
  const allow = (hashes: string[] = []) => hashes.map((h) => `'${h}'`).join(" ");
  const scripts = sources.nonce ? `'nonce-${sources.nonce}'` : allow(sources.scriptHashes);
  const styles = sources.nonce ? `'nonce-${sources.nonce}'` : allow(sources.styleHashes);
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}`.trim(),
    `style-src 'self' ${styles}`.trim(),
    // React writes a few style attributes (e.g. transitions); attributes cannot carry a nonce.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Answers that are not pages (JSON, metrics, assets): nothing may load from or frame them. */
export const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The static 500 page: no script, no subresource, only inline style. 'unsafe-inline' styles are
 * harmless on a page with no user input, and keep the policy right whatever its markup becomes.
 */
export const STATIC_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
