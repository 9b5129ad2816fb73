/**
 * Browser-like request headers. The Nigerian sites sit behind WAFs that turn away clients without a
 * browser User-Agent, Referer and Origin (docs/design.md, Reaching the bookmakers), so each adapter asks
 * as its own site's front end would. Referer and Origin always name the real site, also when the
 * request goes to the simulator: the simulator serves the same shapes and may check them too.
 */

// A current stable Chrome at the time of the September 2026 captures.
const DESKTOP_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const MOBILE_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

export interface BrowserSite {
  /** The page the site's own front end calls from, e.g. "https://www.sportybet.com/ng/sport/football". */
  referer: string;
  /** The origin of that front end, e.g. "https://www.sportybet.com". */
  origin: string;
  mobile?: boolean;
}

export function browserHeaders(site: BrowserSite): Record<string, string> {
  return {
    "User-Agent": site.mobile ? MOBILE_CHROME : DESKTOP_CHROME,
    Accept: "application/json, text/plain, */*",
    "Accept-Language": "en-NG,en-GB;q=0.9,en;q=0.8",
    Referer: site.referer,
    Origin: site.origin,
  };
}
