/** One year: the zone rarely changes, and the cookie is rewritten on every visit anyway. */
const MAX_AGE_S = 31_536_000;
/** IANA names are letters, digits, '_', '+', '-' and '/': nothing that needs escaping in a cookie. */
const IANA_ZONE = /^[A-Za-z0-9_+\-/]+$/;

/**
 * The `tz` cookie the server reads to render kick-off times in the visitor's zone, so the
 * hydrated page prints the same text (docs/design.md, Time zones). Null for a zone we would not trust.
 */
export function timeZoneCookie(zone: string | undefined): string | null {
  if (!zone || !IANA_ZONE.test(zone)) return null;
  return `tz=${zone}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`;
}

export function rememberTimeZone(): void {
  const cookie = timeZoneCookie(Intl.DateTimeFormat().resolvedOptions().timeZone);
  if (cookie) document.cookie = cookie;
}
