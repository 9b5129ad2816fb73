import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MESSAGES } from "#shared/messages.ts";
import { VALIDATION_MESSAGES } from "#shared/validation.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount, otherCode, testIp } from "../factories.ts";

const dialects = await testDialects();
/** Production locks after 100 (api/config.test.ts); two keeps these tests short. */
const LOCK_AFTER = 2;
/** The account-wide lock (docs/decisions/025-login-throttling.md): after it, the password needs a mailed code. */
describe.each(dialects)("login lockout on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, undefined, { env: { LOGIN_LOCK_AFTER_FAILURES: String(LOCK_AFTER) } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  function login(username: string, password: string, code?: string, ip = testIp()) {
    return t.http.post("/users/login").set("x-forwarded-for", ip).send(code === undefined ? { username, password } : { username, password, code });
  }

  async function mailsTo(email: string) {
    await t.api.mailSettled();
    return sink.to(email);
  }

  /** The newest code mailed to the address, once mail sent after its answer is delivered. */
  async function mailedCode(email: string) {
    await t.api.mailSettled();
    return sink.latestCode(email);
  }

  async function registerVerified() {
    const account = newAccount();
    expect((await t.http.put("/users/register").send(account)).status).toBe(201);
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(res.status).toBe(200);
    return { ...account, id: res.body.data.user.id as string };
  }

  /** LOCK_AFTER wrong passwords, each from its own address: no per-address limit is reached. */
  async function lock(username: string) {
    for (let i = 0; i < LOCK_AFTER; i += 1) expect((await login(username, "wrong password")).status).toBe(401);
  }

  function expectLocked(res: Awaited<ReturnType<typeof login>>) {
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: "ACCOUNT_LOCKED", description: LOGIN_MESSAGES.accountLocked, type: "auth" });
    expect(res.headers["retry-after"]).toBeUndefined();
  }

  /** What a client sees of an answer, less what differs between any two: the date and the request id. */
  function seen(res: Awaited<ReturnType<typeof login>>) {
    const { date: _date, "x-request-id": _id, ...headers } = res.headers;
    return { status: res.status, body: res.body, headers };
  }

  it("locks an account after its failures from many addresses; the owner signs in with the password and the mailed code, and not without the code", async () => {
    const account = await registerVerified();
    await lock(account.userName);
    const withoutCode = await login(account.userName, account.password);
    expectLocked(withoutCode);
    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.raw).toMatch(/Subject: Your AfriOdds sign-in code: \d{6}/);
    const code = sink.latestCode(account.email);

    expectLocked(await login(account.userName, account.password, otherCode(code)));
    const res = await login(account.userName, account.password, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ user: { id: account.id }, token: expect.any(String), refreshToken: expect.any(String) });
    // The sign-in ended the run of failures: the password alone works again.
    expect((await login(account.userName, account.password)).status).toBe(200);
  });

  it("answers a wrong password on a locked account exactly as the right one, mails a code only for the right one, and spends no try of it", async () => {
    const account = await registerVerified();
    await lock(account.userName);
    const right = await login(account.userName, account.password);
    const code = await mailedCode(account.email);
    const wrong = await login(account.userName, "wrong password");
    const wrongWithCode = await login(account.userName, "wrong password", code);
    expectLocked(right);
    expect(seen(wrong)).toEqual(seen(right));
    expect(seen(wrongWithCode)).toEqual(seen(right));
    // One code, mailed for the right password: the registration's and that one.
    expect(await mailsTo(account.email)).toHaveLength(2);
    const row = await t.api.db.kysely.selectFrom("one_time_codes").select(["attempts", "used_at"]).where("user_id", "=", account.id).where("purpose", "=", "unlock").executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 0, used_at: null });
    expect((await login(account.userName, account.password, code)).status).toBe(200);
  });

  it("locks a name with no account after as many failures, with the answer a locked account gets", async () => {
    const name = `nobody_${newAccount().userName}`;
    await lock(name);
    expectLocked(await login(name, "any password at all"));
  });

  it("spends the code once: when the account locks again, the used code no longer signs in, and a new one does", async () => {
    const account = await registerVerified();
    await lock(account.userName);
    expectLocked(await login(account.userName, account.password));
    const code = await mailedCode(account.email);
    expect((await login(account.userName, account.password, code)).status).toBe(200);

    await lock(account.userName);
    // Within the minute no new code is mailed, so the used code is still the newest: refused for being used.
    expectLocked(await login(account.userName, account.password, code));
    expect(await mailsTo(account.email)).toHaveLength(2);
    t.clock.advance(61_000);
    expectLocked(await login(account.userName, account.password, code));
    expect(await mailsTo(account.email)).toHaveLength(3);
    const fresh = sink.latestCode(account.email);
    expect(fresh).not.toBe(code);
    expect((await login(account.userName, account.password, fresh)).status).toBe(200);
  });

  it("gives a burst of wrong passwords from many addresses no more tries at the password than the lock allows", async () => {
    const account = await registerVerified();
    const burst = await Promise.all(Array.from({ length: 4 * LOCK_AFTER }, () => login(account.userName, "wrong password")));
    expect(burst.filter((res) => res.status === 401)).toHaveLength(LOCK_AFTER);
    const locked = burst.filter((res) => res.status === 403);
    expect(locked).toHaveLength(3 * LOCK_AFTER);
    for (const res of locked) expectLocked(res);
    expectLocked(await login(account.userName, account.password));
  });

  it("refuses a code that is not six digits before looking at the account", async () => {
    const res = await login("anyone", "any password", "12 34");
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "VALIDATION_ERROR", description: VALIDATION_MESSAGES.codeRequired, type: "validation" });
  });

  it("ends the lock with a password reset, which proves the mailbox too", async () => {
    const account = await registerVerified();
    await lock(account.userName);
    expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
    const otp = await mailedCode(account.email);
    const reset = await t.http.post("/users/reset-password").send({ email: account.email, otp, password: "a brand new password" });
    expect(reset.status).toBe(200);
    expect((await login(account.userName, "a brand new password")).status).toBe(200);
  });
});
