import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, shouldRunPostgres, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount } from "../factories.ts";

const dialects: ("sqlite" | "postgres")[] = ["sqlite", ...((await shouldRunPostgres()) ? (["postgres"] as const) : [])];
const MINUTE = 60_000;

describe.each(dialects)("accounts on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  async function register(overrides = {}) {
    const account = newAccount(overrides);
    const res = await t.http.put("/users/register").send(account);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return account;
  }

  async function registerVerified() {
    const account = await register();
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(res.status).toBe(200);
    return { account, token: res.body.data.token as string, refreshToken: res.body.data.refreshToken as string };
  }

  describe("registration", () => {
    it("creates an account and mails a verification code over SMTP", async () => {
      const account = newAccount({ email: "Ada.Obi@Example.NG" });
      const res = await t.http.put("/users/register").send(account);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: { email: "ada.obi@example.ng" } });
      const [mail] = sink.to("ada.obi@example.ng");
      expect(mail?.raw).toMatch(/AfriOdds/);
      expect(mail?.raw).toMatch(/10 minutes/);
      expect(sink.latestCode("ada.obi@example.ng")).toMatch(/^\d{6}$/);
    });

    it("accepts the spec's other spelling, username", async () => {
      const { userName, ...rest } = newAccount();
      const res = await t.http.put("/users/register").send({ ...rest, username: userName });
      expect(res.status).toBe(201);
    });

    it("answers the shared validation messages and codes", async () => {
      const cases: [object, string, string][] = [
        [{ ...newAccount(), email: "" }, "VALIDATION_ERROR", "Please fill in all fields"],
        [{ ...newAccount(), email: "not-an-email" }, "VALIDATION_ERROR", "Please enter a valid email address"],
        [{ ...newAccount(), password: "short" }, "password", "Password must be at least 8 characters long"],
        [{ ...newAccount(), country: 2 }, "VALIDATION_ERROR", "Please select a valid country"],
      ];
      for (const [body, code, description] of cases) {
        const res = await t.http.put("/users/register").send(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code, description });
      }
    });

    it("refuses a taken e-mail or username, whatever their case", async () => {
      const first = await register();
      const sameEmail = await t.http.put("/users/register").send(newAccount({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.error.code).toBe("EMAIL_IN_USE");
      const sameName = await t.http.put("/users/register").send(newAccount({ userName: first.userName.toUpperCase() }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.error.code).toBe("USERNAME_IN_USE");
    });

    it("makes exactly one account from ten simultaneous registrations of one username", async () => {
      const userName = newAccount().userName;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.http.put("/users/register").send(newAccount({ userName }))),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409 && r.body.error.code === "USERNAME_IN_USE")).toHaveLength(9);
      const rows = await t.api.db.kysely.selectFrom("users").select("id").where("username_key", "=", userName.toLowerCase()).execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe("verification", () => {
    it("logs the user in with a right code and an HS256 access token carrying ak for 15 minutes", async () => {
      const account = await register();
      const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ username: account.userName, country: "1" });
      expect(decodeProtectedHeader(res.body.data.token).alg).toBe("HS256");
      const claims = decodeJwt(res.body.data.token);
      expect(claims).toMatchObject({ typ: "access", ak: expect.any(String), jti: expect.any(String), sub: res.body.data.user.id });
      expect(claims.exp! - claims.iat!).toBe(15 * 60);
      expect(res.body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it("rejects a wrong code, then a code used twice", async () => {
      const account = await register();
      const code = sink.latestCode(account.email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const bad = await t.http.post("/users/verify-email").send({ email: account.email, otp: wrong });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("INVALID_VERIFICATION_CODE");
      expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: code })).status).toBe(200);
      const again = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
      expect(again.body.error.code).toBe("INVALID_VERIFICATION_CODE");
    });

    it("fails the sixth guess even when it is right", async () => {
      const account = await register();
      const code = sink.latestCode(account.email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i += 1) {
        await t.http.post("/users/verify-email").send({ email: account.email, otp: wrong });
      }
      const sixth = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
      expect(sixth.status).toBe(400);
      expect(sixth.body.error.code).toBe("INVALID_VERIFICATION_CODE");
    });

    it("answers VERIFICATION_CODE_EXPIRED after 10 minutes", async () => {
      const account = await register();
      t.clock.advance(10 * MINUTE + 1000);
      const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
      expect(res.body.error.code).toBe("VERIFICATION_CODE_EXPIRED");
    });

    it("validates the code's shape", async () => {
      const res = await t.http.post("/users/verify-email").send({ email: "x@y.ng", otp: "12a" });
      expect(res.status).toBe(400);
      expect(res.body.error.description).toBe("Please enter the 6-digit verification code");
    });
  });

  describe("resend", () => {
    it("holds a 60 s cooldown with Retry-After, then sends a new code that replaces the old", async () => {
      const account = await register();
      const first = sink.latestCode(account.email);
      const early = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(early.status).toBe(429);
      expect(early.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
      t.clock.advance(61_000);
      const later = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(later.status).toBe(200);
      expect(sink.to(account.email)).toHaveLength(2);
      const second = sink.latestCode(account.email);
      if (first !== second) {
        const old = await t.http.post("/users/verify-email").send({ email: account.email, otp: first });
        expect(old.body.error.code).toBe("INVALID_VERIFICATION_CODE");
      }
      expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: second })).status).toBe(200);
    });

    it("sends at most five codes an hour", async () => {
      const account = await register();
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(61_000);
        expect((await t.http.post("/users/resend-otp").send({ email: account.email })).status).toBe(200);
      }
      t.clock.advance(61_000);
      const sixth = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(sixth.status).toBe(429);
      expect(sink.to(account.email)).toHaveLength(5);
    });

    it("answers INVALID_EMAIL for an address with no account", async () => {
      const res = await t.http.post("/users/resend-otp").send({ email: "nobody.here@example.ng" });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_EMAIL");
    });
  });

  describe("login", () => {
    it("sends an unverified account to verification with its e-mail", async () => {
      const account = await register();
      const res = await t.http.post("/users/login").send({ username: account.userName, password: account.password });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "ACCOUNT_NOT_VERIFIED", description: account.email });
    });

    it("logs in by username in any case, trimmed, and answers the user with both tokens", async () => {
      const { account } = await registerVerified();
      const res = await t.http.post("/users/login").send({ username: `  ${account.userName.toUpperCase()} `, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user: { username: account.userName, country: "1" }, token: expect.any(String), refreshToken: expect.any(String) });
    });

    it("answers the same error for a wrong password and an unknown user", async () => {
      const { account } = await registerVerified();
      const wrong = await t.http.post("/users/login").send({ username: account.userName, password: "wrong password" });
      const unknown = await t.http.post("/users/login").send({ username: "nobody_at_all", password: "wrong password" });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error.code).toBe("INVALID_USERNAME_OR_PASSWORD");
    });

    it("requires both fields", async () => {
      const res = await t.http.post("/users/login").send({ username: "  ", password: "" });
      expect(res.status).toBe(400);
      expect(res.body.error.description).toBe("Please enter both username and password");
    });

    it("blocks a username for 15 minutes after 10 failures, even with the right password", async () => {
      const { account } = await registerVerified();
      for (let i = 0; i < 10; i += 1) {
        await t.http.post("/users/login").send({ username: account.userName, password: "wrong password" });
      }
      const blocked = await t.http.post("/users/login").send({ username: account.userName, password: account.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(14 * 60);
      t.clock.advance(15 * MINUTE + 1000);
      expect((await t.http.post("/users/login").send({ username: account.userName, password: account.password })).status).toBe(200);
    });
  });

  describe("tokens", () => {
    it("rotates the refresh token and revokes the whole chain when an old one is replayed", async () => {
      const { refreshToken: first } = await registerVerified();
      let current = first;
      for (let i = 0; i < 3; i += 1) {
        const res = await t.http.post("/users/refresh").send({ refreshToken: current });
        expect(res.status).toBe(200);
        expect(res.body.data.refreshToken).not.toBe(current);
        current = res.body.data.refreshToken;
      }
      const replay = await t.http.post("/users/refresh").send({ refreshToken: first });
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe("AUTH_EXPIRED");
      const latest = await t.http.post("/users/refresh").send({ refreshToken: current });
      expect(latest.status).toBe(401);
    });

    it("keeps the session's ak across refreshes", async () => {
      const { token, refreshToken } = await registerVerified();
      const res = await t.http.post("/users/refresh").send({ refreshToken });
      expect(decodeJwt(res.body.data.token).ak).toBe(decodeJwt(token).ak);
    });

    it("refuses an unknown refresh token and a missing one", async () => {
      expect((await t.http.post("/users/refresh").send({ refreshToken: "x".repeat(43) })).status).toBe(401);
      expect((await t.http.post("/users/refresh").send({})).status).toBe(400);
    });

    it("ends refresh after 30 days", async () => {
      const { refreshToken } = await registerVerified();
      t.clock.advance(30 * 24 * 60 * MINUTE + 1000);
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
    });

    it("logout revokes the user's refresh tokens", async () => {
      const { token, refreshToken } = await registerVerified();
      const out = await t.http.post("/users/logout").set("authorization", `Bearer ${token}`).send({});
      expect(out.status).toBe(200);
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
    });

    it("logout works with only the refresh token, and needs one of the two", async () => {
      const { refreshToken } = await registerVerified();
      expect((await t.http.post("/users/logout").send({ refreshToken })).status).toBe(200);
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
      expect((await t.http.post("/users/logout").send({})).status).toBe(401);
    });
  });

  describe("profile", () => {
    it("answers username, email, country, registrationDate and lastLogin", async () => {
      const { account, token } = await registerVerified();
      const res = await t.http.get("/users/me").set("authorization", `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        username: account.userName,
        email: account.email,
        country: 1,
        registrationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastLogin: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it("answers 401 AUTH_REQUIRED without a token, with an expired one, a forged one, or another algorithm", async () => {
      const { token } = await registerVerified();
      const sub = decodeJwt(token).sub!;
      const forged = await new SignJWT({ typ: "access", ak: "a", sid: "s" }).setProtectedHeader({ alg: "HS256" }).setSubject(sub).setIssuedAt().setExpirationTime("10m").sign(new TextEncoder().encode("another-secret-another-secret-another"));
      const hs512 = await new SignJWT({ typ: "access", ak: "a", sid: "s" }).setProtectedHeader({ alg: "HS512" }).setSubject(sub).setIssuedAt().setExpirationTime("10m").sign(new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256-0123456789"));
      const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ sub, typ: "access", ak: "a", sid: "s", exp: 9999999999 })).toString("base64url")}.`;
      for (const header of [undefined, `Bearer ${forged}`, `Bearer ${hs512}`, `Bearer ${unsigned}`, "Basic abc"]) {
        const req = t.http.get("/users/me");
        const res = header ? await req.set("authorization", header) : await req;
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe("AUTH_REQUIRED");
      }
      t.clock.advance(15 * MINUTE + 1000);
      expect((await t.http.get("/users/me").set("authorization", `Bearer ${token}`)).status).toBe(401);
    });
  });

  describe("password reset", () => {
    it("answers 200 for an unknown e-mail and mails nothing", async () => {
      const before = sink.messages.length;
      const res = await t.http.post("/users/forgot-password").send({ email: "ghost.user@example.ng" });
      expect(res.status).toBe(200);
      expect(sink.messages.length).toBe(before);
    });

    it("resets with the mailed code, logs in, revokes old sessions, and refuses the code again", async () => {
      const { account, refreshToken } = await registerVerified();
      expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
      const code = sink.latestCode(account.email);
      const res = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user: { username: account.userName }, token: expect.any(String) });
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
      expect((await t.http.post("/users/login").send({ username: account.userName, password: account.password })).status).toBe(401);
      expect((await t.http.post("/users/login").send({ username: account.userName, password: "a brand new password" })).status).toBe(200);
      const again = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "another new password" });
      expect(again.body.error.code).toBe("OTP_ALREADY_USED");
    });

    it("answers INVALID_OTP for a wrong code and OTP_EXPIRED after 10 minutes", async () => {
      const { account } = await registerVerified();
      await t.http.post("/users/forgot-password").send({ email: account.email });
      const code = sink.latestCode(account.email);
      const wrong = code === "000000" ? "111111" : "000000";
      const bad = await t.http.post("/users/reset-password").send({ email: account.email, otp: wrong, password: "a brand new password" });
      expect(bad.body.error.code).toBe("INVALID_OTP");
      t.clock.advance(10 * MINUTE + 1000);
      const late = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(late.body.error.code).toBe("OTP_EXPIRED");
    });

    it("refuses a short new password with code password", async () => {
      const res = await t.http.post("/users/reset-password").send({ email: "a@b.ng", otp: "123456", password: "short" });
      expect(res.body.error).toMatchObject({ code: "password", description: "Password must be at least 8 characters long" });
    });
  });

  describe("feedback", () => {
    it("stores the trimmed message with the country and no user id", async () => {
      const { token } = await registerVerified();
      const message = `  Please add the Eredivisie ${Date.now()}  `;
      const res = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message });
      expect(res.status).toBe(201);
      const row = await t.api.db.kysely.selectFrom("feedback").selectAll().where("message", "=", message.trim()).executeTakeFirst();
      expect(row).toMatchObject({ message: message.trim(), country: 1 });
      expect(Object.keys(row!).sort()).toEqual(["country", "created_at", "id", "message"]);
    });

    it("needs a session, a message, and at most 2000 characters", async () => {
      const { token } = await registerVerified();
      expect((await t.http.post("/users/feedback").send({ message: "hi" })).status).toBe(401);
      const empty = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "   " });
      expect(empty.body.error.description).toBe("Please enter your feedback message.");
      const long = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "x".repeat(2001) });
      expect(long.status).toBe(400);
    });

    it("limits one user to ten messages an hour", async () => {
      const { token } = await registerVerified();
      for (let i = 0; i < 10; i += 1) {
        expect((await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: `note ${i}` })).status).toBe(201);
      }
      const eleventh = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "one more" });
      expect(eleventh.status).toBe(429);
    });
  });

  describe("the envelope", () => {
    it("answers 413 to a 20 KB body, 400 to malformed JSON, 404 to an unknown path", async () => {
      const big = await t.http.post("/users/login").set("content-type", "application/json").send(JSON.stringify({ username: "x".repeat(20 * 1024), password: "y" }));
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe("PAYLOAD_TOO_LARGE");
      const bad = await t.http.post("/users/login").set("content-type", "application/json").send("{nope");
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
      const missing = await t.http.get("/users/nothing-here");
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: { code: "NOT_FOUND", description: "Not found.", type: "not_found" } });
    });
  });

  it("keeps an account, its verification, throttling and feedback across a restart", async () => {
    const { account, token } = await registerVerified();
    await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "survives restarts" });
    const other = await register();
    for (let i = 0; i < 10; i += 1) await t.http.post("/users/login").send({ username: other.userName, password: "wrong password" });
    await t.close();
    t = await startTestApi(database, sink, t.clock);
    const login = await t.http.post("/users/login").send({ username: account.userName, password: account.password });
    expect(login.status).toBe(200);
    const stillBlocked = await t.http.post("/users/login").send({ username: other.userName, password: other.password });
    expect(stillBlocked.status).toBe(429);
    const row = await t.api.db.kysely.selectFrom("feedback").select("message").where("message", "=", "survives restarts").executeTakeFirst();
    expect(row).toBeDefined();
  });
});
