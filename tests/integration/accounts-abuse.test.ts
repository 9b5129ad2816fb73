import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { register as registerAccount, REGISTER_ALL_KEY, registrationRules } from "#api/accounts/signup/registration.ts";
import { DEFAULT_REGISTRATION_LIMITS } from "#api/config.ts";
import { sha256 } from "#api/accounts/sessions/secrets.ts";
import { REFRESH_REUSE_GRACE_MS } from "#api/accounts/sessions/tokens.ts";
import { AppError } from "#api/http/errors.ts";
import { RATE_LIMITED_MESSAGE } from "#shared/messages.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount, otherCode, testIp } from "../factories.ts";

const dialects = await testDialects();
/** The limits production runs with (the shared test helpers raise them). */
const { perAddress: REGISTER_IP_RULE, overall: REGISTER_ALL_RULE } = registrationRules(DEFAULT_REGISTRATION_LIMITS);
const PRODUCTION_LIMITS = { REGISTRATIONS_PER_ADDRESS_HOUR: String(DEFAULT_REGISTRATION_LIMITS.perAddressPerHour), REGISTRATIONS_PER_10_MIN: String(DEFAULT_REGISTRATION_LIMITS.overallPer10Min) };

/**
 * Registration floods (docs/design.md, Registration limits), session forks
 * (docs/design.md, Refresh tokens), stranded and padded codes (docs/design.md, One-time codes).
 */
