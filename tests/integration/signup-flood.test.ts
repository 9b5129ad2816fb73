import { createChallenge } from "altcha-lib";
import { addressKey } from "#lib/node/address-key.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTER_ALL_KEY, registrationRules } from "#api/accounts/signup/registration.ts";
import { CHALLENGE_TTL_MS } from "#api/accounts/signup/signup-challenge.ts";
import { DEFAULT_REGISTRATION_LIMITS } from "#api/config.ts";
import type { RegisterChallenge } from "#shared/contract.ts";
import { CHALLENGE_REQUIRED_MESSAGE } from "#shared/messages.ts";
import { solveSignupChallenge } from "#shared/signup-proof.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { newAccount, testIp } from "../factories.ts";

const dialects = await testDialects();
const { perAddress: REGISTER_IP_RULE, overall: REGISTER_ALL_RULE } = registrationRules(DEFAULT_REGISTRATION_LIMITS);
/** Production's limits; the challenges easy, since their cost is not what these tests are about (the bench measures it). */
const ENV = {
  REGISTRATIONS_PER_ADDRESS_HOUR: String(DEFAULT_REGISTRATION_LIMITS.perAddressPerHour),
  REGISTRATIONS_PER_10_MIN: String(DEFAULT_REGISTRATION_LIMITS.overallPer10Min),
  REGISTRATION_CHALLENGE_MAX_NUMBER: "1000",
};

