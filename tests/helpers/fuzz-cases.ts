import { gzipSync } from "node:zlib";
import type { FuzzEndpoint, Tier } from "./fuzz-endpoints.ts";
import { deeplyNested, HOSTILE_STRINGS, randomString, wrongTypes, type Random } from "./fuzz-values.ts";

export interface FuzzCase {
  tier: Tier;
  endpoint: FuzzEndpoint;
  name: string;
  method: string;
  /** The request-target exactly as sent (path and query, percent-encoding untouched). */
  target: string;
  /** On top of the tier's defaults; null removes a default. */
  headers: Record<string, string | null>;
  body?: Buffer;
  signedIn: boolean;
  /** The whole request as written to the socket (cases for Node's HTTP parser). */
  raw?: string;
}

/** Percent-encodes every UTF-8 byte that is not unreserved (a lone surrogate becomes U+FFFD's bytes, as a browser sends it). */
export function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

let unique = 0;
const nextN = () => (unique += 1);

function validBody(endpoint: FuzzEndpoint, n: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(endpoint.body ?? {}).map(([name, valid]) => [name, valid(n)]));
}

function validQuery(endpoint: FuzzEndpoint, n: number): Record<string, string> {
  return Object.fromEntries(Object.entries(endpoint.query ?? {}).map(([name, valid]) => [name, String(valid(n))]));
}

const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v === "$K" ? v : percentEncode(v)}`)
    .join("&");

function jsonCase(endpoint: FuzzEndpoint, name: string, body: string | Buffer, signedIn: boolean, headers: Record<string, string | null> = {}): FuzzCase {
  return { tier: endpoint.tier, endpoint, name, method: endpoint.method, target: endpoint.path, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8"), signedIn };
}

export function getCase(endpoint: FuzzEndpoint, name: string, query: string, signedIn: boolean, headers: Record<string, string | null> = {}): FuzzCase {
  return { tier: endpoint.tier, endpoint, name, method: endpoint.method, target: `${endpoint.path}${query ? `?${query}` : ""}`, headers, signedIn };
}

/**
 * Every field of a body endpoint, the rest of the body valid. The API, which validates and stores,
 * gets every hostile string of the first four, one more, and every wrong type; the web tier, which
 * forwards the body, gets a NUL, a random string and one wrong type per field.
 */
export function bodyFieldCases(endpoint: FuzzEndpoint, random: Random, signedIn: boolean): FuzzCase[] {
  const cases = [jsonCase(endpoint, "valid body", JSON.stringify(validBody(endpoint, nextN())), signedIn)];
  for (const field of Object.keys(endpoint.body ?? {})) {
    const values: [string, unknown][] =
      endpoint.tier === "api"
        ? [...HOSTILE_STRINGS.slice(0, 4), random.pick(HOSTILE_STRINGS.slice(4)), ...wrongTypes(random)]
        : [HOSTILE_STRINGS[0]!, ["random string", randomString(random)], random.pick(wrongTypes(random))];
    for (const [label, value] of values) {
      cases.push(jsonCase(endpoint, `${field}: ${label}`, JSON.stringify({ ...validBody(endpoint, nextN()), [field]: value }), signedIn));
    }
    const { [field]: _omitted, ...rest } = validBody(endpoint, nextN());
    cases.push(jsonCase(endpoint, `${field}: missing`, JSON.stringify(rest), signedIn));
  }
  return cases;
}

const BAD_QUERY_VALUES: [string, string][] = [
  ["%00", "%00"],
  ["invalid percent-encoding", "%zz"],
  ["truncated UTF-8", "%E0%A4%A"],
  ["encoded surrogate", "%ED%A0%80"],
  ["empty", ""],
];

/**
 * Every query parameter of a GET endpoint: hostile strings, invalid encodings, repeated and
 * bracketed forms, missing. The API gets them all; the web tier a seeded handful per parameter.
 */
export function queryFieldCases(endpoint: FuzzEndpoint, random: Random, signedIn: boolean): FuzzCase[] {
  const cases = [getCase(endpoint, "valid query", queryString(validQuery(endpoint, 0)), signedIn)];
  const thorough = endpoint.tier === "api";
  for (const param of Object.keys(endpoint.query ?? {})) {
    const valid = validQuery(endpoint, 0);
    const others = queryString(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== param)));
    const variants: [string, string][] = [
      ...(thorough ? HOSTILE_STRINGS.slice(0, 4) : [HOSTILE_STRINGS[0]!]).map(([label, value]): [string, string] => [label, `${param}=${percentEncode(value)}`]),
      ["random string", `${param}=${percentEncode(randomString(random))}`],
      ...(thorough ? BAD_QUERY_VALUES : random.sample(BAD_QUERY_VALUES, 2)).map(([label, raw]): [string, string] => [label, `${param}=${raw}`]),
      ["repeated", `${param}=1&${param}=2`],
      ...random.sample<[string, string]>([["bracketed array", `${param}[]=1&${param}[]=2`], ["bracketed object", `${param}[a]=1&${param}[__proto__][x]=1`]], thorough ? 2 : 1),
    ];
    for (const [label, raw] of variants) cases.push(getCase(endpoint, `${param}: ${label}`, [others, raw].filter(Boolean).join("&"), signedIn));
    cases.push(getCase(endpoint, `${param}: missing`, others, signedIn));
  }
  return cases;
}

/** Bodies no field-by-field case sends: not an object, nested 5,000 levels, not JSON, in a charset or coding nobody should accept. */
export function bodyShapeCases(endpoint: FuzzEndpoint, signedIn: boolean): FuzzCase[] {
  const valid = JSON.stringify(validBody(endpoint, nextN()));
  const c = (name: string, body: string | Buffer, headers: Record<string, string | null> = {}) => jsonCase(endpoint, name, body, signedIn, headers);
  const field = Object.keys(endpoint.body ?? {})[0] ?? "x";
  return [
    ...["[]", '"a string"', "123", "null", "true"].map((body) => c(`body is ${body}`, body)),
    c("array nested 5,000 levels (10 KB)", deeplyNested(5000, "array")),
    c("object nested 2,500 levels", deeplyNested(2500, "object")),
    c("field nested 5,000 levels", `{"${field}":${deeplyNested(5000, "array")}}`),
    c("extra and prototype fields", JSON.stringify({ ...JSON.parse(valid), extra: "x", isAdmin: true }).replace(/}$/, ',"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}')),
    c("malformed JSON: cut short", valid.slice(0, Math.max(1, valid.length - 3))),
    c("malformed JSON: single quotes", "{'email':'a@b.c'}"),
    c("malformed JSON: NUL byte", "\u0000"),
    c("empty body", ""),
    c("content-type text/plain", valid, { "content-type": "text/plain" }),
    c("content-type form", "email=a%40b.c&password=x", { "content-type": "application/x-www-form-urlencoded" }),
    c("no content-type", valid, { "content-type": null }),
    c("unsupported charset utf-7", valid, { "content-type": "application/json; charset=utf-7" }),
    c("unknown content-encoding", valid, { "content-encoding": "snappy" }),
    c("corrupt gzip body", Buffer.from("this is not gzip at all"), { "content-encoding": "gzip" }),
    c("corrupt deflate body", Buffer.from([0x78, 0x9c, 0xff, 0xff, 0x00]), { "content-encoding": "deflate" }),
    c("gzip inflating to 1 MB", gzipSync(`{"${field}":"${"a".repeat(1_048_576)}"}`), { "content-encoding": "gzip" }),
    c("huge body (20 KB)", JSON.stringify({ ...JSON.parse(valid), padding: "p".repeat(20_480) })),
  ];
}