describe.each(dialects)("accounts under abuse on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, undefined, { env: PRODUCTION_LIMITS });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const db = () => t.api.db.kysely;
  const refresh = (refreshToken: string) => t.http.post("/users/refresh").send({ refreshToken });
  const resend = (email: string) => t.http.post("/users/resend-otp").send({ email });

  async function mailsTo(email: string) {
    await t.api.mailSettled();
    return sink.to(email);
  }

  /** A registration from its own client address, unless one is given. */
  async function register(ip = testIp()) {
    const account = newAccount();
    const res = await t.http.put("/users/register").set("x-forwarded-for", ip).send(account);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return account;
  }

  /** The domain's register as the route calls it, with the client's address. */
  function registerFrom(ip: string, account = newAccount()) {
    return registerAccount(t.api.accounts, { username: account.userName, email: account.email, password: account.password, country: account.country, ip });
  }

  async function registerVerified() {
    const account = await register();
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(res.status).toBe(200);
    return { account, userId: res.body.data.user.id as string, refreshToken: res.body.data.refreshToken as string };
  }

  /** Puts a limit's counter at `count` in a window starting now. */
  function seedLimit(key: string, count: number) {
    const row = { key, window_start: t.clock(), count, blocked_until: null };
    return db()
      .insertInto("rate_limits")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ window_start: row.window_start, count, blocked_until: null }))
      .execute();
  }

  const usersWithEmail = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).execute()).length;

  describe("registration limits", () => {
    it("refuses a client address at its hourly limit with 429 and Retry-After, and creates nothing", async () => {
      const ip = testIp();
      await seedLimit(`register:ip:${ip}`, REGISTER_IP_RULE.max - 1);
      await register(ip);
      const refused = newAccount();
      const res = await t.http.put("/users/register").set("x-forwarded-for", ip).send(refused);
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE, type: "rate_limit" });
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await usersWithEmail(refused.email)).toBe(0);
      // Another address behind the same API is not held back.
      await register(testIp());
    });

    it("counts registrations per client address in the service, whichever replica answers", async () => {
      const ip = testIp();
      for (let i = 0; i < REGISTER_IP_RULE.max; i += 1) await registerFrom(ip);
      const refused = newAccount();
      const error = await registerFrom(ip, refused).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", status: 429 });
      expect((error as AppError).retryAfterS).toBeGreaterThan(3500);
      expect(await usersWithEmail(refused.email)).toBe(0);
      // The window is an hour: then the address may register again.
      t.clock.advance(REGISTER_IP_RULE.windowMs);
      await registerFrom(ip);
    });

    it("gives the address its slot back when the registration creates nothing (a taken e-mail)", async () => {
      const ip = testIp();
      const taken = await register();
      await seedLimit(`register:ip:${ip}`, REGISTER_IP_RULE.max - 1);
      const conflict = await registerFrom(ip, newAccount({ email: taken.email })).catch((e: unknown) => e);
      expect(conflict).toMatchObject({ code: "EMAIL_IN_USE" });
      await registerFrom(ip);
    });

    it("refuses every address without a proof of work once the overall budget is spent, without spending the addresses' own", async () => {
      await seedLimit(REGISTER_ALL_KEY, REGISTER_ALL_RULE.max - 1);
      await register(testIp());
      const ip = testIp();
      const refused = newAccount();
      const res = await t.http.put("/users/register").set("x-forwarded-for", ip).send(refused);
      expect(res.status).toBe(429);
      // docs/decisions/023-proof-of-work-under-flood.md; tests/integration/signup-flood.test.ts solves it.
      expect(res.body.error.code).toBe("CHALLENGE_REQUIRED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(REGISTER_ALL_RULE.windowMs / 1000);
      expect(await usersWithEmail(refused.email)).toBe(0);
      const own = await db().selectFrom("rate_limits").select("count").where("key", "=", `register:ip:${ip}`).executeTakeFirst();
      expect(own?.count ?? 0).toBe(0);
      // The overall window ends and sign-up opens again.
      t.clock.advance(REGISTER_ALL_RULE.windowMs);
      await register(ip);
    });

    it("limits one loopback client like any other: the 11th registration in an hour answers 429", async () => {
      const ip = "127.0.0.9";
      for (let i = 0; i < REGISTER_IP_RULE.max; i += 1) await register(ip);
      const res = await t.http.put("/users/register").set("x-forwarded-for", ip).send(newAccount());
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      t.clock.advance(REGISTER_ALL_RULE.windowMs);
    });

    it("answers a registration flood beyond the hashing lane with 429 at once, creating nothing, while a login is still served", async () => {
      const user = await registerVerified();
      // The lane as a flood leaves it: one hash running and 16 waiting (held here, so the test does not depend on how long a hash takes).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const occupants = Array.from({ length: 17 }, () => t.api.accounts.lane.run(() => held));
      expect(t.api.accounts.lane.load).toEqual({ running: 1, waiting: 16 });
      const flood = Array.from({ length: 20 }, () => newAccount());
      const [answers, login] = await Promise.all([
        Promise.all(flood.map((account) => t.http.put("/users/register").set("x-forwarded-for", testIp()).send(account))),
        t.http.post("/users/login").set("x-forwarded-for", testIp()).send({ username: user.account.userName, password: user.account.password }),
      ]);
      expect(login.status).toBe(200);
      for (const res of answers) {
        expect(res.status).toBe(429);
        expect(res.body.error).toEqual({ code: "RATE_LIMIT_EXCEEDED", description: RATE_LIMITED_MESSAGE, type: "rate_limit" });
        expect(res.headers["retry-after"]).toBe("2");
      }
      release();
      await Promise.all(occupants);
      const created = await db().selectFrom("users").select("email").where("email", "in", flood.map((a) => a.email)).execute();
      expect(created).toEqual([]);
      // The refused ones gave back their registration slots: the lane free again, a sign-up goes through.
      await register();
      t.clock.advance(REGISTER_ALL_RULE.windowMs);
    });
  });

  describe("refresh grace without forks", () => {
    it("answers two replicas presenting one cookie at once the same pair, which then works", async () => {
      const { refreshToken } = await registerVerified();
      const [left, right] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect(left.status).toBe(200);
      expect(right.status).toBe(200);
      expect(right.body.data.refreshToken).toBe(left.body.data.refreshToken);
      expect((await refresh(left.body.data.refreshToken)).status).toBe(200);
    });

    it("gives a stolen token replayed inside the grace the victim's own successor; both rotating leaves one head", async () => {
      const { refreshToken: stolen, userId } = await registerVerified();
      const victim = (await refresh(stolen)).body.data.refreshToken as string;
      t.clock.advance(REFRESH_REUSE_GRACE_MS / 2);
      const thief = await refresh(stolen);
      expect(thief.status).toBe(200);
      expect(thief.body.data.refreshToken).toBe(victim);
      // Both sides rotate what they hold: the same token, so the same successor, never two heads.
      const victimNext = await refresh(victim);
      const thiefNext = await refresh(thief.body.data.refreshToken);
      expect(thiefNext.body.data.refreshToken).toBe(victimNext.body.data.refreshToken);
      const live = await db().selectFrom("refresh_tokens").select("id").where("user_id", "=", userId).where("rotated_at", "is", null).where("revoked_at", "is", null).execute();
      expect(live).toHaveLength(1);
    });

    it("revokes the family when a side uses its fork after the grace: at most one side survives, and here none", async () => {
      const { refreshToken: stolen, userId } = await registerVerified();
      const victim = (await refresh(stolen)).body.data.refreshToken as string;
      t.clock.advance(1000);
      const thiefCopy = await refresh(stolen);
      expect(thiefCopy.status).toBe(200);
      const victimNext = await refresh(victim);
      expect(victimNext.status).toBe(200);
      // The thief rotates its copy later than the grace: reuse, and the whole family dies.
      t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const thief = await refresh(thiefCopy.body.data.refreshToken);
      expect(thief.status).toBe(401);
      expect(thief.body.error.code).toBe("AUTH_EXPIRED");
      expect((await refresh(victimNext.body.data.refreshToken)).status).toBe(401);
      const rows = await db().selectFrom("refresh_tokens").select("revoked_at").where("user_id", "=", userId).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.revoked_at).not.toBeNull();
    });

    it("revokes a family found with two live heads at the next rotation of either", async () => {
      const { refreshToken, userId } = await registerVerified();
      const head = await db().selectFrom("refresh_tokens").selectAll().where("token_hash", "=", sha256(refreshToken)).executeTakeFirstOrThrow();
      // A second head, as a replay across a change of the API secret would leave it.
      const other = "a-second-head-of-the-same-family-0123456789";
      await db().insertInto("refresh_tokens").values({ ...head, id: `${head.id}-2`, token_hash: sha256(other) }).execute();
      expect((await refresh(refreshToken)).status).toBe(401);
      expect((await refresh(other)).status).toBe(401);
      const live = await db().selectFrom("refresh_tokens").select("id").where("user_id", "=", userId).where("revoked_at", "is", null).execute();
      expect(live).toEqual([]);
    });

    it("never lets the grace revive a session that was logged out", async () => {
      const { refreshToken: first } = await registerVerified();
      const second = (await refresh(first)).body.data.refreshToken as string;
      expect((await t.http.post("/users/logout").send({ refreshToken: second })).status).toBe(200);
      expect((await refresh(first)).status).toBe(401);
      expect((await refresh(second)).status).toBe(401);
    });

    it("stores only the successor's hash, never the token", async () => {
      const { refreshToken, userId } = await registerVerified();
      const next = (await refresh(refreshToken)).body.data.refreshToken as string;
      const rows = await db().selectFrom("refresh_tokens").selectAll().where("user_id", "=", userId).execute();
      expect(rows.map((row) => row.token_hash).sort()).toEqual([sha256(refreshToken), sha256(next)].sort());
      for (const row of rows) for (const value of Object.values(row)) expect(String(value)).not.toContain(next);
    });
  });

  describe("stranded codes", () => {
    /** What a kill -9 between creating the account and mailing its code leaves behind. */
    async function strand(email: string) {
      const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      await db().updateTable("one_time_codes").set({ mailed_at: null }).where("user_id", "=", user.id).execute();
    }

    it("records when a code's mail was delivered", async () => {
      const account = await register();
      const codes = await db()
        .selectFrom("one_time_codes")
        .innerJoin("users", "users.id", "one_time_codes.user_id")
        .select(["one_time_codes.mailed_at", "one_time_codes.created_at"])
        .where("users.email", "=", account.email)
        .execute();
      expect(codes).toHaveLength(1);
      expect(codes[0]!.mailed_at).toBeGreaterThanOrEqual(codes[0]!.created_at);
    });

    it("mails a code at once on resend when the newest was never delivered, then the cooldown holds again", async () => {
      const account = await register();
      await strand(account.email);
      t.clock.advance(15_000);
      const res = await resend(account.email);
      expect(res.status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(2);
      expect((await resend(account.email)).status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(2);
      const verified = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
      expect(verified.status).toBe(200);
    });

    it("mails a code at once when the owner of a stranded account logs in", async () => {
      const account = await register();
      await strand(account.email);
      t.clock.advance(15_000);
      const res = await t.http.post("/users/login").set("x-forwarded-for", testIp()).send({ username: account.userName, password: account.password });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("ACCOUNT_NOT_VERIFIED");
      expect(await mailsTo(account.email)).toHaveLength(2);
    });

    it("keeps the cooldown for a code whose mail may still be on its way", async () => {
      const account = await register();
      await strand(account.email);
      t.clock.advance(2_000);
      expect((await resend(account.email)).status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(1);
    });

    it("mails one code for parallel resends of a stranded account", async () => {
      const account = await register();
      await strand(account.email);
      t.clock.advance(15_000);
      const answers = await Promise.all(Array.from({ length: 6 }, () => resend(account.email)));
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 6 }, () => 200));
      expect(await mailsTo(account.email)).toHaveLength(2);
    });

    it("still holds the hourly cap of five codes", async () => {
      const account = await register();
      for (let i = 0; i < 4; i += 1) {
        t.clock.advance(61_000);
        expect((await resend(account.email)).status).toBe(200);
      }
      await t.api.mailSettled();
      await strand(account.email);
      t.clock.advance(15_000);
      const res = await resend(account.email);
      expect(res.status).toBe(200);
      expect(await mailsTo(account.email)).toHaveLength(5);
    });
  });

  describe("padded codes", () => {
    it("verifies an e-mail with the code typed between spaces, on the first try", async () => {
      const account = await register();
      const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: ` ${sink.latestCode(account.email)} ` });
      expect(res.status).toBe(200);
    });

    it("resets a password with a padded code, and a padded wrong code is still wrong", async () => {
      const { account } = await registerVerified();
      expect((await t.http.post("/users/forgot-password").send({ email: account.email })).status).toBe(200);
      await t.api.mailSettled();
      const code = sink.latestCode(account.email);
      const wrong = await t.http.post("/users/reset-password").send({ email: account.email, otp: ` ${otherCode(code)}`, password: "a new password 1" });
      expect(wrong.body.error.code).toBe("INVALID_OTP");
      const res = await t.http.post("/users/reset-password").send({ email: account.email, otp: `  ${code}  `, password: "a new password 1" });
      expect(res.status).toBe(200);
      const login = await t.http.post("/users/login").set("x-forwarded-for", testIp()).send({ username: account.userName, password: "a new password 1" });
      expect(login.status).toBe(200);
    });
  });
});
