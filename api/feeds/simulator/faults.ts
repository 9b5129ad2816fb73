/** How each fault kind turns a site's normal answer into what a failing real site sends. */
import type { SimFault } from "./feed-simulator.ts";
import { jsonAnswer, type SiteAnswer, type SiteRequest, type SimulatedSite } from "./sites/site.ts";

const html = (status: number, body: string): SiteAnswer => ({
  status,
  contentType: "text/html; charset=utf-8",
  body,
});

/** The shape of a Cloudflare managed challenge: what Bet9ja and BetKing answer outside Nigeria. */
const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="390"></head><body><div id="challenge-body-text">Verifying you are human. This may take a few seconds.</div><noscript>Enable JavaScript and cookies to continue</noscript></body></html>`;
const RATE_LIMITED_PAGE = `<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center></body></html>`;
const OUTAGE_PAGE = `<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center></body></html>`;

/** Faults that answer before the site is asked at all (the edge fails, whatever the path). */
export function edgeFault(fault: SimFault | null): SiteAnswer | null {
  if (fault?.kind === "outage") return html(503, OUTAGE_PAGE);
  if (fault?.kind === "forbidden") return html(403, CHALLENGE_PAGE);
  if (fault?.kind === "challenge") return html(200, CHALLENGE_PAGE);
  if (fault?.kind === "rate-limited") return html(429, RATE_LIMITED_PAGE);
  return null;
}

/** Faults that reshape a normal 200 answer of a path the site serves. */
export function payloadFault(
  fault: SimFault | null,
  site: SimulatedSite,
  request: SiteRequest,
  answer: SiteAnswer,
): SiteAnswer {
  if (answer.status !== 200 || !fault) return answer;
  switch (fault.kind) {
    case "malformed":
      return { ...answer, body: answer.body.slice(0, Math.floor(answer.body.length / 2)) };
    case "empty":
      return jsonAnswer(site.emptyBody(request));
    case "error-envelope":
      return jsonAnswer(site.errorBody(request));
    default:
      return answer;
  }
}
