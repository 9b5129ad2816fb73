import { describe, expect, it } from "vitest";
import type { DroppingOdds, MarketHistory, MatchDetail, OddsEvent, SearchResult } from "#shared/contract.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

type Session = Awaited<ReturnType<typeof signInThroughWeb>>;

/** The API's own answer to the same call with the same token: what the web tier must hand the browser. */
async function fromApi(session: Session, path: string) {
  const res = await fetch(`${suite.stack.api.origin}${path}`, { headers: { authorization: `Bearer ${session.access}`, accept: "application/json" } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The soonest Premier League event the listing holds, as the dashboard would show it. */
async function anEvent(cookie: string): Promise<OddsEvent> {
  const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie).expect(200);
  return (res.body.data.events as OddsEvent[])[0]!;
}

const eventPath = (id: string) => `/odds/events/${encodeURIComponent(id)}`;
/** What the API was sent for the last request matching `prefix`. */
const lastSeen = (prefix: string) => suite.stack.proxy.seen.filter((r) => r.path.startsWith(prefix)).at(-1)?.path;

describe("the match page's calls through the web tier", () => {
  it("hands a signed-in browser the API's answers for the event, its history, dropping odds and search", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    for (const path of [eventPath(event.id), `${eventPath(event.id)}/history?market=1`, "/odds/dropping?country=1&hours=24", "/odds/search?country=1&q=a"]) {
      const res = await suite.stack.http.get(`/api${path}`).set("cookie", session.cookie);
      const direct = await fromApi(session, path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual(direct.body);
    }
    const detail = (await suite.stack.http.get(`/api${eventPath(event.id)}`).set("cookie", session.cookie)).body.data as MatchDetail;
    expect(detail.event.id).toBe(event.id);
    expect(detail.event.markets.length).toBeGreaterThan(0);
    const history = (await suite.stack.http.get(`/api${eventPath(event.id)}/history?market=1`).set("cookie", session.cookie)).body.data as MarketHistory;
    expect(history).toMatchObject({ eventId: event.id, marketId: 1 });
    expect((await suite.stack.http.get("/api/odds/dropping?country=1&hours=24").set("cookie", session.cookie)).body.data as DroppingOdds).toMatchObject({ hours: 24 });
    const found = (await suite.stack.http.get(`/api/odds/search?country=1&q=${encodeURIComponent(event.home)}`).set("cookie", session.cookie)).body.data as SearchResult;
    expect(found.events.map((e) => e.id)).toContain(event.id);
  });

  it("forwards the id percent-encoded as one path segment and the query string as sent", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    // The browser may leave a colon unencoded; the API is sent it encoded.
    await suite.stack.http.get(`/api/odds/events/${event.id}/history?market=4`).set("cookie", session.cookie).expect(200);
    expect(lastSeen("/odds/events/")).toBe(`${eventPath(event.id)}/history?market=4`);
    // An encoded slash stays inside the id: no other route is reached.
    const slashed = await suite.stack.http.get("/api/odds/events/a%2F..%2Fb").set("cookie", session.cookie);
    expect(slashed.status).toBe(404);
    expect(lastSeen("/odds/events/")).toBe("/odds/events/a%2F..%2Fb");
  });

  it("answers 401 in the envelope without a session, asking the API nothing", async () => {
    const before = suite.stack.proxy.seen.length;
    for (const path of ["/api/odds/events/c1:x", "/api/odds/events/c1:x/history?market=1", "/api/odds/dropping?country=1&hours=24", "/api/odds/search?country=1&q=arsenal"]) {
      const res = await suite.stack.http.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code, path).toBe("AUTH_REQUIRED");
    }
    expect(suite.stack.proxy.seen.length).toBe(before);
  });

  it("refreshes a session whose access token is gone before forwarding, as for /odds", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    const refreshOnly = session.cookie.split("; ").filter((c) => c.startsWith("afriodds_rt=")).join("; ");
    const res = await suite.stack.http.get(`/api${eventPath(event.id)}`).set("cookie", refreshOnly);
    expect(res.status).toBe(200);
    expect(res.body.data.event.id).toBe(event.id);
    expect(([] as string[]).concat(res.headers["set-cookie"] ?? []).some((c) => c.startsWith("afriodds_at="))).toBe(true);
  });

  it("passes the API's 404 envelope on for an unknown event", async () => {
    const session = await signInThroughWeb(suite);
    for (const path of ["/api/odds/events/c1:no-such-event", "/api/odds/events/c1:no-such-event/history?market=1"]) {
      const res = await suite.stack.http.get(path).set("cookie", session.cookie);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe("NOT_FOUND");
    }
  });

  it("passes the API's 400 envelopes on for bad input", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    for (const path of [`/api${eventPath(event.id)}/history?market=99`, "/api/odds/dropping?country=9&hours=24", "/api/odds/search?country=1"]) {
      const res = await suite.stack.http.get(path).set("cookie", session.cookie);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("VALIDATION_ERROR");
    }
  });

  it("answers 400 itself to an id that is not valid percent-encoding or is a dot segment, asking the API nothing", async () => {
    const session = await signInThroughWeb(suite);
    const before = suite.stack.proxy.seen.length;
    for (const path of ["/api/odds/events/%E0%A4%A", "/api/odds/events/%2E%2E/history?market=1", "/api/odds/events/%2E"]) {
      const res = await suite.stack.http.get(path).set("cookie", session.cookie);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("VALIDATION_ERROR");
    }
    expect(suite.stack.proxy.seen.length).toBe(before);
  });
});

