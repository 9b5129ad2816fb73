import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { decodeJwt } from "jose";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oddsChecksum } from "#shared/checksum.ts";
import { RESEND_MESSAGES } from "#shared/messages.ts";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { captureLogs, startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink, type SunkMail } from "../helpers/smtp-sink.ts";
import { newAccount } from "../factories.ts";

/** docs/design.md, Hostile input, on the odds API: hostile text, bodies and addresses answer 4xx in the envelope and change nothing. */
const dialects = await testDialects();

const TABLES = ["users", "one_time_codes", "refresh_tokens", "rate_limits", "feedback"] as const;
const CONTROL = VALIDATION_MESSAGES.controlCharacters;

/** Every answer is the contract's JSON envelope with the given status, never HTML. */
function expectEnvelope(res: Response, status: number, code = "VALIDATION_ERROR") {
  expect(res.status, res.text).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  // Registration lists every field's issue too (decision 038).
  const fields = res.body.error?.fields === undefined ? {} : { fields: expect.arrayContaining([{ field: expect.any(String), code: expect.any(String), description: expect.any(String) }]) };
  expect(res.body.error).toEqual({ code, description: expect.any(String), type: expect.any(String), ...fields });
  expect(Object.keys(res.body)).toEqual(["error"]);
}

