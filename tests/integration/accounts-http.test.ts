import { existsSync, readdirSync, readFileSync } from "node:fs";
import { once } from "node:events";
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLogs, startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { newAccount } from "../factories.ts";

/** The odds API's HTTP layer through createApp: headers, request ids, error envelopes, and mail without SMTP. */
const dialects = await testDialects();

const INTERNAL_ERROR = { error: { code: "INTERNAL_ERROR", description: "Something went wrong. Please try again.", type: "server" } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The .eml files the API wrote to DATA_DIR/outbox for an address. */
function outboxMails(dataDir: string, address: string): string[] {
  const dir = join(dataDir, "outbox");
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).sort();
  return names.filter((name) => name.endsWith(".eml") && name.includes(address)).map((name) => readFileSync(join(dir, name), "utf8"));
}

function codeIn(mail: string | undefined): string {
  const code = mail && /^Subject: [^\n]*?(\d{6})$/m.exec(mail)?.[1];
  if (!code) throw new Error("no code in the mail");
  return code;
}

/** A TCP port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An SMTP server that accepts connections and never says a word: a sender waits for its greeting. */
async function silentSmtp() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(dialects)("the odds API over HTTP on %s", (dialect) => {
  let database: TestDatabase;
  let logs: ReturnType<typeof captureLogs>;
  let t: TestApi;
  const others: TestApi[] = [];
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    logs = captureLogs();
    // No SMTP_URL: mail goes to DATA_DIR/outbox.
    t = await startTestApi(database, undefined, clock, { logger: logs.logger });
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await t?.close();
    await database?.drop();
  });

  async function another(options: Parameters<typeof startTestApi>[3]) {
    const api = await startTestApi(database, undefined, clock, options);
    others.push(api);
    return api;
  }

  async function register() {
    const account = newAccount();
    const res = await t.http.put("/users/register").send(account);
    expect(res.status).toBe(201);
    return account;
  }

  it("sends helmet's headers on answers and errors alike, and no X-Powered-By", async () => {
    for (const res of [await t.http.get("/healthz"), await t.http.post("/users/login").send({}), await t.http.get("/users/nowhere")]) {
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("echoes a sane X-Request-Id, replaces anything else, and logs each request under its id", async () => {
    const echoed = await t.http.get("/healthz").set("x-request-id", "web-7f3a.b_C-1");
    expect(echoed.headers["x-request-id"]).toBe("web-7f3a.b_C-1");
    expect(logs.lines).toContainEqual(expect.objectContaining({ msg: "request", reqId: "web-7f3a.b_C-1", method: "GET", path: "/healthz", status: 200 }));

    const replaced = await t.http.get("/healthz").set("x-request-id", "spaces and <markup>");
    expect(replaced.headers["x-request-id"]).toMatch(UUID);
    const generated = await t.http.post("/users/login").send({});
    expect(generated.headers["x-request-id"]).toMatch(UUID);
    expect(logs.lines).toContainEqual(expect.objectContaining({ msg: "request", reqId: generated.headers["x-request-id"], status: 400 }));
    expect(logs.lines.some((line) => line.reqId === "spaces and <markup>")).toBe(false);
  });

  it("maps body-parser failures to the envelope: unsupported charset or encoding 415, an undecodable body 400", async () => {
    const body = '{"username":"a","password":"b"}';
    const charset = await t.http.post("/users/login").set("content-type", "application/json; charset=latin1").send(body);
    expect(charset.status).toBe(415);
    expect(charset.body).toEqual({ error: { code: "VALIDATION_ERROR", description: "Unsupported request encoding.", type: "validation" } });
    const encoding = await t.http.post("/users/login").set("content-type", "application/json").set("content-encoding", "compress").send(body);
    expect(encoding.status).toBe(415);
    expect(encoding.body.error.code).toBe("VALIDATION_ERROR");
    for (const coding of ["gzip", "br"]) {
      const garbled = await t.http.post("/users/login").set("content-type", "application/json").set("content-encoding", coding).send("this is not compressed");
      expect(garbled.status, coding).toBe(400);
      expect(garbled.body).toEqual({ error: { code: "VALIDATION_ERROR", description: "The request body could not be read.", type: "validation" } });
    }
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("takes a request cut off mid-body for the client's doing, not an unhandled error", async () => {
    const server = t.api.app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const gone = new Promise<void>((resolve) => server.on("request", (req) => req.on("close", () => resolve())));
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    await once(socket, "connect");
    socket.write('POST /users/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 500\r\nX-Request-Id: cut-short\r\n\r\n{"username":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await gone;
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("without SMTP_URL writes one .eml per code to DATA_DIR/outbox and logs the code outside production", async () => {
    const account = await register();
    const mails = outboxMails(t.config.dataDir, account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(new RegExp(`^To: ${account.email.replace(/\./g, "\\.")}$`, "m"));
    expect(mail).toMatch(/^Subject: Your AfriOdds verification code: \d{6}$/m);
    expect(mail).toContain("10 minutes");
    const code = codeIn(mail);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 30, email: account.email, purpose: "verify", code }));
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
    expect(verified.status).toBe(200);
  });

  it("in production writes the .eml but never logs the code", async () => {
    const production = captureLogs();
    const api = await another({ logger: production.logger, env: { NODE_ENV: "production" } });
    const account = newAccount();
    expect((await api.http.put("/users/register").send(account)).status).toBe(201);
    const code = codeIn(outboxMails(api.config.dataDir, account.email)[0]);
    expect(production.lines.length).toBeGreaterThan(0);
    for (const line of production.lines) {
      expect(line).not.toHaveProperty("code");
      expect(JSON.stringify(line)).not.toContain(code);
    }
  });

  it("answers forgot-password alike for known and unknown addresses when SMTP fails, and logs the failure with the request id", async () => {
    const account = await register();
    const failing = captureLogs();
    const api = await another({ logger: failing.logger, env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    const known = await api.http.post("/users/forgot-password").set("x-request-id", "forgot-known").send({ email: account.email });
    const unknown = await api.http.post("/users/forgot-password").set("x-request-id", "forgot-unknown").send({ email: "nobody.at.all@example.ng" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await api.api.mailSettled();
    const failures = failing.lines.filter((line) => line.msg === "code mail failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 50, reqId: "forgot-known", purpose: "reset" });
  });

  it("answers forgot-password without waiting for the mail server", async () => {
    const account = await register();
    const smtp = await silentSmtp();
    try {
      const api = await another({ env: { SMTP_URL: smtp.url } });
      const answer = api.http.post("/users/forgot-password").send({ email: account.email }).then((res) => res.status);
      // A silent server keeps a sender waiting 30 s for its greeting; the answer must not.
      const late = new Promise<string>((resolve) => setTimeout(() => resolve("still waiting"), 5000).unref());
      expect(await Promise.race([answer, late])).toBe(200);
    } finally {
      await smtp.close();
    }
  });

  it("answers INTERNAL_ERROR without internals, and logs the error with the request id", async () => {
    const broken = await createTestDatabase(dialect);
    const brokenLogs = captureLogs();
    const api = await startTestApi(broken, undefined, clock, { logger: brokenLogs.logger });
    try {
      await api.api.db.kysely.schema.dropTable("rate_limits").execute();
      const res = await api.http.post("/users/login").set("x-request-id", "breaks-here").send({ username: "ada", password: "a password" });
      expect(res.status).toBe(500);
      expect(res.body).toEqual(INTERNAL_ERROR);
      expect(res.text).not.toMatch(/rate_limits|sql|relation|table|at /i);
      const logged = brokenLogs.lines.find((line) => line.msg === "unhandled error");
      expect(logged).toMatchObject({ level: 50, reqId: "breaks-here" });
      expect(JSON.stringify(logged)).toContain("rate_limits");
    } finally {
      await api.close();
      await broken.drop();
    }
  });
});