/** docs/decisions/023-proof-of-work-under-flood.md: a flood cannot keep sign-up closed to people. */
describe.each(dialects)("sign-up under a flood on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, undefined, { env: ENV });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  const db = () => t.api.db.kysely;
  const register = (account: ReturnType<typeof newAccount>, options: { ip?: string; altcha?: string; api?: TestApi } = {}) =>
    (options.api ?? t).http
      .put("/users/register")
      .set("x-forwarded-for", options.ip ?? testIp())
      .send(options.altcha === undefined ? account : { ...account, altcha: options.altcha });
  const usersWithEmail = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).execute()).length;

  /** Puts a limit's counter at `count` in a window starting now. */
  function seedLimit(key: string, count: number) {
    const row = { key, window_start: t.clock(), count, blocked_until: null };
    return db()
      .insertInto("rate_limits")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ window_start: row.window_start, count, blocked_until: null }))
      .execute();
  }
  /** The overall budget spent by a flood from elsewhere, as 60 registrations in the last few seconds leave it. */
  const floodSpent = () => seedLimit(REGISTER_ALL_KEY, REGISTER_ALL_RULE.max);
  const floodOver = () => db().deleteFrom("rate_limits").where("key", "=", REGISTER_ALL_KEY).execute();

  async function challenge(api = t): Promise<RegisterChallenge> {
    const res = await api.http.get("/users/register/challenge");
    expect(res.status).toBe(200);
    return res.body.data as RegisterChallenge;
  }
  async function solved(api = t): Promise<string> {
    const payload = await solveSignupChallenge(await challenge(api));
    expect(payload).not.toBeNull();
    return payload!;
  }

  function expectChallengeRequired(res: { status: number; body: { error?: unknown }; headers: Record<string, string> }) {
    expect(res.status).toBe(429);
    expect(res.body.error).toEqual({ code: "CHALLENGE_REQUIRED", description: CHALLENGE_REQUIRED_MESSAGE, type: "rate_limit" });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  }

  describe("per-address limit", () => {
    it("counts every address of one IPv6 /64 as one client, and another /64 as another", async () => {
      await floodOver();
      // The /64 has registered all but two of its hour's accounts from other addresses in it.
      await seedLimit(`register:ip:${addressKey("2001:db8:5:7::1")}`, REGISTER_IP_RULE.max - 2);
      expect((await register(newAccount(), { ip: "2001:db8:5:7::1" })).status).toBe(201);
      expect((await register(newAccount(), { ip: "2001:db8:5:7:a:b:c:d" })).status).toBe(201);
      const refused = newAccount();
      const res = await register(refused, { ip: "2001:db8:5:7:ffff:ffff:ffff:fffe" });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(await usersWithEmail(refused.email)).toBe(0);
      expect((await register(newAccount(), { ip: "2001:db8:5:8::1" })).status).toBe(201);
    });

    it("counts an IPv4 client the same whether or not its address comes IPv4-mapped", async () => {
      await floodOver();
      await seedLimit("register:ip:203.0.113.50", REGISTER_IP_RULE.max - 1);
      expect((await register(newAccount(), { ip: "::ffff:203.0.113.50" })).status).toBe(201);
      expect((await register(newAccount(), { ip: "203.0.113.50" })).status).toBe(429);
      expect((await register(newAccount(), { ip: "::ffff:203.0.113.50" })).status).toBe(429);
    });
  });

  describe("proof of work once the overall budget is spent", () => {
    it("asks a newcomer without a solution to solve a challenge, and creates nothing", async () => {
      await floodSpent();
      const ip = testIp();
      const account = newAccount();
      expectChallengeRequired(await register(account, { ip }));
      expect(await usersWithEmail(account.email)).toBe(0);
      // Refused before counting anything: a flood's requests cost no write, and spend no address's own limit.
      const own = await db().selectFrom("rate_limits").select("count").where("key", "=", `register:ip:${ip}`).executeTakeFirst();
      expect(own).toBeUndefined();
    });

    it("answers a fresh signed challenge each time, never cached, expiring within minutes", async () => {
      const res = await t.http.get("/users/register/challenge");
      expect(res.headers["cache-control"]).toBe("no-store");
      const first = res.body.data as RegisterChallenge;
      expect(first).toMatchObject({ algorithm: "SHA-256", maxnumber: 1000, challenge: expect.stringMatching(/^[0-9a-f]{64}$/), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const expires = Number(/[?&]expires=(\d+)/.exec(first.salt)?.[1]) * 1000;
      expect(expires).toBeGreaterThan(t.clock());
      expect(expires).toBeLessThanOrEqual(t.clock() + CHALLENGE_TTL_MS);
      expect((await challenge()).salt).not.toBe(first.salt);
    });

    it("registers a newcomer who solved a challenge, and refuses the same solution a second time", async () => {
      await floodSpent();
      const altcha = await solved();
      const account = newAccount();
      const res = await register(account, { altcha });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toEqual({ email: account.email });
      expect(await usersWithEmail(account.email)).toBe(1);
      const replay = newAccount();
      expectChallengeRequired(await register(replay, { altcha }));
      expect(await usersWithEmail(replay.email)).toBe(0);
    });

    it("refuses a solution spent on one replica when it is replayed on another", async () => {
      await floodSpent();
      const other = await startTestApi(database, sink, t.clock, { env: ENV });
      try {
        const altcha = await solved(other);
        expect((await register(newAccount(), { altcha, api: other })).status).toBe(201);
        expectChallengeRequired(await register(newAccount(), { altcha }));
      } finally {
        await other.close();
      }
    });

    it("refuses a forged solution: signed with another key, a changed number, or no payload at all", async () => {
      await floodSpent();
      const forged = await createChallenge({ hmacKey: "not-the-api-key", maxnumber: 1000, number: 7, expires: new Date(t.clock() + 60_000) });
      const payload = (fields: object) => Buffer.from(JSON.stringify(fields)).toString("base64");
      const real = await challenge();
      const realSolution = JSON.parse(Buffer.from((await solveSignupChallenge(real))!, "base64").toString()) as { number: number };
      for (const altcha of [
        payload({ ...forged, number: 7 }),
        payload({ ...real, number: realSolution.number + 1 }),
        payload({ ...real, algorithm: "SHA-1", number: realSolution.number }),
        "not base64 json",
        "",
      ]) {
        const account = newAccount();
        expectChallengeRequired(await register(account, { altcha }));
        expect(await usersWithEmail(account.email)).toBe(0);
      }
      // The real challenge was not spent by the forgeries around it.
      expect((await register(newAccount(), { altcha: payload({ ...real, number: realSolution.number }) })).status).toBe(201);
    });

    it("refuses a solution whose challenge has expired", async () => {
      const altcha = await solved();
      t.clock.advance(CHALLENGE_TTL_MS + 1000);
      await floodSpent();
      const account = newAccount();
      expectChallengeRequired(await register(account, { altcha }));
      expect(await usersWithEmail(account.email)).toBe(0);
    });

    it("still holds a solver's address to its own limit, without spending the solution", async () => {
      await floodSpent();
      const ip = testIp();
      await seedLimit(`register:ip:${ip}`, REGISTER_IP_RULE.max);
      const altcha = await solved();
      const res = await register(newAccount(), { ip, altcha });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect((await register(newAccount(), { altcha })).status).toBe(201);
    });

    it("spends no solution while the budget lasts, and forgets spent ones once they expire", async () => {
      await floodOver();
      const altcha = await solved();
      expect((await register(newAccount(), { altcha })).status).toBe(201);
      await floodSpent();
      expect((await register(newAccount(), { altcha })).status).toBe(201);
      expect(await db().selectFrom("used_signup_challenges").select("signature").execute()).not.toHaveLength(0);
      t.clock.advance(CHALLENGE_TTL_MS + 1000);
      await floodSpent();
      expect((await register(newAccount(), { altcha: await solved() })).status).toBe(201);
      expect(await db().selectFrom("used_signup_challenges").select("signature").execute()).toHaveLength(1);
    });
  });
});
