import { describe, expect, it } from "vitest";
import { CONTRACT_ROUTES, ENDPOINTS, endpointUrl, findContractRoute, matchContractRoute } from "./contract.ts";

/** Every call of docs/product.md, Calls the browser makes, as "METHOD path". */
const SPEC_CALLS = [
  "GET /users/me",
  "PUT /users/register",
  "POST /users/login",
  "POST /users/refresh",
  "POST /users/verify-email",
  "POST /users/resend-otp",
  "POST /users/forgot-password",
  "POST /users/reset-password",
  "POST /users/feedback",
  "GET /odds",
  "GET /odds/summary",
  "GET /odds/sample",
];
/** docs/design.md, Calls beyond the product's. */
const DESIGN_CALLS = ["POST /users/logout", "GET /session", "POST /events"];
/** docs/design.md, Match API: the match page, its history, its public heading, dropping odds and search. */
const MATCH_CALLS = ["GET /odds/events/:id", "GET /odds/events/:id/history", "GET /odds/events/:id/heading", "GET /odds/dropping", "GET /odds/search"];
/** docs/design.md, Bettor tools. */
const TOOL_CALLS = ["GET /odds/sure-bets", "GET /odds/value-bets", "GET /users/betslip", "PUT /users/betslip"];
/** Decision 024: the betslip's per-selection writes. */
const BETSLIP_CALLS = ["PATCH /users/betslip", "POST /users/betslip/selections", "DELETE /users/betslip/selections/:eventId/:marketId/:selectionTypeId"];
/** docs/design.md, Booking codes: read a bookmaker's code, mint the slip as one. */
const BOOKING_CALLS = ["GET /odds/booking", "POST /users/betslip/booking"];
/** docs/decisions/023: the proof of work sign-up asks for under a flood. */
const CHALLENGE_CALLS = ["GET /users/register/challenge"];
/** docs/design.md, Catalogue API: the competitions with upcoming matches and the market catalogue. */
const CATALOGUE_CALLS = ["GET /odds/competitions", "GET /odds/markets", "GET /odds/next"];

/** docs/design.md, Alerts API: rules, settings, the one-click unsubscribe, Telegram linking and push subscriptions. */
const ALERT_CALLS = [
  "GET /users/alerts",
  "POST /users/alerts",
  "PATCH /users/alerts/:id",
  "DELETE /users/alerts/:id",
  "PUT /users/alerts/settings",
  "POST /alerts/unsubscribe",
  "POST /users/telegram/link",
  "DELETE /users/telegram/link",
  "POST /users/push/subscriptions",
  "POST /users/push/subscriptions/remove",
];

const keys = CONTRACT_ROUTES.map((route) => `${route.method} ${route.path}`);

