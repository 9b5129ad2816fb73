import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CODE_ATTEMPTS } from "#api/accounts/codes.ts";
import { forgotPassword } from "#api/accounts/passwords/passwords-reset.ts";
import { resendCode } from "#api/accounts/signup/verification.ts";
import { RATE_LIMITED_MESSAGE, RESET_MESSAGES, VERIFY_MESSAGES } from "#shared/messages.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount, otherCode, testIp } from "../factories.ts";

/** Parallel requests against the limits: a burst must get no more than a sequence would. */
const dialects = await testDialects();

describe.each(dialects)("accounts under parallel requests on %s", (dialect) => {
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

  async function register() {
    const account = newAccount();
    expect((await t.http.put("/users/register").send(account)).status).toBe(201);
    const user = await t.api.db.kysely.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
    return { ...account, id: user.id };
  }

  async function registerVerified() {
    const account = await register();
    expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) })).status).toBe(200);
    return account;
  }

  function codeRow(userId: string, purpose: "verify" | "reset") {
    return t.api.db.kysely.selectFrom("one_time_codes").select(["attempts", "used_at"]).where("user_id", "=", userId).where("purpose", "=", purpose).executeTakeFirstOrThrow();
  }

  it("20 wrong guesses and the right one at once leave the code dead, with never more than 5 tries counted", async () => {
    const account = await register();
    const code = sink.latestCode(account.email);
    const guesses = [...Array.from({ length: 20 }, () => otherCode(code)), code];
    const answers = await Promise.all(guesses.map((otp) => t.http.post("/users/verify-email").send({ email: account.email, otp })));
    const wrongAnswers = answers.slice(0, 20);
    for (const res of wrongAnswers) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_VERIFICATION_CODE", description: VERIFY_MESSAGES.invalidCodeRegistration });
    }
    const row = await codeRow(account.id, "verify");
    expect(row.attempts).toBeLessThanOrEqual(MAX_CODE_ATTEMPTS);
    // The right guess only wins when it was among the five tries counted; otherwise the code died of wrong ones.
    const right = answers[20]!;
    if (right.status === 200) expect(row.used_at).not.toBeNull();
    else expect(row).toEqual({ attempts: MAX_CODE_ATTEMPTS, used_at: null });
    const afterwards = await t.http.post("/users/verify-email").send({ email: account.email, otp: code });
    expect(afterwards.status).toBe(400);
    expect(afterwards.body.error.code).toBe("INVALID_VERIFICATION_CODE");
  });

  it("20 wrong guesses at once count 5 tries, and the right code afterwards is refused", async () => {
    const account = await register();
    const code = sink.latestCode(account.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.http.post("/users/verify-email").send({ email: account.email, otp: otherCode(code) })));
    expect(answers.every((res) => res.status === 400 && res.body.error.code === "INVALID_VERIFICATION_CODE")).toBe(true);
    expect(await codeRow(account.id, "verify")).toEqual({ attempts: MAX_CODE_ATTEMPTS, used_at: null });
    expect((await t.http.post("/users/verify-email").send({ email: account.email, otp: code })).status).toBe(400);
  });

  // Called on the service itself, all in one tick: over HTTP the sockets' set-up spaces the requests
  // out, and a burst can look serial without being safe.
  it("30 resends at once, once the minute is over, mail one code, and all succeed alike", async () => {
    const account = await register();
    t.clock.advance(61_000);
    const before = sink.to(account.email).length;
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => resendCode(t.api.accounts, account.email)));
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    await t.api.mailSettled();
    expect(sink.to(account.email).length - before).toBe(1);
  });

  it("10 forgot-password requests at once mail one reset code, and all succeed", async () => {
    const account = await registerVerified();
    const before = sink.to(account.email).length;
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => forgotPassword(t.api.accounts, account.email)));
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    await t.api.mailSettled();
    expect(sink.to(account.email).length - before).toBe(1);
    const issued = await t.api.db.kysely.selectFrom("one_time_codes").select("id").where("user_id", "=", account.id).where("purpose", "=", "reset").execute();
    expect(issued).toHaveLength(1);
  });

  it("the right verification code sent twice at once logs in once", async () => {
    const account = await register();
    const code = sink.latestCode(account.email);
    const answers = await Promise.all([0, 1].map(() => t.http.post("/users/verify-email").send({ email: account.email, otp: code })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.status === 400)!.body.error.code).toBe("INVALID_VERIFICATION_CODE");
    const sessions = await t.api.db.kysely.selectFrom("refresh_tokens").select("id").where("user_id", "=", account.id).execute();
    expect(sessions).toHaveLength(1);
  });

  it("the right reset code sent twice at once resets once; the other answer is OTP_ALREADY_USED", async () => {
    const account = await registerVerified();
    expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
    await t.api.mailSettled();
    const code = sink.latestCode(account.email);
    const answers = await Promise.all(
      ["first new password", "second new password"].map((password) => t.http.post("/users/reset-password").send({ email: account.email, otp: code, password })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.status === 400)!.body.error).toMatchObject({ code: "OTP_ALREADY_USED", description: RESET_MESSAGES.otpAlreadyUsed });
    const winner = answers[0]!.status === 200 ? "first new password" : "second new password";
    expect((await t.http.post("/users/login").set("x-forwarded-for", testIp()).send({ username: account.userName, password: winner })).status).toBe(200);
  });

  it("a burst of 40 wrong passwords from one address gets 10 tries; the right password from there afterwards is still refused", async () => {
    const account = await registerVerified();
    const ip = testIp();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => t.http.post("/users/login").set("x-forwarded-for", ip).send({ username: account.userName, password: "wrong password" })),
    );
    const tried = burst.filter((res) => res.status === 401);
    const refused = burst.filter((res) => res.status === 429);
    expect(tried).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const res of refused) {
      expect(res.body.error).toEqual({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE, type: "rate_limit" });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    }
    const right = await t.http.post("/users/login").set("x-forwarded-for", ip).send({ username: account.userName, password: account.password });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE });
  });

  it("a burst of 39 wrong passwords from one address with the right one among them gets no more than 10 tries", async () => {
    const account = await registerVerified();
    const ip = testIp();
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 30 ? account.password : "wrong password"));
    const burst = await Promise.all(
      passwords.map((password) => t.http.post("/users/login").set("x-forwarded-for", ip).send({ username: account.userName, password })),
    );
    const tried = burst.filter((res) => res.status === 401 || res.status === 200);
    expect(tried.length).toBeLessThanOrEqual(10);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(40 - tried.length);
  });

  it("a burst from one IP near its hourly limit gets only the tries left", async () => {
    const ip = testIp();
    // 95 failures from this IP already this hour.
    await t.api.db.kysely.insertInto("rate_limits").values({ key: `login:ip:${ip}`, window_start: t.clock(), count: 95, blocked_until: null }).execute();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.http.post("/users/login").set("x-forwarded-for", ip).send({ username: `nobody_${i}_${ip}`, password: "wrong password" })),
    );
    expect(burst.filter((res) => res.status === 401)).toHaveLength(5);
    expect(burst.filter((res) => res.status === 429)).toHaveLength(15);
    const account = await registerVerified();
    const right = await t.http.post("/users/login").set("x-forwarded-for", ip).send({ username: account.userName, password: account.password });
    expect(right.status).toBe(429);
    expect(right.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE });
    // A refused try from the IP took nothing from the account's own counts.
    expect((await t.http.post("/users/login").set("x-forwarded-for", testIp()).send({ username: account.userName, password: account.password })).status).toBe(200);
  });

  it("two replicas refreshing the same token at once both get the session's one successor, which then works", async () => {
    const account = await register();
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    const refreshToken = verified.body.data.refreshToken as string;
    const answers = await Promise.all([0, 1].map(() => t.http.post("/users/refresh").send({ refreshToken })));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const [a, b] = answers.map((res) => res.body.data.refreshToken as string);
    // Decision 006: the grace answers the same successor, never a sibling, so the family cannot fork.
    expect(b).toBe(a);
    expect((await t.http.post("/users/refresh").send({ refreshToken: a })).status).toBe(200);
  });

  it("15 feedback messages at once store 10", async () => {
    const account = await register();
    const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    const token = verified.body.data.token as string;
    const tag = `burst ${account.userName}`;
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => t.http.post("/users/feedback").set("authorization", `Bearer ${token}`).send({ message: `${tag} ${i}` })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(5);
    const rows = await t.api.db.kysely.selectFrom("feedback").select("id").where("message", "like", `${tag} %`).execute();
    expect(rows).toHaveLength(10);
  });
});
