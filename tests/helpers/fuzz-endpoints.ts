import { CONTRACT_ROUTES } from "#shared/contract.ts";

export type Tier = "api" | "web";

/** A field's valid value; `n` is unique per case, so registrations do not collide. */
export type ValidValue = (n: number) => unknown;

export interface FuzzEndpoint {
  tier: Tier;
  method: string;
  /** The request path on its tier, without the query. */
  path: string;
  /** JSON body fields and their valid values (body endpoints). */
  body?: Record<string, ValidValue>;
  /** Query parameters and their valid values (GET endpoints). */
  query?: Record<string, ValidValue>;
  auth: boolean;
  /** A signed-in call here can end or rotate the session: the next signed-in case needs a new one. */
  spendsSession?: boolean;
  /** A GET here is a page (HTML is a fine answer). */
  page?: boolean;
  /** A GET here serves a static file. */
  asset?: boolean;
  /** Never reaches the database: fuzzed on one database only, to keep the run short. */
  databaseFree?: boolean;
}

const email = (n: number) => `fuzz.${n}@example.ng`;
const password = () => "correct horse battery";

/** Body and query fields of every contract route, keyed by method and path (the same on both tiers). */
const FIELDS: Record<string, Pick<FuzzEndpoint, "body" | "query" | "spendsSession">> = {
  "GET /users/me": {},
  "PUT /users/register": { body: { userName: (n) => `fuzz_${n}`, username: (n) => `fuzz_alt_${n}`, email, password, country: () => 1, acceptTerms: () => true, altcha: () => "" } },
  "GET /users/register/challenge": {},
  "POST /users/login": { body: { username: (n) => `fuzz_${n}`, password } },
  "POST /users/refresh": { body: { refreshToken: () => "dGhpcyBpcyBub3QgYSByZWFsIHJlZnJlc2ggdG9rZW4" }, spendsSession: true },
  "POST /users/verify-email": { body: { email, otp: () => "123456" } },
  "POST /users/resend-otp": { body: { email } },
  "POST /users/forgot-password": { body: { email } },
  "POST /users/reset-password": { body: { email, otp: () => "123456", password } },
  "POST /users/feedback": { body: { message: (n) => `Fuzz feedback ${n}` } },
  "POST /users/logout": { body: { refreshToken: () => "dGhpcyBpcyBub3QgYSByZWFsIHJlZnJlc2ggdG9rZW4" }, spendsSession: true },
  // `$K` is the checksum for country 1, competition 1, market 1 and the session's ak (API tier only).
  "GET /odds": { query: { country: () => 1, competition: () => 1, market: () => 1, k: () => "$K" } },
  "GET /odds/summary": { query: { country: () => 1 } },
  "GET /odds/sample": { query: { country: () => 1 } },
  "GET /odds/competitions": { query: { country: () => 1, region: () => 2 } },
  "GET /odds/markets": {},
  "GET /odds/next": { query: { country: () => 1, market: () => 1, competition: () => "1,2", after: () => "1000~x", until: () => 9_999_999_999_999 } },
  "GET /odds/events/:id": {},
  "GET /odds/events/:id/history": { query: { market: () => 1 } },
  "GET /odds/events/:id/heading": {},
  "GET /odds/dropping": { query: { country: () => 1, hours: () => 24 } },
  "GET /odds/search": { query: { country: () => 1, q: () => "Arsenal" } },
  "GET /odds/sure-bets": { query: { country: () => 1 } },
  "GET /odds/value-bets": { query: { country: () => 1 } },
  "GET /users/betslip": {},
  // An empty slip is the one body valid without events in the store.
  "PUT /users/betslip": { body: { stake: () => 1000, legs: () => [] } },
  "PATCH /users/betslip": { body: { stake: () => 1000 } },
  "POST /users/betslip/selections": { body: { eventId: () => "fuzz-event", marketId: () => 1, selectionTypeId: () => 1 } },
  "DELETE /users/betslip/selections/:eventId/:marketId/:selectionTypeId": {},
  // BetKing (3) and a code in its shape: checked in full before any request to a book.
  "GET /odds/booking": { query: { provider: () => 3, code: () => "ABCDEF" } },
  "POST /users/betslip/booking": { body: { provider: () => 3 } },
  // Alerts (docs/design.md, Alerts API): a target rule on an event no database holds, valid in shape.
  "GET /users/alerts": {},
  "POST /users/alerts": { body: { kind: () => "target", eventId: () => "fuzz-event", marketId: () => 1, selectionTypeId: () => 1, threshold: () => 2.5, channels: () => [] } },
  "PATCH /users/alerts/:id": { body: { muteHours: () => 24, channels: () => ["email"], threshold: () => 3 } },
  "DELETE /users/alerts/:id": {},
  "PUT /users/alerts/settings": { body: { timeZone: () => "Africa/Lagos", quietFrom: () => "22:00", quietTo: () => "07:00", emailOff: () => false } },
  "POST /alerts/unsubscribe": { body: { token: () => "dGhpcyBpcyBub3QgYSB0b2tlbg.abcdefghijklmnopqrstuvwxyz012345" } },
  "POST /users/telegram/link": {},
  "DELETE /users/telegram/link": {},
  // A real P-256 point and 16 bytes of auth, as a browser's PushSubscription.toJSON() gives them.
  "POST /users/push/subscriptions": {
    body: { endpoint: (n) => `https://push.example.com/fuzz/${n}`, keys: () => ({ p256dh: "BOmZ6lOhlG2ijXnMz0Ic3EZCEv0gEQ-qpkm0PrsuePBD-ZVO-o53l432JrPHp6iJjSzaS_QaewUSpgCIizuvEQI", auth: "jSRnkBbQPYVXm3Ebc51SGA" }) },
  },
  "POST /users/push/subscriptions/remove": { body: { endpoint: (n) => `https://push.example.com/fuzz/${n}` } },
  "GET /session": {},
  "POST /events": { body: { name: () => "page_view", path: () => "/nigeria", country: () => "1", message: () => "fuzz" } },
};