describe("CONTRACT_ROUTES", () => {
  it("lists each method and path only once", () => {
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("includes every call of the spec and of the design, and nothing else", () => {
    expect([...keys].sort()).toEqual([...SPEC_CALLS, ...DESIGN_CALLS, ...MATCH_CALLS, ...TOOL_CALLS, ...CHALLENGE_CALLS, ...BETSLIP_CALLS, ...BOOKING_CALLS, ...CATALOGUE_CALLS, ...ALERT_CALLS].sort());
  });

  it("requires a session for odds, the profile and feedback, but not for the public sample or login", () => {
    expect(findContractRoute("GET", "/odds")?.auth).toBe(true);
    expect(findContractRoute("GET", "/users/me")?.auth).toBe(true);
    expect(findContractRoute("POST", "/users/feedback")?.auth).toBe(true);
    expect(findContractRoute("GET", "/odds/sample")?.auth).toBe(false);
    expect(findContractRoute("POST", "/users/login")?.auth).toBe(false);
    expect(findContractRoute("GET", "/users/register/challenge")?.auth).toBe(false);
    expect(findContractRoute("GET", "/odds/events/e1/heading")?.auth).toBe(false);
    for (const key of [...TOOL_CALLS, ...BETSLIP_CALLS, ...BOOKING_CALLS]) {
      const [method, path] = key.split(" ");
      expect(findContractRoute(method!, path!)?.auth, key).toBe(true);
    }
  });

  it("leaves out the odds API's endpoints that only the web tier calls", () => {
    expect(keys).not.toContain("GET /users/session-check");
    expect(Object.values(ENDPOINTS).filter((endpoint) => endpoint.hop === "api").map((endpoint) => endpoint.path)).toEqual(["/users/session-check"]);
  });

  it("keeps the web tier's own routes away from the odds API", () => {
    expect(CONTRACT_ROUTES.filter((route) => !route.upstream).map((route) => route.path)).toEqual([
      "/session",
      "/events",
    ]);
  });

  it("finds nothing for a known path with the wrong method", () => {
    expect(findContractRoute("POST", "/users/register")).toBeUndefined();
    expect(findContractRoute("DELETE", "/users/me")).toBeUndefined();
  });

  it("requires a session for the match page, its history, dropping odds and search", () => {
    for (const path of ["/odds/events/e1", "/odds/events/e1/history", "/odds/dropping", "/odds/search"]) expect(findContractRoute("GET", path)?.auth, path).toBe(true);
  });
});

describe("matchContractRoute", () => {
  it("matches an event id as one segment and names the route by its pattern, not the id", () => {
    expect(matchContractRoute("GET", "/odds/events/sr%3Amatch%3A123")).toEqual({
      route: expect.objectContaining({ path: "/odds/events/:id" }),
      params: { id: "sr%3Amatch%3A123" },
    });
    expect(matchContractRoute("GET", "/odds/events/e1/history")?.route.path).toBe("/odds/events/:id/history");
  });

  it("matches a betslip selection by its event, market and selection, each one segment", () => {
    expect(matchContractRoute("DELETE", "/users/betslip/selections/c1%3Aslip%3Aarsenal%2Bchelsea/1/2")?.params).toEqual({ eventId: "c1%3Aslip%3Aarsenal%2Bchelsea", marketId: "1", selectionTypeId: "2" });
    expect(matchContractRoute("DELETE", "/users/betslip/selections/c1%3Aslip/1")).toBeUndefined();
  });

  it("matches exact paths with no parameters", () => {
    expect(matchContractRoute("GET", "/odds")).toEqual({ route: expect.objectContaining({ path: "/odds" }), params: {} });
  });

  it("matches no empty id, no extra segment and no other method", () => {
    for (const path of ["/odds/events/", "/odds/events", "/odds/events/e1/", "/odds/events/e1/history/x", "/odds/events/e1/other"]) {
      expect(matchContractRoute("GET", path), path).toBeUndefined();
    }
    expect(matchContractRoute("POST", "/odds/events/e1")).toBeUndefined();
  });
});

describe("endpointUrl", () => {
  it("fills each path parameter as one percent-encoded segment and puts the other fields in the query", () => {
    expect(endpointUrl(ENDPOINTS.history, { id: "sr:match:1", market: 2 })).toBe("/odds/events/sr%3Amatch%3A1/history?market=2");
    expect(endpointUrl(ENDPOINTS.removeFromBetslip, { eventId: "c1/a b", marketId: 1, selectionTypeId: 3 })).toBe("/users/betslip/selections/c1%2Fa%20b/1/3");
  });

  it("keeps the query in the fields' order, percent-encoded, without the undefined ones", () => {
    expect(endpointUrl(ENDPOINTS.odds, { country: 1, competition: 2, market: 3 })).toBe("/odds?country=1&competition=2&market=3");
    expect(endpointUrl(ENDPOINTS.dropping, { country: 1, hours: 24, competition: undefined, market: 5 })).toBe("/odds/dropping?country=1&hours=24&market=5");
    expect(endpointUrl(ENDPOINTS.search, { country: 1, q: "man u & co" })).toBe("/odds/search?country=1&q=man%20u%20%26%20co");
  });

  it("answers the bare path of a call without fields", () => {
    expect(endpointUrl(ENDPOINTS.me, {})).toBe("/users/me");
  });
});