describe("the match and dropping pages from the web tier", () => {
  it("renders a signed-in user's match page with the Main group's tables and a link to each other group the match has, privately", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    const detail = (await suite.stack.http.get(`/api${eventPath(event.id)}`).set("cookie", session.cookie)).body.data as MatchDetail;
    const res = await suite.stack.http.get(`/match/${encodeURIComponent(event.id)}`).set("cookie", session.cookie);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.text.match(/<table class="[^"]*match-table/g)).toHaveLength(detail.event.markets.filter((m) => m.group === "main").length);
    const path = `/match/${encodeURIComponent(event.id)}`;
    const groups = [...new Set(detail.event.markets.map((m) => m.group))];
    expect(groups).toEqual(expect.arrayContaining(["main", "goals", "teams"]));
    for (const group of groups.filter((g) => g !== "main")) expect(res.text, group).toContain(`href="${path}?group=${group}"`);
    expect(res.text).toContain("Payout at best prices:");
    expect(res.text).toContain('rel="noopener noreferrer nofollow"');
    expect(res.text).toMatch(/<svg[^>]*role="img"/);
  });

  it("renders the group ?group= names on the server, without JavaScript and as a lite page: its tables only, its add buttons in the slip form", async () => {
    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    const detail = (await suite.stack.http.get(`/api${eventPath(event.id)}`).set("cookie", session.cookie)).body.data as MatchDetail;
    const teams = detail.event.markets.filter((m) => m.group === "teams");
    expect(teams.length, "team totals quoted by the simulated SportyBet").toBeGreaterThan(0);
    for (const headers of [{ cookie: session.cookie }, { cookie: session.cookie, "save-data": "on" }]) {
      const res = await suite.stack.http.get(`/match/${encodeURIComponent(event.id)}?group=teams`).set(headers);
      expect(res.status).toBe(200);
      const captions = [...res.text.matchAll(/<table class="[^"]*match-table[^"]*"><caption>(.*?)<\/caption>/g)].map((m) => m[1]!.replaceAll("<!-- -->", ""));
      expect(captions, JSON.stringify(headers)).toEqual(teams.map((m) => m.name));
      expect(res.text).toMatch(/<a [^>]*aria-current="page"[^>]*>Teams/);
      // Each selection's add button posts the slip form (docs/design.md, Pages without JavaScript): beyond the eight too.
      const market = teams[0]!;
      const leg = `${market.marketId}.${market.selections![0]!.id}.${event.id}`;
      const button = res.text.match(new RegExp(`<button type="submit" value="${leg.replaceAll("&", "&amp;").replace(/[.+*?^$()[\]{}|\\]/g, "\\$&")}"[^>]*>`))?.[0];
      expect(button, leg).toContain('name="leg"');
      expect(res.text).toMatch(/<form [^>]*action="\/betslip\/add"/);
      // The first HTML holds no other group's prices: not the 1X2 table, nor its data.
      expect(res.text).not.toContain("1X2 (Match Result)</caption>");
    }
  });

  it("answers an unknown event's page with the 404 page and a 404 status", async () => {
    const session = await signInThroughWeb(suite);
    const res = await suite.stack.http.get("/match/c1%3Ano-such-event").set("cookie", session.cookie);
    expect(res.status).toBe(404);
    expect(res.text).toContain("Page Not Found");
  });

  it("sends a visitor without a session home to sign in for the dropping odds, and says a shared match link's match, league and kick-off, with a preview card and no price", async () => {
    const dropping = await suite.stack.http.get("/dropping");
    expect(dropping.status).toBe(302);
    expect(dropping.headers.location).toBe(`/?next=${encodeURIComponent("/dropping")}`);

    const session = await signInThroughWeb(suite);
    const event = await anEvent(session.cookie);
    const heading = await suite.stack.http.get(`/api${eventPath(event.id)}/heading`);
    expect(heading.status).toBe(200);
    expect(heading.body.data).toEqual({ event: { id: event.id, name: event.name, home: event.home, away: event.away, date: event.date, competitionId: event.competitionId, started: false } });
    const name = event.name.replaceAll("&", "&amp;");
    const page = await suite.stack.http.get(`/match/${encodeURIComponent(event.id)}?chart=2`).set("user-agent", "WhatsApp/2.23.20");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.text).toContain(`<title>${name} odds | AfriOdds</title>`);
    expect(page.text).toContain(`<meta property="og:title" content="${name} odds">`);
    // The card is in <head>, where chat apps read it.
    expect(page.text.indexOf("og:title")).toBeLessThan(page.text.indexOf("</head>"));
    expect(page.text).toMatch(/<meta property="og:description" content="Premier League \(ENG\), \w{3} \d{1,2} \w{3}, \d\d:\d\d [^"]+\. Compare Bet9ja, BetKing, SportyBet, NairaBet and 1xBet odds/);
    expect(page.text).toContain(`<h1 class="title is-4 mb-1">${name}</h1>`);
    expect(page.text).toContain("Log in to see the odds");
    expect(page.text).not.toContain("<table");

    const unknown = await suite.stack.http.get("/match/c1%3Anothing-here");
    expect(unknown.status).toBe(404);
    expect((await suite.stack.http.get("/api/odds/events/c1%3Anothing-here/heading")).status).toBe(404);
  });

  it("renders the dropping odds page for a signed-in user", async () => {
    const session = await signInThroughWeb(suite);
    const res = await suite.stack.http.get("/dropping").set("cookie", session.cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Dropping odds");
    expect(res.text).not.toContain("Failed to load dropping odds");
  });
});