/** A route's path with its parameters filled in: an event id no database holds, market and selection 1. */
const concrete = (path: string) => path.replace(/:(id|eventId)\b/, "fuzz-event").replace(":marketId", "1").replace(":selectionTypeId", "1");

function fieldsOf(method: string, path: string) {
  const fields = FIELDS[`${method} ${path}`];
  // A route added to the contract must be added here too, or the fuzz test stops covering every endpoint.
  if (!fields) throw new Error(`the fuzz table has no fields for ${method} ${path}: add them to tests/helpers/fuzz-endpoints.ts`);
  return fields;
}

/** The odds API's routes: every contract route it serves, its health check, and paths it does not have. */
export function apiEndpoints(): FuzzEndpoint[] {
  const routes: FuzzEndpoint[] = CONTRACT_ROUTES.filter((r) => r.upstream).map((r) => {
    const { query, ...rest } = fieldsOf(r.method, r.path);
    // The API's GET /odds wants k; the web tier adds it itself.
    return { tier: "api", method: r.method, path: concrete(r.path), auth: r.auth, ...rest, ...(query ? { query } : {}) };
  });
  return [
    ...routes,
    { tier: "api", method: "GET", path: "/healthz", auth: false, databaseFree: true },
    { tier: "api", method: "GET", path: "/no-such-route", auth: false, databaseFree: true },
    { tier: "api", method: "POST", path: "/users/no-such-route", auth: false, body: { email } },
  ];
}

/** Prerendered (/, /nigeria), rendered with the session's data (/dashboard, /profile), behind a session check (/help), and none. */
const PAGES = ["/", "/nigeria", "/dashboard", "/profile", "/help", "/no-such-page"];

/** The web tier's routes: the /api BFF (every contract route), pages, assets and its probes. */
export function webEndpoints(assetPath: string): FuzzEndpoint[] {
  const bff: FuzzEndpoint[] = CONTRACT_ROUTES.map((r) => {
    const { query, body, spendsSession } = fieldsOf(r.method, r.path);
    const webQuery = query && Object.fromEntries(Object.entries(query).filter(([name]) => name !== "k"));
    return { tier: "web", method: r.method, path: `/api${concrete(r.path)}`, auth: r.auth, ...(body ? { body } : {}), ...(webQuery ? { query: webQuery } : {}), ...(spendsSession ? { spendsSession } : {}) };
  });
  // The prerendered pages never ask the API.
  const pages: FuzzEndpoint[] = PAGES.map((path) => ({ tier: "web", method: "GET", path, auth: false, page: true, ...(["/", "/nigeria"].includes(path) ? { databaseFree: true } : {}) }));
  // The dashboard reads its league and market from the query.
  pages[2]!.query = { country: () => 1, competition: () => 1, market: () => 1 };
  return [
    ...bff,
    ...pages,
    { tier: "web", method: "GET", path: assetPath, auth: false, asset: true, databaseFree: true },
    { tier: "web", method: "GET", path: "/assets/no-such-asset.js", auth: false, asset: true, databaseFree: true },
    { tier: "web", method: "GET", path: "/healthz", auth: false, databaseFree: true },
    { tier: "web", method: "GET", path: "/readyz", auth: false, databaseFree: true },
    { tier: "web", method: "GET", path: "/metrics", auth: false, page: true, databaseFree: true },
    { tier: "web", method: "GET", path: "/api/no-such-route", auth: false, databaseFree: true },
    { tier: "web", method: "POST", path: "/api/no-such-route", auth: false, body: { email }, databaseFree: true },
  ];
}
