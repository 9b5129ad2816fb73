import request from "supertest";
import { describe, expect, it } from "vitest";
import { oddsChecksum } from "#shared/checksum.ts";
import { CONTRACT_ROUTES, type OddsResponse } from "#shared/contract.ts";
import { newAccount } from "../factories.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** The public odds keep their revalidated caching; every other answer of the contract is someone's. */
const PUBLIC = new Set(["GET /odds/summary", "GET /odds/sample"]);
/** The catalogue holds no price and nobody's data: shared caches may keep it briefly (docs/design.md, Catalogue API). */
const CATALOGUE: Record<string, string> = { "GET /odds/competitions": "public, max-age=30", "GET /odds/markets": "public, max-age=3600" };
/** The analytics beacon's acknowledgement: no one's data, a POST answer no cache keeps (server/bff/router.ts). */
const ANONYMOUS = new Set(["POST /events"]);
/**
 * What no cache may keep: `no-store` and nothing that invites a shared cache. Our answers say
 * `private, no-store`; a route that says only `no-store` is as safe (RFC 9111 5.2.2.5).
 */
const neverStored = (cacheControl: string | undefined) => {
  const directives = (cacheControl ?? "").split(",").map((d) => d.trim().toLowerCase());
  return directives.includes("no-store") && !directives.some((d) => d === "public" || d.startsWith("s-maxage") || d.startsWith("max-age"));
};
/** These end or rotate the session: called last. */
const SPENDS_SESSION = new Set(["POST /users/refresh", "POST /users/logout"]);

type Tier = "web" | "api";
interface Session {
  username: string;
  password: string;
  email: string;
  access: string;
  refresh: string;
  cookie: string;
  eventId: string;
}
interface Call {
  query?: string;
  body?: object;
}

/** A request each route answers as it would a user (a success where one is cheap); routes not listed get a bare one. */
const CALLS: Record<string, (s: Session, tier: Tier) => Call> = {
  "PUT /users/register": () => ({ body: newAccount() }),
  "POST /users/login": (s) => ({ body: { username: s.username, password: s.password } }),
  "POST /users/refresh": (s) => ({ body: { refreshToken: s.refresh } }),
  "POST /users/verify-email": (s) => ({ body: { email: s.email, otp: "000000" } }),
  "POST /users/resend-otp": (s) => ({ body: { email: s.email } }),
  "POST /users/forgot-password": (s) => ({ body: { email: s.email } }),
  "POST /users/reset-password": (s) => ({ body: { email: s.email, otp: "000000", password: "another horse battery" } }),
  "POST /users/feedback": () => ({ body: { message: "Per-user caching check." } }),
  "POST /users/logout": (s) => ({ body: { refreshToken: s.refresh } }),
  "GET /odds": (s, tier) => {
    const query = { country: "1", competition: "1", market: "1" };
    const ak = String(JSON.parse(Buffer.from(s.access.split(".")[1]!, "base64url").toString("utf8")).ak);
    // The web tier signs the query itself; the API wants the checksum.
    return { query: `country=1&competition=1&market=1${tier === "api" ? `&k=${oddsChecksum(ak, query)}` : ""}` };
  },
  "GET /odds/summary": () => ({ query: "country=1" }),
  "GET /odds/sample": () => ({ query: "country=1" }),
  "GET /odds/competitions": () => ({ query: "country=1" }),
  "GET /odds/next": () => ({ query: "country=1&market=1" }),
  "GET /odds/events/:id/history": () => ({ query: "market=1" }),
  "GET /odds/dropping": () => ({ query: "country=1" }),
  "GET /odds/search": () => ({ query: "country=1&q=a" }),
  "GET /odds/sure-bets": () => ({ query: "country=1" }),
  "GET /odds/value-bets": () => ({ query: "country=1" }),
  "PUT /users/betslip": () => ({ body: { stake: 1000, legs: [] } }),
  "POST /events": () => ({ body: { name: "page_view", path: "/" } }),
};

async function newSession(): Promise<Session> {
  const { account, cookie, access, refresh } = await signInThroughWeb(suite);
  const listing = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie);
  const eventId = (listing.body as { data: OddsResponse }).data.events[0]?.id ?? "no-event";
  return { username: account.userName, password: account.password, email: account.email, access, refresh, cookie, eventId };
}