describe.each(dialects)("hostile input to the odds API on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let logs: ReturnType<typeof captureLogs>;
  let t: TestApi;
  let token: string;
  let refreshToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    logs = captureLogs();
    t = await startTestApi(database, sink, undefined, { logger: logs.logger });
    ({ token, refreshToken } = await signIn());
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  async function signIn() {
    const account = newAccount();
    expect((await t.http.put("/users/register").send(account)).status).toBe(201);
    await t.api.mailSettled();
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(verified.status, verified.text).toBe(200);
    return { account, token: verified.body.data.token as string, refreshToken: verified.body.data.refreshToken as string };
  }

  /** Row counts of every table a request could write, and the mails sent so far. */
  async function snapshot() {
    await t.api.mailSettled();
    const counts: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await t.api.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return { counts, mails: sink.messages.length };
  }

  /** Each route with a valid body, and the text fields it reads. */
  function routes() {
    const account = newAccount();
    return [
      { path: "/users/register", method: "put", body: { ...account }, fields: ["userName", "email", "password"] },
      { path: "/users/verify-email", method: "post", body: { email: account.email, otp: "123456" }, fields: ["email", "otp"] },
      { path: "/users/resend-otp", method: "post", body: { email: account.email }, fields: ["email"] },
      { path: "/users/login", method: "post", body: { username: account.userName, password: account.password }, fields: ["username", "password"] },
      { path: "/users/refresh", method: "post", body: { refreshToken }, fields: ["refreshToken"] },
      { path: "/users/logout", method: "post", body: { refreshToken }, fields: ["refreshToken"] },
      { path: "/users/forgot-password", method: "post", body: { email: account.email }, fields: ["email"] },
      { path: "/users/reset-password", method: "post", body: { email: account.email, otp: "123456", password: "a new password" }, fields: ["email", "otp", "password"] },
      { path: "/users/feedback", method: "post", body: { message: "Great odds" }, fields: ["message"] },
    ] as const;
  }

  /** Only feedback gets the bearer token: with it, logout would log the suite's user out. */
  async function send(path: string, method: "put" | "post", body: Record<string, unknown>) {
    const req = t.http[method](path);
    return (path === "/users/feedback" ? req.set("authorization", `Bearer ${token}`) : req).send(body);
  }

  async function expectEveryFieldRefused(character: string, where: (value: string) => string) {
    const before = await snapshot();
    for (const route of routes()) {
      for (const field of route.fields) {
        const body: Record<string, unknown> = { ...route.body };
        body[field] = where(String(body[field]));
        const res = await send(route.path, route.method, body);
        expectEnvelope(res, 400);
        expect(res.body.error.type, `${route.path} ${field}`).toBe("validation");
      }
    }
    expect(await snapshot(), `nothing written or mailed for ${JSON.stringify(character)}`).toEqual(before);
  }

  it("refuses a NUL byte in every text field of every route with 400, writing and mailing nothing", async () => {
    await expectEveryFieldRefused("\u0000", (value) => `${value.slice(0, 3)}\u0000${value.slice(3)}`);
    await expectEveryFieldRefused("\u0000", (value) => `${value}\u0000`);
  });

  it("refuses C0 controls, DEL and C1 controls the same way", async () => {
    for (const c of ["\u0001", "\u0008", "\u001b", "\u007f", "\u0085", "\u009f"]) {
      await expectEveryFieldRefused(c, (value) => `${value.slice(0, 3)}${c}${value.slice(3)}`);
    }
  });

  it("refuses lone surrogates, which PostgreSQL would store as something else", async () => {
    await expectEveryFieldRefused("\ud800", (value) => `${value}\ud800`);
    await expectEveryFieldRefused("\udc00", (value) => `\udc00${value}`);
    const feedback = await send("/users/feedback", "post", { message: "broken \ud83d text" });
    expect(feedback.body.error.description).toBe(VALIDATION_MESSAGES.brokenCharacters);
  });

  it("answers 4xx in the envelope, never 5xx, to any field given as another JSON type", async () => {
    const values: unknown[] = [0, true, null, [], ["x"], {}, { toString: 1, valueOf: 1 }];
    for (const route of routes()) {
      for (const field of route.path === "/users/register" ? [...route.fields, "country"] : route.fields) {
        for (const value of values) {
          const res = await send(route.path, route.method, { ...route.body, [field]: value });
          expect(res.status, `${route.path} ${field}=${JSON.stringify(value)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${route.path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
          expect(Object.keys(res.body)).toEqual(["error"]);
        }
      }
    }
  });

  it("refuses control characters in keys and nested values too", async () => {
    const key = await send("/users/login", "post", { username: "ada", password: "a password", "x\u0000": 1 });
    expectEnvelope(key, 400);
    expect(key.body.error.description).toBe(CONTROL);
    const nested = await send("/users/login", "post", { username: "ada", password: "a password", extra: { deep: ["\u0000"] } });
    expect(nested.body.error.description).toBe(CONTROL);
  });

  it("refuses tab and line breaks in single-line fields, naming the problem", async () => {
    const login = await send("/users/login", "post", { username: "ada\n", password: "a password" });
    expectEnvelope(login, 400);
    expect(login.body.error.description).toBe(CONTROL);
    const account = newAccount();
    const register = await send("/users/register", "put", { ...account, userName: `${account.userName}\t` });
    expect(register.body.error.description).toBe(CONTROL);
    const password = await send("/users/register", "put", { ...account, password: "correct\thorse battery" });
    expect(password.body.error.description).toBe(CONTROL);
  });

  it("keeps kilobytes of random text out of the throttle keys: a long login name, a forwarded address that is no address", async () => {
    const noise = randomBytes(6000).toString("base64");
    const name = await send("/users/login", "post", { username: noise, password: "a password" });
    expectEnvelope(name, 400);
    expect(name.body.error.description).toBe(VALIDATION_MESSAGES.loginUsernameTooLong);
    const forwarded = await t.http.post("/users/login").set("x-forwarded-for", noise).send({ username: "nobody_here", password: "a password" });
    expectEnvelope(forwarded, 401, "INVALID_USERNAME_OR_PASSWORD");
    const account = newAccount();
    expect((await t.http.put("/users/register").set("x-forwarded-for", noise).send(account)).status).toBe(201);
  });

  it("keeps a multi-line feedback message with tabs as it was sent", async () => {
    const message = `Line one ${Date.now()}\r\nline two\n\tindented`;
    const res = await send("/users/feedback", "post", { message });
    expect(res.status, res.text).toBe(201);
    const row = await t.api.db.kysely.selectFrom("feedback").select("message").where("message", "=", message).executeTakeFirst();
    expect(row?.message).toBe(message);
  });

  it("spends no feedback slot on a refused message", async () => {
    const user = await signIn();
    const post = (message: string) => t.http.post("/users/feedback").set("authorization", `Bearer ${user.token}`).send({ message });
    for (let i = 0; i < 12; i++) expectEnvelope(await post(`refused ${i}\u0000`), 400);
    for (let i = 0; i < 10; i++) expect((await post(`kept ${i}`)).status).toBe(201);
    expectEnvelope(await post("one too many"), 429, "RATE_LIMIT_EXCEEDED");
  });

  it("refuses control characters and repeated parameters in odds queries, and still answers good ones", async () => {
    const ak = decodeJwt(token).ak as string;
    const odds = (query: Record<string, string>, k = oddsChecksum(ak, { country: query.country!, competition: query.competition!, market: query.market! })) =>
      t.http.get("/odds").query({ ...query, k }).set("authorization", `Bearer ${token}`);
    expect((await odds({ country: "1", competition: "1", market: "1" })).status).toBe(200);
    // Number() would read "\t1" as 1 and the checksum would match: the tab must not get that far.
    for (const country of ["\t1", "1\u0000", "\u000b1", "1\u0085"]) {
      const res = await odds({ country, competition: "1", market: "1" });
      expectEnvelope(res, 400);
      expect(res.body.error.description, JSON.stringify(country)).toBe(CONTROL);
    }
    expect((await t.http.get("/odds/summary?country=1")).status).toBe(200);
    for (const url of ["/odds/summary?country=%091", "/odds/sample?country=1&x=%00", "/odds/sample?country=1&%1b=1"]) {
      const res = await t.http.get(url);
      expectEnvelope(res, 400);
      expect(res.body.error.description, url).toBe(CONTROL);
    }
    const repeated = await t.http.get("/odds/summary?country=1&country=1");
    expectEnvelope(repeated, 400);
    expect(repeated.body.error.description).toBe("Each query parameter may be given only once.");
  });

  it("answers a 5,000-level nested body with 400 in the envelope, and keeps serving", async () => {
    const arrays = "[".repeat(5000) + "]".repeat(5000);
    const objects = `{"username":"ada","password":"a password","x":${"[".repeat(4900)}${"]".repeat(4900)}}`;
    for (const body of [arrays, objects]) {
      expect(body.length).toBeLessThan(16 * 1024);
      const res = await t.http.post("/users/login").set("content-type", "application/json").send(body);
      expectEnvelope(res, 400);
      expect(res.body.error.description).toBe("Request body is nested too deeply (16 levels at most).");
    }
    expect((await t.http.get("/healthz")).status).toBe(200);
  });

  it("answers every body-parser failure and unknown route in the envelope, never HTML", async () => {
    const logged = logs.lines.length;
    // Sent as given: superagent would otherwise JSON-encode a Buffer body.
    const json = (path = "/users/login") => t.http.post(path).set("content-type", "application/json").serialize((body: unknown) => body as string);
    expectEnvelope(await json().send('{"username": "ada",'), 400);
    expectEnvelope(await json().send(`{"username":"${"a".repeat(17 * 1024)}"}`), 413, "PAYLOAD_TOO_LARGE");
    // A small gzip that inflates past the limit is measured after inflating.
    expectEnvelope(await json().set("content-encoding", "gzip").send(gzipSync(`{"username":"${" ".repeat(1024 * 1024)}"}`)), 413, "PAYLOAD_TOO_LARGE");
    expectEnvelope(await t.http.post("/users/login").set("content-type", "text/plain").send("username=ada"), 400);
    expectEnvelope(await t.http.post("/users/login").set("content-type", "application/json; charset=utf-99").send("{}"), 415);
    expectEnvelope(await json().set("content-encoding", "xz").send("{}"), 415);
    expectEnvelope(await json().set("content-encoding", "deflate").send("not deflated"), 400);
    const truncated = gzipSync('{"username":"ada","password":"a password"}').subarray(0, 20);
    expectEnvelope(await json().set("content-encoding", "gzip").send(truncated), 400);
    expectEnvelope(await t.http.get("/nowhere"), 404, "NOT_FOUND");
    expectEnvelope(await t.http.delete("/users/login"), 404, "NOT_FOUND");
    // Express's routers would answer OPTIONS themselves, in text/plain.
    expectEnvelope(await t.http.options("/users/login"), 404, "NOT_FOUND");
    expectEnvelope(await t.http.options("/odds/summary"), 404, "NOT_FOUND");
    expect(logs.lines.slice(logged).filter((line) => line.level >= 50)).toEqual([]);
  });

  describe("one mailbox per address", () => {
    const lists = ["x1,victim@example.test", "Eve <victim@example.test>", "x1@example.test victim@example.test", "x1@example.test;victim@example.test"];

    function mailedTo(address: string): SunkMail[] {
      return sink.messages.filter((m) => m.to.includes(address) || m.raw.includes(address));
    }

    it("refuses an address list on register, verify, resend, forgot and reset, and mails nobody", async () => {
      const before = await snapshot();
      for (const email of lists) {
        const register = await t.http.put("/users/register").send(newAccount({ email }));
        expectEnvelope(register, 400);
        expect(register.body.error.description, email).toBe(VALIDATION_MESSAGES.invalidEmail);
        expectEnvelope(await t.http.post("/users/verify-email").send({ email, otp: "123456" }), 400);
        const resend = await t.http.post("/users/resend-otp").send({ email });
        expectEnvelope(resend, 400, "INVALID_EMAIL");
        expect(resend.body.error.description).toBe(RESEND_MESSAGES.invalidEmail);
        expectEnvelope(await t.http.post("/users/forgot-password").send({ email }), 400);
        expectEnvelope(await t.http.post("/users/reset-password").send({ email, otp: "123456", password: "a new password" }), 400);
      }
      expect(await snapshot()).toEqual(before);
      expect(mailedTo("victim@example.test")).toEqual([]);
    });

    it("mails a registration's code to the stored address as exactly one recipient", async () => {
      const account = newAccount({ email: `Ada.Obi+${Date.now()}@Example.NG` });
      expect((await t.http.put("/users/register").send(account)).status).toBe(201);
      await t.api.mailSettled();
      const mails = sink.messages.filter((m) => m.to.includes(account.email.toLowerCase()));
      expect(mails.map((m) => m.to)).toEqual([[account.email.toLowerCase()]]);
    });
  });
});
