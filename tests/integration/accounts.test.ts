import { SignJWT, decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginKeys } from "#api/accounts/sessions/login-limits.ts";
import { sha256 } from "#api/accounts/sessions/secrets.ts";
import { REFRESH_REUSE_GRACE_MS } from "#api/accounts/sessions/tokens.ts";
import {
  LOGIN_MESSAGES,
  RATE_LIMITED_MESSAGE,
  REGISTER_MESSAGES,
  RESEND_MESSAGES,
  RESET_MESSAGES,
  VERIFY_MESSAGES,
} from "#shared/messages.ts";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount, otherCode, testIp } from "../factories.ts";

const dialects = await testDialects();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

  /** Reset and resend codes are mailed after the answer: wait for the delivery before reading the sink. */
  async function mailsTo(email: string) {
    await t.api.mailSettled();
    return sink.to(email);
  }
  async function codeFor(email: string) {
    await t.api.mailSettled();
    return sink.latestCode(email);
  }

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
    return { account, userId: res.body.data.user.id as string, token: res.body.data.token as string, refreshToken: res.body.data.refreshToken as string };
  }

  function login(username: string, password: string, ip = testIp()) {
    return t.http.post("/users/login").set("x-forwarded-for", ip).send({ username, password });
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

    it("answers the shared validation messages and codes, with the field each is about", async () => {
      const terms = "Please confirm you are 18 or older and accept the Terms of Service and Privacy Policy";
      // [body, code, description, field, the field's own message (an empty field names itself)]
      const cases: [object, string, string, string, string][] = [
        [{ ...newAccount(), email: "" }, "VALIDATION_ERROR", VALIDATION_MESSAGES.allFieldsRequired, "email", VALIDATION_MESSAGES.emailRequired],
        [{ ...newAccount(), userName: "   " }, "VALIDATION_ERROR", VALIDATION_MESSAGES.allFieldsRequired, "username", VALIDATION_MESSAGES.usernameRequired],
        [{ ...newAccount(), email: "not-an-email" }, "VALIDATION_ERROR", "Please enter a valid email address", "email", ""],
        [{ ...newAccount(), password: "short" }, "password", "Password must be at least 8 characters long", "password", ""],
        [{ ...newAccount(), password: "p".repeat(129) }, "password", "Password must be at most 128 characters long", "password", ""],
        [{ ...newAccount(), country: 2 }, "VALIDATION_ERROR", "Please select a valid country", "country", ""],
        [{ ...newAccount(), userName: "ab" }, "VALIDATION_ERROR", "Username must be between 3 and 30 characters long", "username", ""],
        [{ ...newAccount(), userName: "u".repeat(31) }, "VALIDATION_ERROR", "Username must be between 3 and 30 characters long", "username", ""],
        [{ ...newAccount(), userName: "ada obi" }, "VALIDATION_ERROR", "Username can only contain letters, numbers, underscores, dots and hyphens", "username", ""],
        [{ ...newAccount(), userName: "ada<script>" }, "VALIDATION_ERROR", "Username can only contain letters, numbers, underscores, dots and hyphens", "username", ""],
        // 18+ and the Terms (docs/decisions/017-first-minutes-accounts.md): confirmed with exactly true, or no account.
        [{ ...newAccount({ userName: "no_terms_1" }), acceptTerms: false }, "VALIDATION_ERROR", terms, "acceptTerms", ""],
        [{ ...newAccount({ userName: "no_terms_2" }), acceptTerms: "yes" }, "VALIDATION_ERROR", terms, "acceptTerms", ""],
        [(({ acceptTerms: _, ...rest }) => rest)(newAccount({ userName: "no_terms_3" })), "VALIDATION_ERROR", terms, "acceptTerms", ""],
      ];
      for (const [body, code, description, field, own] of cases) {
        const res = await t.http.put("/users/register").send(body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.error).toEqual({ code, description, type: "validation", fields: [{ field, code, description: own || description }] });
      }
      const rows = await t.api.db.kysely.selectFrom("users").select("id").where("username_key", "in", ["ab", "ada obi", "ada<script>", "no_terms_1", "no_terms_2", "no_terms_3"]).execute();
      expect(rows).toEqual([]);
    });

    it("answers every field's issue in one answer: four bad fields, four field errors, and creates nothing", async () => {
      const body = { userName: "ada obi", email: "ada@example", password: "short", country: 1, acceptTerms: false };
      const res = await t.http.put("/users/register").send(body);
      expect(res.status).toBe(400);
      // code and description are the first issue's, as a client that reads only them was always answered.
      expect(res.body.error).toEqual({
        code: "VALIDATION_ERROR",
        description: VALIDATION_MESSAGES.usernameCharacters,
        type: "validation",
        fields: [
          { field: "username", code: "VALIDATION_ERROR", description: VALIDATION_MESSAGES.usernameCharacters },
          { field: "email", code: "VALIDATION_ERROR", description: VALIDATION_MESSAGES.invalidEmail },
          { field: "password", code: "password", description: VALIDATION_MESSAGES.passwordTooShort },
          { field: "acceptTerms", code: "VALIDATION_ERROR", description: VALIDATION_MESSAGES.termsRequired },
        ],
      });
      const rows = await t.api.db.kysely.selectFrom("users").select("id").where("email", "=", "ada@example").execute();
      expect(rows).toEqual([]);
    });

    it("refuses a common password in any case (NIST 800-63B 5.1.1.2) beside the other fields' issues, creating nothing and mailing nothing", async () => {
      for (const password of ["password", "Password1", "QWERTY123", " iloveyou1 "]) {
        const account = newAccount({ password });
        const res = await t.http.put("/users/register").send(account);
        expect(res.status, password).toBe(400);
        expect(res.body.error, password).toEqual({
          code: "password",
          description: VALIDATION_MESSAGES.passwordCommon,
          type: "validation",
          fields: [{ field: "password", code: "password", description: VALIDATION_MESSAGES.passwordCommon }],
        });
        expect(await mailsTo(account.email)).toHaveLength(0);
        const rows = await t.api.db.kysely.selectFrom("users").select("id").where("email", "=", account.email).execute();
        expect(rows).toEqual([]);
      }
      const twoIssues = await t.http.put("/users/register").send({ ...newAccount({ password: "password" }), email: "nope" });
      expect(twoIssues.body.error.fields.map((f: { field: string }) => f.field)).toEqual(["email", "password"]);
      // A password not on the list, however plain it looks to us, is the user's to choose.
      await register({ password: "jollof at ikeja 9" });
    });

    it("refuses a password that is the account's own username, e-mail or e-mail name, in any case", async () => {
      const account = newAccount();
      const local = account.email.slice(0, account.email.indexOf("@"));
      for (const password of [account.userName.toUpperCase(), account.email, local]) {
        const res = await t.http.put("/users/register").send({ ...account, password });
        expect(res.status, password).toBe(400);
        expect(res.body.error, password).toMatchObject({ code: "password", description: VALIDATION_MESSAGES.passwordIsName });
      }
      expect(await mailsTo(account.email)).toHaveLength(0);
    });

    it("accepts a password of exactly 128 characters and the username limits 3 and 30", async () => {
      await register({ password: "p".repeat(128) });
      await register({ userName: `a${Math.random().toString(36).slice(2, 4)}` });
      await register({ userName: `n.a-m_e${"x".repeat(19)}${Math.random().toString(36).slice(2, 6)}` });
    });

    it("stores the password only as scrypt with the configured parameters and a 16-byte salt (production's: api/config.test.ts)", async () => {
      const account = await register({ password: "a password to hash" });
      const row = await t.api.db.kysely.selectFrom("users").selectAll().where("email", "=", account.email).executeTakeFirstOrThrow();
      const { N, r, p } = t.config.scryptParams;
      expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{43}$`));
      expect(JSON.stringify(row)).not.toContain("a password to hash");
    });

    it("refuses a taken e-mail or username, whatever their case, with the spec's messages", async () => {
      const first = await register();
      const sameEmail = await t.http.put("/users/register").send(newAccount({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.error).toEqual({ code: "EMAIL_IN_USE", description: REGISTER_MESSAGES.emailInUse, type: "conflict" });
      expect(REGISTER_MESSAGES.emailInUse).toBe("An account with this email already exists. Please use a different email or try logging in.");
      const sameName = await t.http.put("/users/register").send(newAccount({ userName: first.userName.toUpperCase() }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.error).toEqual({ code: "USERNAME_IN_USE", description: REGISTER_MESSAGES.usernameInUse, type: "conflict" });
      expect(REGISTER_MESSAGES.usernameInUse).toBe("This username is already taken. Please choose a different username.");
    });

    it("makes exactly one account from ten simultaneous registrations of one username", async () => {
      const userName = newAccount().userName;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.http.put("/users/register").send(newAccount({ userName }))),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = answers.filter((r) => r.status === 409);
      expect(refused).toHaveLength(9);
      for (const r of refused) expect(r.body.error).toMatchObject({ code: "USERNAME_IN_USE", description: REGISTER_MESSAGES.usernameInUse });
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

    it("stores codes only hashed", async () => {
      const account = await register();
      const code = sink.latestCode(account.email);
      const user = await t.api.db.kysely.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
      const rows = await t.api.db.kysely.selectFrom("one_time_codes").selectAll().where("user_id", "=", user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(code);
    });

    it("rejects a wrong code, then a code used twice, with the spec's message", async () => {
      const account = await register();
      const code = sink.latestCode(account.email);
      const bad = await t.http.post("/users/verify-email").send({ email: account.email, otp: otherCode(code) });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({ code: "INVALID_VERIFICATION_CODE", description: VERIFY_MESSAGES.invalidCodeRegistration, type: "validation" });
      expect(VERIFY_MESSAGES.invalidCodeRegistration).toBe("Invalid or expired verification code. Please try again.");
      expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: code })).status).toBe(200);
      const again = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({ code: "INVALID_VERIFICATION_CODE", description: VERIFY_MESSAGES.invalidCodeRegistration });
    });

    it("fails the sixth guess even when it is right", async () => {
      const account = await register();
      const code = sink.latestCode(account.email);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await t.http.post("/users/verify-email").send({ email: account.email, otp: otherCode(code) });
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.code).toBe("INVALID_VERIFICATION_CODE");
      }
      const sixth = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
      expect(sixth.status).toBe(400);
      expect(sixth.body.error).toMatchObject({ code: "INVALID_VERIFICATION_CODE", description: VERIFY_MESSAGES.invalidCodeRegistration });
    });

    it("answers VERIFICATION_CODE_EXPIRED after 10 minutes", async () => {
      const account = await register();
      t.clock.advance(10 * MINUTE + 1000);
      const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: "VERIFICATION_CODE_EXPIRED", description: "Verification code has expired. Please request a new one.", type: "validation" });
    });

    it("answers INVALID_VERIFICATION_CODE for an e-mail with no account", async () => {
      const res = await t.http.post("/users/verify-email").send({ email: "nobody.verifies@example.ng", otp: "123456" });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: "INVALID_VERIFICATION_CODE", description: VERIFY_MESSAGES.invalidCodeRegistration, type: "validation" });
    });

    it("validates the e-mail and the code's shape", async () => {
      const res = await t.http.post("/users/verify-email").send({ email: "x@y.ng", otp: "12a" });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Please enter the 6-digit verification code", type: "validation" });
      const email = await t.http.post("/users/verify-email").send({ email: "x@", otp: "123456" });
      expect(email.status).toBe(400);
      expect(email.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Please enter a valid email address", type: "validation" });
    });
  });

  describe("resend", () => {
    it("mails nothing inside the 60 s cooldown, answering the same 200, then sends a new code that replaces the old", async () => {
      const account = await register();
      const first = sink.latestCode(account.email);
      const early = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(early.status).toBe(200);
      expect(early.body).toEqual({ data: { ok: true } });
      expect(early.headers["retry-after"]).toBeUndefined();
      expect(await mailsTo(account.email)).toHaveLength(1);
      t.clock.advance(61_000);
      const later = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(later.status).toBe(200);
      expect(later.body).toEqual({ data: { ok: true } });
      expect(await mailsTo(account.email)).toHaveLength(2);
      let second = sink.latestCode(account.email);
      // One chance in a million the new code repeats the old: then draw again, so the check below always runs.
      while (second === first) {
        t.clock.advance(61_000);
        expect((await t.http.post("/users/resend-otp").send({ email: account.email })).status).toBe(200);
        second = await codeFor(account.email);
      }
      const old = await t.http.post("/users/verify-email").send({ email: account.email, otp: first });
      expect(old.status).toBe(400);
      expect(old.body.error.code).toBe("INVALID_VERIFICATION_CODE");
      expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: second })).status).toBe(200);
    });

    it("answers an unverified account inside its cooldown exactly as an address with no account: status, body and headers", async () => {
      const account = await register();
      const known = await t.http.post("/users/resend-otp").send({ email: account.email });
      const unknown = await t.http.post("/users/resend-otp").send({ email: `nobody.${account.userName}@example.ng` });
      // Only what differs between any two answers is left out: the date and the request's own id.
      const seen = (res: typeof known) => {
        const { date: _date, "x-request-id": _id, ...headers } = res.headers;
        return { status: res.status, body: res.body, headers };
      };
      expect(seen(known)).toEqual(seen(unknown));
      expect(known.status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(1);
    });

    it("sends at most five codes an hour, answering the sixth request like any other and mailing nothing", async () => {
      const account = await register();
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(61_000);
        expect((await t.http.post("/users/resend-otp").send({ email: account.email })).status).toBe(200);
      }
      t.clock.advance(61_000);
      const sixth = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(sixth.status).toBe(200);
      expect(sixth.body).toEqual({ data: { ok: true } });
      expect(sixth.headers["retry-after"]).toBeUndefined();
      expect(await mailsTo(account.email)).toHaveLength(5);
      // The registration code was issued 5 x 61 s ago: the cap lifts when it is an hour old.
      t.clock.advance((3600 - 5 * 61) * 1000);
      expect((await t.http.post("/users/resend-otp").send({ email: account.email })).status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(6);
    });

    it("answers 200 and mails nothing for a well-formed address with no account", async () => {
      const before = sink.messages.length;
      const res = await t.http.post("/users/resend-otp").send({ email: "nobody.here@example.ng" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ok: true } });
      await t.api.mailSettled();
      expect(sink.messages.length).toBe(before);
    });

    it("answers INVALID_EMAIL only for a malformed or missing address", async () => {
      for (const email of ["not-an-email", "", "   ", undefined]) {
        const res = await t.http.post("/users/resend-otp").send({ email });
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: "INVALID_EMAIL", description: RESEND_MESSAGES.invalidEmail, type: "validation" });
      }
      expect(RESEND_MESSAGES.invalidEmail).toBe("Invalid email address. Please contact support.");
    });

    it("answers 200 and mails nothing for a verified account", async () => {
      const { account } = await registerVerified();
      t.clock.advance(61_000);
      const res = await t.http.post("/users/resend-otp").send({ email: account.email });
      expect(res.status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(1);
    });
  });

  describe("login", () => {
    it("signs in with the account's e-mail in place of the username, in any case, and refuses a wrong password for it", async () => {
      const { account, userId } = await registerVerified();
      const byEmail = await login(` ${account.email.toUpperCase()} `, account.password);
      expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
      expect(byEmail.body.data.user).toMatchObject({ id: userId, username: account.userName });
      const wrong = await login(account.email, `${account.password}x`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe("INVALID_USERNAME_OR_PASSWORD");
      expect((await login("nobody@example.ng", account.password)).body.error.code).toBe("INVALID_USERNAME_OR_PASSWORD");
    });

    it("sends an unverified account to verification with its e-mail and mails a fresh code, at most one a minute", async () => {
      const account = await register();
      // Right after registration: the registration code is under 60 s old, so none is added.
      const soon = await login(account.userName, account.password);
      expect(soon.status).toBe(403);
      expect(soon.body.error).toEqual({ code: "ACCOUNT_NOT_VERIFIED", description: account.email, type: "auth" });
      expect(await mailsTo(account.email)).toHaveLength(1);
      // No new code went out: Retry-After says so, and how long until one may be asked for.
      const waitS = Number(soon.headers["retry-after"]);
      expect(waitS).toBeGreaterThan(0);
      expect(waitS).toBeLessThanOrEqual(60);

      t.clock.advance(61_000);
      const later = await login(account.userName, account.password);
      expect(later.status).toBe(403);
      expect(later.body.error).toMatchObject({ code: "ACCOUNT_NOT_VERIFIED", description: account.email });
      expect(await mailsTo(account.email)).toHaveLength(2);
      // A new code went out with this answer: no wait to report.
      expect(later.headers["retry-after"]).toBeUndefined();
      const fresh = sink.latestCode(account.email);

      t.clock.advance(30_000);
      expect((await login(account.userName, account.password)).status).toBe(403);
      expect(await mailsTo(account.email)).toHaveLength(2);

      const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: fresh });
      expect(verified.status).toBe(200);
    });

    it("still answers ACCOUNT_NOT_VERIFIED, mailing nothing, once the hourly cap is reached", async () => {
      const account = await register();
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(61_000);
        expect((await t.http.post("/users/resend-otp").send({ email: account.email })).status).toBe(200);
      }
      t.clock.advance(61_000);
      const res = await login(account.userName, account.password);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: "ACCOUNT_NOT_VERIFIED", description: account.email });
      expect(await mailsTo(account.email)).toHaveLength(5);
    });

    it("answers INVALID_USERNAME_OR_PASSWORD to a wrong password of an unverified account, mailing nothing", async () => {
      const account = await register();
      t.clock.advance(61_000);
      const res = await login(account.userName, "wrong password");
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: "INVALID_USERNAME_OR_PASSWORD", description: LOGIN_MESSAGES.invalidCredentials, type: "auth" });
      expect(await mailsTo(account.email)).toHaveLength(1);
    });

    it("logs in by username in any case, trimmed, and answers the user with both tokens", async () => {
      const { account } = await registerVerified();
      const res = await login(`  ${account.userName.toUpperCase()} `, account.password);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user: { username: account.userName, country: "1" }, token: expect.any(String), refreshToken: expect.any(String) });
    });

    it("answers the same error for a wrong password and an unknown user", async () => {
      const { account } = await registerVerified();
      const wrong = await login(account.userName, "wrong password");
      const unknown = await login("nobody_at_all", "wrong password");
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.error).toEqual({ code: "INVALID_USERNAME_OR_PASSWORD", description: LOGIN_MESSAGES.invalidCredentials, type: "auth" });
      expect(LOGIN_MESSAGES.invalidCredentials).toBe("Invalid username or password. Please check your credentials and try again.");
    });

    it("requires both fields", async () => {
      const res = await t.http.post("/users/login").send({ username: "  ", password: "" });
      expect(res.status).toBe(400);
      expect(res.body.error.description).toBe("Please enter both username and password");
    });

    // Ten real failures are what this test is about.
    it("holds back an address for 15 minutes after 10 failures on an account, even with the right password, while the owner signs in from another", async () => {
      const { account } = await registerVerified();
      const attacker = testIp();
      for (let i = 0; i < 10; i += 1) {
        const failure = await login(account.userName, "wrong password", attacker);
        expect(failure.status).toBe(401);
        expect(failure.body.error.code).toBe("INVALID_USERNAME_OR_PASSWORD");
      }
      const blocked = await login(account.userName, account.password, attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toEqual({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE, type: "rate_limit" });
      const retryAfter = Number(blocked.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // ASVS 2.2.1: the failures of one address lock nobody else out of the account, by username or e-mail.
      expect((await login(account.userName, account.password, testIp())).status).toBe(200);
      expect((await login(account.email, account.password, testIp())).status).toBe(200);
      t.clock.advance(15 * MINUTE + 1000);
      expect((await login(account.userName, account.password, attacker)).status).toBe(200);
    }, 60_000);

    it("a success ends the address's run of failures on the account", async () => {
      const { account, userId } = await registerVerified();
      const ip = testIp();
      // 9 failures from this address on the account, as the API itself counts them.
      await t.api.db.kysely.insertInto("rate_limits").values({ key: loginKeys(userId, ip).pair, window_start: t.clock(), count: 9, blocked_until: null }).execute();
      expect((await login(account.userName, account.password, ip)).status).toBe(200);
      // Counted on from 9, the second of these would be refused.
      for (let i = 0; i < 2; i += 1) expect((await login(account.userName, "wrong password", ip)).status).toBe(401);
      expect((await login(account.userName, account.password, ip)).status).toBe(200);
    });

    it("blocks an IP for an hour after 100 failures from it, and only that IP", async () => {
      const { account } = await registerVerified();
      const ip = testIp();
      // 99 failures from this IP within the hour, as the API itself counts them.
      await t.api.db.kysely.insertInto("rate_limits").values({ key: `login:ip:${ip}`, window_start: t.clock(), count: 99, blocked_until: null }).execute();
      const hundredth = await login("nobody_from_here", "wrong password", ip);
      expect(hundredth.status).toBe(401);
      const blocked = await login(account.userName, account.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(59 * 60);
      expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(60 * 60);
      expect((await login(account.userName, account.password, testIp())).status).toBe(200);
      t.clock.advance(HOUR + 1000);
      expect((await login(account.userName, account.password, ip)).status).toBe(200);
    });

    it("counts only failures against an IP: 99 failures and any number of successes leave it open", async () => {
      const { account } = await registerVerified();
      const ip = testIp();
      await t.api.db.kysely.insertInto("rate_limits").values({ key: `login:ip:${ip}`, window_start: t.clock(), count: 98, blocked_until: null }).execute();
      for (let i = 0; i < 3; i += 1) expect((await login(account.userName, account.password, ip)).status).toBe(200);
      expect((await login("nobody_from_here", "wrong password", ip)).status).toBe(401);
      expect((await login(account.userName, account.password, ip)).status).toBe(200);
    });
  });

  describe("tokens", () => {
    it("rotates the refresh token; replaying an old one after the grace kills every token of the chain", async () => {
      const { refreshToken: first, userId } = await registerVerified();
      const chain = [first];
      for (let i = 0; i < 3; i += 1) {
        const res = await t.http.post("/users/refresh").send({ refreshToken: chain.at(-1) });
        expect(res.status).toBe(200);
        expect(res.body.data.refreshToken).not.toBe(chain.at(-1));
        chain.push(res.body.data.refreshToken);
      }
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const replay = await t.http.post("/users/refresh").send({ refreshToken: first });
      expect(replay.status).toBe(401);
      expect(replay.body.error).toEqual({ code: "AUTH_EXPIRED", description: "Session expired. Please log in again.", type: "auth" });
      for (const token of chain) {
        const res = await t.http.post("/users/refresh").send({ refreshToken: token });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe("AUTH_EXPIRED");
      }
      const rows = await t.api.db.kysely.selectFrom("refresh_tokens").select("revoked_at").where("user_id", "=", userId).execute();
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.revoked_at).not.toBeNull();
    });

    it("answers a rotated token presented again within the grace its same successor, so the family keeps one head", async () => {
      const { refreshToken: a, token, userId } = await registerVerified();
      const toB = await t.http.post("/users/refresh").send({ refreshToken: a });
      expect(toB.status).toBe(200);
      const b = toB.body.data.refreshToken as string;
      t.clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
      const again = await t.http.post("/users/refresh").send({ refreshToken: a });
      expect(again.status).toBe(200);
      expect(again.body.data.refreshToken).toBe(b);
      expect(decodeJwt(again.body.data.token).ak).toBe(decodeJwt(token).ak);
      expect(decodeJwt(again.body.data.token).sid).toBe(decodeJwt(token).sid);
      // No sibling: the family is a and its one successor b.
      const rows = await t.api.db.kysely.selectFrom("refresh_tokens").select(["token_hash", "rotated_at"]).where("user_id", "=", userId).execute();
      expect(rows.map((row) => row.token_hash).sort()).toEqual([sha256(a), sha256(b)].sort());
      const fromB = await t.http.post("/users/refresh").send({ refreshToken: b });
      expect(fromB.status).toBe(200);
      // After the grace the same replay is theft: the family dies, b's successor with it.
      t.clock.advance(2000);
      expect((await t.http.post("/users/refresh").send({ refreshToken: a })).status).toBe(401);
      expect((await t.http.post("/users/refresh").send({ refreshToken: fromB.body.data.refreshToken })).status).toBe(401);
    });

    it("keeps the session's ak across refreshes", async () => {
      const { token, refreshToken } = await registerVerified();
      const res = await t.http.post("/users/refresh").send({ refreshToken });
      expect(decodeJwt(res.body.data.token).ak).toBe(decodeJwt(token).ak);
    });

    it("stores refresh tokens only as their SHA-256", async () => {
      const { refreshToken, userId } = await registerVerified();
      const rows = await t.api.db.kysely.selectFrom("refresh_tokens").selectAll().where("user_id", "=", userId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(sha256(refreshToken));
      for (const value of Object.values(rows[0]!)) expect(String(value)).not.toContain(refreshToken);
    });

    it("refuses an unknown refresh token and a missing one", async () => {
      const unknown = await t.http.post("/users/refresh").send({ refreshToken: "x".repeat(43) });
      expect(unknown.status).toBe(401);
      expect(unknown.body.error.code).toBe("AUTH_EXPIRED");
      const missing = await t.http.post("/users/refresh").send({});
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe("VALIDATION_ERROR");
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
      expect(out.body).toEqual({ data: { ok: true } });
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
    });

    it("logout revokes the user's other sessions too", async () => {
      const { account, refreshToken: phone } = await registerVerified();
      const laptop = await login(account.userName, account.password);
      expect(laptop.status).toBe(200);
      expect((await t.http.post("/users/logout").send({ refreshToken: laptop.body.data.refreshToken })).status).toBe(200);
      expect((await t.http.post("/users/refresh").send({ refreshToken: phone })).status).toBe(401);
      expect((await t.http.post("/users/refresh").send({ refreshToken: laptop.body.data.refreshToken })).status).toBe(401);
    });

    it("logout works with only the refresh token, and needs one of the two", async () => {
      const { refreshToken } = await registerVerified();
      expect((await t.http.post("/users/logout").send({ refreshToken })).status).toBe(200);
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
      const none = await t.http.post("/users/logout").send({});
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe("AUTH_REQUIRED");
    });

    it("logout with a rotated or revoked refresh token (and no valid bearer) logs nobody out", async () => {
      const { account, refreshToken: old } = await registerVerified();
      const rotated = await t.http.post("/users/refresh").send({ refreshToken: old });
      expect(rotated.status).toBe(200);
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const withRotated = await t.http.post("/users/logout").send({ refreshToken: old });
      expect(withRotated.status).toBe(401);
      expect(withRotated.body.error.code).toBe("AUTH_REQUIRED");
      const current = await t.http.post("/users/refresh").send({ refreshToken: rotated.body.data.refreshToken });
      expect(current.status).toBe(200);

      // A second session, ended: its revoked token can't end the first one.
      const other = await login(account.userName, account.password);
      const otherToken = other.body.data.refreshToken as string;
      expect((await t.http.post("/users/logout").send({ refreshToken: current.body.data.refreshToken })).status).toBe(200);
      const fresh = await login(account.userName, account.password);
      const withRevoked = await t.http.post("/users/logout").set("authorization", "Bearer not-a-token").send({ refreshToken: otherToken });
      expect(withRevoked.status).toBe(401);
      expect((await t.http.post("/users/refresh").send({ refreshToken: fresh.body.data.refreshToken })).status).toBe(200);
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
      expect(res.body).toEqual({ data: { ok: true } });
      await t.api.mailSettled();
      expect(sink.messages.length).toBe(before);
    });

    it("answers 400 to a missing or malformed e-mail", async () => {
      const empty = await t.http.post("/users/forgot-password").send({ email: "  " });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Please enter your email address", type: "validation" });
      const malformed = await t.http.post("/users/forgot-password").send({ email: "ada@" });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Please enter a valid email address", type: "validation" });
    });

    it("answers 200 and mails nothing when the address is throttled", async () => {
      const { account } = await registerVerified();
      t.clock.advance(61_000);
      expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(2);
      const throttled = await t.http.post("/users/forgot-password").send({ email: account.email });
      expect(throttled.status).toBe(200);
      expect(throttled.body).toEqual({ data: { ok: true } });
      expect(await mailsTo(account.email)).toHaveLength(2);
    });

    it("resets with the mailed code, logs in, revokes old sessions, and refuses the code again", async () => {
      const { account, refreshToken } = await registerVerified();
      expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
      const code = await codeFor(account.email);
      const res = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user: { username: account.userName }, token: expect.any(String) });
      expect((await t.http.post("/users/refresh").send({ refreshToken })).status).toBe(401);
      expect((await login(account.userName, account.password)).status).toBe(401);
      expect((await login(account.userName, "a brand new password")).status).toBe(200);
      const again = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "another new password" });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: "OTP_ALREADY_USED", description: RESET_MESSAGES.otpAlreadyUsed, type: "validation" });
      expect(RESET_MESSAGES.otpAlreadyUsed).toBe("This verification code has already been used. Please request a new one.");
    });

    it("refuses a common new password or the account's e-mail as one, keeping the code and the old password", async () => {
      const { account } = await registerVerified();
      expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
      const code = await codeFor(account.email);
      const common = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "Password123" });
      expect(common.status).toBe(400);
      expect(common.body.error).toEqual({ code: "password", description: VALIDATION_MESSAGES.passwordCommon, type: "validation" });
      const own = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: account.email.toUpperCase() });
      expect(own.body.error).toMatchObject({ code: "password", description: VALIDATION_MESSAGES.passwordIsName });
      expect((await login(account.userName, account.password)).status).toBe(200);
      const good = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(good.status).toBe(200);
    });

    it("answers INVALID_OTP for a wrong code and OTP_EXPIRED after 10 minutes", async () => {
      const { account } = await registerVerified();
      t.clock.advance(61_000);
      await t.http.post("/users/forgot-password").send({ email: account.email });
      const code = await codeFor(account.email);
      const bad = await t.http.post("/users/reset-password").send({ email: account.email, otp: otherCode(code), password: "a brand new password" });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toEqual({ code: "INVALID_OTP", description: RESET_MESSAGES.invalidOtp, type: "validation" });
      expect(RESET_MESSAGES.invalidOtp).toBe("Invalid or expired verification code. Please try again.");
      t.clock.advance(10 * MINUTE + 1000);
      const late = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(late.status).toBe(400);
      expect(late.body.error).toEqual({ code: "OTP_EXPIRED", description: RESET_MESSAGES.otpExpired, type: "validation" });
      expect(RESET_MESSAGES.otpExpired).toBe("Verification code has expired. Please request a new one.");
    });

    it("answers INVALID_OTP for an e-mail with no account", async () => {
      const res = await t.http.post("/users/reset-password").send({ email: "ghost.resetter@example.ng", otp: "123456", password: "a brand new password" });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: "INVALID_OTP", description: RESET_MESSAGES.invalidOtp, type: "validation" });
    });

    it("fails the sixth guess at a reset code even when it is right", async () => {
      const { account } = await registerVerified();
      t.clock.advance(61_000);
      await t.http.post("/users/forgot-password").send({ email: account.email });
      const code = await codeFor(account.email);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await t.http.post("/users/reset-password").send({ email: account.email, otp: otherCode(code), password: "a brand new password" });
        expect(wrong.body.error.code).toBe("INVALID_OTP");
      }
      const sixth = await t.http.post("/users/reset-password").send({ email: account.email, otp: code, password: "a brand new password" });
      expect(sixth.status).toBe(400);
      expect(sixth.body.error).toMatchObject({ code: "INVALID_OTP", description: RESET_MESSAGES.invalidOtp });
      expect((await login(account.userName, account.password)).status).toBe(200);
    });

    it("refuses a short or over-long new password with code password", async () => {
      const res = await t.http.post("/users/reset-password").send({ email: "a@b.ng", otp: "123456", password: "short" });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "password", description: "Password must be at least 8 characters long" });
      const long = await t.http.post("/users/reset-password").send({ email: "a@b.ng", otp: "123456", password: "p".repeat(129) });
      expect(long.status).toBe(400);
      expect(long.body.error).toMatchObject({ code: "password", description: "Password must be at most 128 characters long" });
    });

    it("validates the e-mail and the code's shape before anything else", async () => {
      const cases: [object, string][] = [
        [{ email: "", otp: "123456", password: "a brand new password" }, "Please enter your email address"],
        [{ email: "ada@nowhere", otp: "123456", password: "a brand new password" }, "Please enter a valid email address"],
        [{ email: "a@b.ng", otp: "12345", password: "a brand new password" }, "Please enter the 6-digit verification code"],
        [{ email: "a@b.ng", otp: "123456", password: "" }, "Please fill in all fields"],
      ];
      for (const [body, description] of cases) {
        const res = await t.http.post("/users/reset-password").send(body);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: "VALIDATION_ERROR", description, type: "validation" });
      }
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

    it("needs a session, a message, and at most 2000 characters after trimming", async () => {
      const { token } = await registerVerified();
      const anonymous = await t.http.post("/users/feedback").send({ message: "hi" });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe("AUTH_REQUIRED");
      const empty = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "   " });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Please enter your feedback message.", type: "validation" });
      const long = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "x".repeat(2001) });
      expect(long.status).toBe(400);
      expect(long.body.error).toEqual({ code: "VALIDATION_ERROR", description: "Feedback must be at most 2000 characters.", type: "validation" });
      const longest = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: ` ${"x".repeat(2000)} ` });
      expect(longest.status).toBe(201);
    });

    it("limits one user to ten messages an hour", async () => {
      const { account, token } = await registerVerified();
      for (let i = 0; i < 10; i += 1) {
        expect((await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: `note ${i}` })).status).toBe(201);
      }
      const eleventh = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "one more" });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error).toEqual({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE, type: "rate_limit" });
      expect(Number(eleventh.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(eleventh.headers["retry-after"])).toBeLessThanOrEqual(3600);
      t.clock.advance(HOUR + 1000);
      const again = await login(account.userName, account.password);
      const later = await t.http.post("/users/feedback").set("authorization", `Bearer ${again.body.data.token}`).send({ message: "an hour later" });
      expect(later.status).toBe(201);
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
    const feedback = await t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: "survives restarts" });
    expect(feedback.status).toBe(201);
    const other = await register();
    const ip = testIp();
    for (let i = 0; i < 10; i += 1) expect((await login(other.userName, "wrong password", ip)).status).toBe(401);
    await t.close();
    t = await startTestApi(database, sink, t.clock);
    const afterRestart = await login(account.userName, account.password);
    expect(afterRestart.status).toBe(200);
    const stillBlocked = await login(other.userName, other.password, ip);
    expect(stillBlocked.status).toBe(429);
    const row = await t.api.db.kysely.selectFrom("feedback").select("message").where("message", "=", "survives restarts").executeTakeFirst();
    expect(row).toBeDefined();
  });
});