/** Every contract route the tier serves, the session-spending ones last. */
function routesOf(tier: Tier) {
  const routes = CONTRACT_ROUTES.filter((route) => tier === "web" || route.upstream);
  const key = (route: (typeof routes)[number]) => `${route.method} ${route.path}`;
  return [...routes.filter((r) => !SPENDS_SESSION.has(key(r))), ...routes.filter((r) => SPENDS_SESSION.has(key(r)))].map((route) => ({ ...route, key: key(route) }));
}

async function sweep(tier: Tier): Promise<{ route: string; status: number; cacheControl: string | undefined; setsCookie: boolean }[]> {
  const session = await newSession();
  const agent = request(tier === "web" ? suite.stack.web.app : suite.stack.api.api.app);
  const answers = [];
  for (const route of routesOf(tier)) {
    const call = CALLS[route.key]?.(session, tier) ?? {};
    const path = `${tier === "web" ? "/api" : ""}${route.path.replace(":id", encodeURIComponent(session.eventId))}${call.query ? `?${call.query}` : ""}`;
    const method = route.method === "GET" ? agent.get(path) : route.method === "PUT" ? agent.put(path) : agent.post(path);
    const signed = tier === "web" ? method.set("cookie", session.cookie).set("origin", TEST_ORIGIN) : method.set("authorization", `Bearer ${session.access}`);
    const res = route.method === "GET" ? await signed : await signed.set("content-type", "application/json").send(call.body ?? {});
    answers.push({ route: route.key, status: res.status, cacheControl: res.headers["cache-control"] as string | undefined, setsCookie: res.headers["set-cookie"] !== undefined });
  }
  return answers;
}

describe("answers that belong to one user are never stored by a cache", () => {
  for (const tier of ["web", "api"] as const) {
    it(`${tier}: every contract route but the public odds and the beacon answers Cache-Control: no-store, successes, refusals and cookie-setting answers alike`, async () => {
      const answers = await sweep(tier);
      for (const answer of answers) {
        const what = `${answer.route} (${answer.status}): Cache-Control ${answer.cacheControl}`;
        expect(answer.status, answer.route).toBeLessThan(500);
        if (PUBLIC.has(answer.route)) expect(answer.cacheControl, what).toBe("private, no-cache");
        else if (CATALOGUE[answer.route]) expect(answer.cacheControl, what).toBe(CATALOGUE[answer.route]);
        else if (ANONYMOUS.has(answer.route)) expect(answer.cacheControl, what).toBeUndefined();
        else expect(neverStored(answer.cacheControl), what).toBe(true);
      }
      // Ours say it in one way on both tiers.
      expect(answers.filter((a) => a.cacheControl === "private, no-store").length).toBeGreaterThan(answers.length / 2);
      // The sweep reached what matters: the data of a signed-in user, and the answers that hand out a session.
      const status = (route: string) => answers.find((a) => a.route === route)?.status;
      for (const route of ["GET /users/me", "GET /users/betslip", "GET /odds", "GET /odds/next", "GET /odds/competitions", "GET /odds/events/:id", "GET /odds/sure-bets", "POST /users/login"]) expect(status(route), route).toBe(200);
      expect(answers.find((a) => a.route === "POST /users/login")?.setsCookie).toBe(tier === "web");
    });
  }

  it("web: the session and the pages rendered for a signed-in user say so too", async () => {
    const { cookie } = await signInThroughWeb(suite);
    for (const path of ["/api/session", "/dashboard", "/profile", "/betslip"]) {
      const res = await suite.stack.http.get(path).set("cookie", cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("web: the public odds keep their caching, revalidated by ETag", async () => {
    for (const path of ["/api/odds/summary?country=1", "/api/odds/sample?country=1"]) {
      const res = await suite.stack.http.get(path);
      expect(res.headers["cache-control"], path).toBe("private, no-cache");
      expect((await suite.stack.http.get(path).set("if-none-match", String(res.headers.etag))).status, path).toBe(304);
    }
  });
});
