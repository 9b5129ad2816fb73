import { bodyFieldCases, bodyShapeCases, getCase, queryFieldCases, type FuzzCase } from "./fuzz-cases.ts";
import type { FuzzEndpoint, Tier } from "./fuzz-endpoints.ts";
import type { Random } from "./fuzz-values.ts";

const ODD_METHODS = ["DELETE", "PATCH", "OPTIONS", "PROPFIND", "TRACE", "HEAD", "PUT", "POST", "GET"];

/** A method the route does not expect, a mangled path and a query string no client builds: four per endpoint, seeded. */
function requestShapeCases(endpoint: FuzzEndpoint, random: Random, signedIn: boolean): FuzzCase[] {
  const c = (name: string, method: string, target: string): FuzzCase => ({ tier: endpoint.tier, endpoint, name, method, target, headers: {}, signedIn });
  const { path } = endpoint;
  const paths: [string, string][] = [
    ["path with %00", `${path}%00`],
    ["path with invalid percent-encoding", `${path}%zz`],
    ["trailing slash", `${path}/`],
    ["double slash", `/${path}`],
    ["upper case", path.toUpperCase()],
    ["matrix parameter", `${path};x=1`],
    ["encoded traversal", `${path}/..%2f..%2fpackage.json`],
    ["encoded surrogate in path", `${path}%ED%A0%80`],
  ];
  const queries: [string, string][] = [
    ["query with invalid percent-encoding", "%zz=%zz&%=%"],
    ["query with %00", "a=%00&a=%00"],
    ["10 KB query", `q=${"q".repeat(10_240)}`],
    ["prototype pollution query", "__proto__[polluted]=1&constructor[prototype][polluted]=1"],
    ["query of separators", "&&&==&=&?"],
  ];
  const method = random.pick(ODD_METHODS.filter((m) => m !== endpoint.method));
  return [
    c(`method ${method}`, method, path),
    ...random.sample(paths, 2).map(([name, target]) => c(name, endpoint.method, target)),
    ...random.sample(queries, 1).map(([name, query]) => c(name, endpoint.method, `${path}?${query}`)),
  ];
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const CLAIMS = { sub: "someone", ak: "x", exp: 4_102_444_800, typ: "access" };
const ALG_NONE = `${b64({ alg: "none", typ: "JWT" })}.${b64(CLAIMS)}.`;
const FORGED_HS256 = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(CLAIMS)}.${"A".repeat(43)}`;

const AUTHORIZATION: [string, string][] = [
  ["Authorization: Bearer garbage", "Bearer garbage"],
  ["Authorization: alg none", `Bearer ${ALG_NONE}`],
  ["Authorization: forged HS256", `Bearer ${FORGED_HS256}`],
  ["Authorization: Basic", "Basic Zm9vOmJhcg=="],
  ["Authorization: 8 KB bearer", `Bearer ${"a".repeat(8_000)}`],
];

const COOKIES: [string, string][] = [
  ["cookie: garbage access token", "afriodds_at=garbage"],
  ["cookie: garbage refresh token", "afriodds_rt=garbage"],
  ["cookie: alg none access, garbage refresh", `afriodds_at=${ALG_NONE}; afriodds_rt=garbage`],
  // cookie-parser reads a value starting with "j:" as JSON: the token is then an object.
  ["cookie: JSON object access token (j:)", 'afriodds_at=j:{"sub":"x"}; afriodds_rt=j:[1,2]'],
  ["cookie: invalid percent-encoding", "afriodds_at=%zz; afriodds_rt=%E0%A4%A; tz=%zz"],
  ["cookie: hostile time zone", "tz=Not%2FA%00Zone"],
  ["cookie: 8 KB value", `afriodds_rt=${"r".repeat(8_000)}`],
  ["cookie: malformed header", ";;; =; afriodds_at; ==="],
];

/** Credentials an attacker makes up: forged or malformed tokens and cookies, seeded per endpoint. */
function credentialCases(endpoint: FuzzEndpoint, random: Random): FuzzCase[] {
  const c = ([name, value]: [string, string]): FuzzCase => ({
    tier: endpoint.tier,
    endpoint,
    name,
    method: endpoint.method,
    target: endpoint.path,
    headers: { [name.startsWith("cookie") ? "cookie" : "authorization"]: value },
    signedIn: false,
    ...(endpoint.body ? { body: Buffer.from("{}") } : {}),
  });
  return endpoint.tier === "api" ? random.sample(AUTHORIZATION, 2).map(c) : random.sample([...COOKIES, ...AUTHORIZATION], 3).map(c);
}

/**
 * Requests Node's HTTP parser answers before any route runs: those too answer in the envelope where the
 * server can shape them (docs/design.md, Envelopes and statuses).
 */
export function parserCases(tier: Tier, path: string): FuzzCase[] {
  const endpoint: FuzzEndpoint = { tier, method: "GET", path, auth: false, databaseFree: true };
  const c = (name: string, raw: string): FuzzCase => ({ tier, endpoint, name: `parser: ${name}`, method: /^\S+/.exec(raw)![0], target: path, headers: {}, signedIn: false, raw });
  const host = "Host: 127.0.0.1\r\n";
  return [
    c("header block over 16 KB", `GET ${path} HTTP/1.1\r\n${host}X-Big: ${"b".repeat(20_000)}\r\nConnection: close\r\n\r\n`),
    c("control character in a header value", `GET ${path} HTTP/1.1\r\n${host}X-Bad: a\u0001b\r\nConnection: close\r\n\r\n`),
    c("NUL in the request-target", `GET ${path}\u0000 HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    c("unknown method", `FUZZ ${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    c("Content-Length and Transfer-Encoding together", `POST ${path} HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`),
    c("invalid chunk size", `POST ${path} HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`),
    c("absolute-form target", `GET http://evil.test${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`),
    c("HTTP/1.0 without Host", `GET ${path} HTTP/1.0\r\n\r\n`),
  ];
}

/** Parsers run before routes: every body shape on one route per tier, a seeded five on the others. */
const ALL_BODY_SHAPES = new Set(["PUT /users/register", "PUT /api/users/register"]);

/**
 * Every case for one endpoint. Field and body cases run signed in where the route needs a session
 * (so they reach its validation), signed out elsewhere; the odd request shapes run both ways where
 * a session changes the path a request takes (authenticated routes and pages).
 */
export function endpointCases(endpoint: FuzzEndpoint, random: Random): FuzzCase[] {
  const cases: FuzzCase[] = [];
  if (endpoint.body) {
    const shapes = bodyShapeCases(endpoint, endpoint.auth);
    cases.push(...bodyFieldCases(endpoint, random, endpoint.auth), ...(ALL_BODY_SHAPES.has(`${endpoint.method} ${endpoint.path}`) ? shapes : random.sample(shapes, 5)));
  }
  if (endpoint.query) cases.push(...queryFieldCases(endpoint, random, endpoint.auth));
  if (!endpoint.body && !endpoint.query) cases.push(getCase(endpoint, "plain request", "", endpoint.auth));
  cases.push(...requestShapeCases(endpoint, random, false), ...credentialCases(endpoint, random));
  const valid = cases[0]!;
  cases.push({ ...valid, signedIn: !valid.signedIn });
  if (endpoint.auth || endpoint.page) cases.push(...requestShapeCases(endpoint, random, true));
  return cases;
}
