import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BETSLIP_MAX_LEGS, type Betslip, type BetslipLeg } from "#shared/contract.ts";
import { newAccount } from "../factories.ts";
import { startTestApi, type TestApi } from "../helpers/api.ts";
import { testClock } from "../helpers/clock.ts";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/databases.ts";
import { storeFixture, writeStoreRun, type StorePrice } from "../helpers/pipeline.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

const dialects = await testDialects();
/** Sunday 22 November 2026, 08:00 UTC. */
const T0 = Date.UTC(2026, 10, 22, 8, 0);
const KICKOFF = new Date(T0 + 3 * 24 * 3600_000);
const PRICES: StorePrice[] = [[1, 1, 1, 1.5], [1, 1, 2, 3.2], [1, 1, 3, 4.1]];
const eventId = (i: number) => `c1:dev:team${i}+other${i}`;
const EVENTS = Array.from({ length: BETSLIP_MAX_LEGS + 4 }, (_, i) => storeFixture(eventId(i), `Team ${i}`, `Other ${i}`, PRICES, KICKOFF));
/** Kicked off half an hour before the test clock's start. */
const STARTED = "c1:dev:started+already";
const home = (i: number): BetslipLeg => ({ eventId: eventId(i), marketId: 1, selectionTypeId: 1 });
const draw = (i: number): BetslipLeg => ({ eventId: eventId(i), marketId: 1, selectionTypeId: 2 });
const TRIALS = 20;

type Answer = { status: number; body: { data?: Betslip; error?: { code: string; description: string; type: string } }; headers: Record<string, string> };
const slipOf = (res: Answer) => res.body.data!;
const legsOf = (res: Answer) => slipOf(res).legs.map((l) => [l.eventId, l.selectionTypeId]);
const selectionPath = (leg: BetslipLeg) => `/users/betslip/selections/${encodeURIComponent(leg.eventId)}/${leg.marketId}/${leg.selectionTypeId}`;

describe.each(dialects)("betslip writes from several devices on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApi;
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    t = await startTestApi(database, sink, clock);
    await writeStoreRun(t.api.db.kysely, [...EVENTS, storeFixture(STARTED, "Started", "Already", PRICES, new Date(T0 - 30 * 60_000))], T0);
    await t.api.odds.refresh();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await database?.drop();
  });

  /** A new verified account's Bearer header. */
  async function signUp(): Promise<Record<string, string>> {
    const account = newAccount();
    await t.http.put("/users/register").send(account);
    const res = await t.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    expect(res.status, res.text).toBe(200);
    return { authorization: `Bearer ${res.body.data.token as string}` };
  }

  /** One of the user's devices (phone, laptop, a stale tab) on an API instance: every call it makes. */
  function device(user: Record<string, string>, api: TestApi = t) {
    const ifMatch = (tag?: string): Record<string, string> => (tag === undefined ? user : { ...user, "if-match": tag });
    const answer = (req: PromiseLike<unknown>) => req as Promise<Answer>;
    return {
      read: () => answer(api.http.get("/users/betslip").set(user)),
      add: (leg: BetslipLeg) => answer(api.http.post("/users/betslip/selections").set(user).send(leg)),
      remove: (leg: BetslipLeg) => answer(api.http.delete(selectionPath(leg)).set(user)),
      stake: (stake: unknown) => answer(api.http.patch("/users/betslip").set(user).send({ stake })),
      put: (body: object, tag?: string) => answer(api.http.put("/users/betslip").set(ifMatch(tag)).send(body)),
    };
  }

  it("keeps both selections when two devices each add one at the same moment, in every one of 20 trials", async () => {
    const user = await signUp();
    const [phone, laptop] = [device(user), device(user)];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      expect((await phone.put({ stake: 1000, legs: [] })).status).toBe(200);
      const [a, b] = [home(trial % 12), home(12 + (trial % 12))];
      const answers = await Promise.all([phone.add(a), laptop.add(b)]);
      expect(answers.map((res) => res.status), `trial ${trial}`).toEqual([200, 200]);
      expect(legsOf(await phone.read()).sort(), `trial ${trial}`).toEqual([[a.eventId, 1], [b.eventId, 1]].sort());
    }
  });

  it("keeps every selection of ten devices adding at once", async () => {
    const user = await signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => device(user).add(home(i))));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(legsOf(await device(user).read()).sort()).toEqual(Array.from({ length: 10 }, (_, i) => [eventId(i), 1]).sort());
  });

  it("never holds more than 50 selections when two devices add the 50th at once", async () => {
    const user = await signUp();
    const phone = device(user);
    for (let trial = 0; trial < 5; trial += 1) {
      expect((await phone.put({ stake: 1000, legs: Array.from({ length: BETSLIP_MAX_LEGS - 1 }, (_, i) => home(i)) })).status).toBe(200);
      const answers = await Promise.all([phone.add(home(BETSLIP_MAX_LEGS + 2)), device(user).add(home(BETSLIP_MAX_LEGS + 3))]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
      expect(answers.find((res) => res.status === 400)!.body.error).toMatchObject({ code: "VALIDATION_ERROR", description: "A betslip holds at most 50 selections." });
      expect(slipOf(await phone.read()).legs).toHaveLength(BETSLIP_MAX_LEGS);
    }
  });

  it("keeps the selection another device added when a stale tab changes only the stake", async () => {
    const user = await signUp();
    const [phone, staleTab] = [device(user), device(user)];
    await phone.put({ stake: 1000, legs: [home(0)] });
    expect(legsOf(await staleTab.read())).toEqual([[eventId(0), 1]]);
    expect((await phone.add(home(1))).status).toBe(200);

    const res = await staleTab.stake(2500);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(slipOf(res).stake).toBe(2500);
    expect(legsOf(res)).toEqual([[eventId(0), 1], [eventId(1), 1]]);
    expect(slipOf(await phone.read())).toEqual(slipOf(res));
  });

  it("removes only the selection named: another device's new selection, or its new pick for the same match, stays", async () => {
    const user = await signUp();
    const [phone, staleTab] = [device(user), device(user)];
    await phone.put({ stake: 1000, legs: [home(0), home(1)] });
    await phone.add(home(2));
    await phone.add(draw(1));

    expect(legsOf(await staleTab.remove(home(0)))).toEqual([[eventId(1), 2], [eventId(2), 1]]);
    const before = await phone.read();
    // The stale tab still shows Home for match 1; the phone has made it Draw since.
    const gone = await staleTab.remove(home(1));
    expect(gone.status).toBe(200);
    expect(legsOf(gone)).toEqual([[eventId(1), 2], [eventId(2), 1]]);
    expect(gone.headers.etag).toBe(before.headers.etag);
  });

  it("adds a pick for a match on the slip in its place, takes the same pick twice as once, and refuses what PUT refuses, saving nothing", async () => {
    const user = await signUp();
    const phone = device(user);
    await phone.put({ stake: 1000, legs: [home(0), home(1)] });
    const replaced = await phone.add(draw(0));
    expect(legsOf(replaced)).toEqual([[eventId(0), 2], [eventId(1), 1]]);
    expect((await phone.add(draw(0))).headers.etag).toBe(replaced.headers.etag);

    const refusals: [() => Promise<Answer>, RegExp][] = [
      [() => phone.add({ eventId: "c1:dev:nobody+none", marketId: 1, selectionTypeId: 1 }), /^Unknown match c1:dev:nobody\+none/],
      [() => phone.add({ eventId: STARTED, marketId: 1, selectionTypeId: 1 }), /^Started vs Already has started: it can no longer be added\.$/],
      [() => phone.add({ eventId: eventId(3), marketId: 1, selectionTypeId: 8 }), /^Unknown selection 8 /],
      [() => phone.add({ ...home(3), price: 9.99 } as BetslipLeg), /unknown field: price/],
      [() => phone.remove({ eventId: eventId(1), marketId: 1.5, selectionTypeId: 1 }), /^marketId must be a market id/],
      [() => phone.remove({ eventId: eventId(1), marketId: 1, selectionTypeId: "x" as unknown as number }), /^selectionTypeId must be a selection id/],
      [() => phone.stake(0), /^stake must be a positive amount in naira/],
      [() => phone.stake("100"), /^stake must be a positive amount in naira/],
      [() => phone.put({ stake: 1000, legs: Array.from({ length: BETSLIP_MAX_LEGS + 1 }, (_, i) => home(i)) }), /^A betslip holds at most 50 selections\.$/],
    ];
    for (const [call, message] of refusals) {
      const res = await call();
      expect(res.status, message.source).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", description: expect.stringMatching(message) });
      expect(await phone.read().then((r) => [slipOf(r), r.headers.etag])).toEqual([slipOf(replaced), replaced.headers.etag]);
    }
    const extra = await t.http.patch("/users/betslip").set(user).send({ stake: 100, legs: [] });
    expect(extra.status).toBe(400);
    expect(extra.body.error.description).toBe("A stake change holds only stake; unknown field: legs.");
  });

  it("answers a whole-slip PUT made from an older version 412 BETSLIP_CHANGED in the envelope and saves nothing", async () => {
    const user = await signUp();
    const [phone, laptop] = [device(user), device(user)];
    await phone.put({ stake: 1000, legs: [home(0)] });
    const seen = await laptop.read();
    const added = await phone.add(home(1));

    const stale = await laptop.put({ stake: 5000, legs: [home(0)] }, seen.headers.etag);

    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ error: { code: "BETSLIP_CHANGED", type: "conflict", description: "Your betslip was changed on another device. Please reload it and try again." } });
    const after = await phone.read();
    expect([slipOf(after), after.headers.etag]).toEqual([slipOf(added), added.headers.etag]);
    // A weak tag never matches If-Match (RFC 9110 section 13.1.1); the current one and `*` do.
    expect((await laptop.put({ stake: 5000, legs: [] }, `W/${after.headers.etag}`)).status).toBe(412);
    const fresh = await laptop.put({ stake: 5000, legs: [home(0), home(1), home(2)] }, after.headers.etag);
    expect(fresh.status).toBe(200);
    expect(legsOf(fresh)).toHaveLength(3);
    expect((await laptop.put({ stake: 5000, legs: [] }, "*")).status).toBe(200);
  });

  it("lets exactly one of two PUTs made from the same version through, in every one of 20 trials", async () => {
    const user = await signUp();
    const [phone, laptop] = [device(user), device(user)];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { etag } = (await phone.read()).headers;
      const answers = await Promise.all([phone.put({ stake: 1000, legs: [home(0)] }, etag), laptop.put({ stake: 2000, legs: [home(1)] }, etag)]);
      expect(answers.map((res) => res.status).sort(), `trial ${trial}`).toEqual([200, 412]);
      const winner = answers.find((res) => res.status === 200)!;
      expect(slipOf(await phone.read()), `trial ${trial}`).toEqual(slipOf(winner));
    }
  });

  it("still replaces the whole slip on a PUT without If-Match, as existing clients send it", async () => {
    const user = await signUp();
    const phone = device(user);
    await phone.add(home(0));
    await phone.add(home(1));

    const res = await phone.put({ stake: 700, legs: [home(2)] });

    expect(res.status).toBe(200);
    expect(slipOf(await phone.read())).toMatchObject({ stake: 700, legs: [expect.objectContaining(home(2))] });
  });

  it("answers a new ETag for every write and the same one for every read between writes, never a 304 and never for a cache", async () => {
    const user = await signUp();
    const phone = device(user);
    const first = await phone.read();
    expect(first.headers.etag).toBe('"0"');
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const tags = [first.headers.etag];
    for (const write of [() => phone.add(home(0)), () => phone.add(home(1)), () => phone.stake(1500), () => phone.remove(home(0)), () => phone.put({ stake: 900, legs: [home(3)] })]) {
      const res = await write();
      expect(res.status).toBe(200);
      expect(tags).not.toContain(res.headers.etag);
      expect(res.headers.etag).toMatch(/^"\d+"$/);
      expect((await phone.read()).headers.etag).toBe(res.headers.etag);
      tags.push(res.headers.etag!);
    }
    // The tag names the slip's version, not its prices, which move between two reads of one version.
    const conditional = await t.http.get("/users/betslip").set({ ...user, "if-none-match": tags.at(-1)! });
    expect(conditional.status).toBe(200);
    expect(conditional.body.data.legs).toHaveLength(1);
  });
});

describe.each(dialects)("the betslip write limit on %s", (dialect) => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let replicas: TestApi[] = [];
  const clock = testClock(T0);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    // Two API replicas on one database, with the production defaults: a burst of 20, then 5 a second.
    const env = { BETSLIP_WRITE_BURST: "20", BETSLIP_WRITES_PER_S: "5" };
    replicas = [await startTestApi(database, sink, clock, { env }), await startTestApi(database, sink, clock, { env })];
    await writeStoreRun(replicas[0]!.api.db.kysely, EVENTS, T0);
    for (const replica of replicas) await replica.api.odds.refresh();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await sink?.close();
    await database?.drop();
  });

  async function signUp(): Promise<Record<string, string>> {
    const account = newAccount();
    const [api] = replicas;
    await api!.http.put("/users/register").send(account);
    const res = await api!.http.post("/users/verify-email").send({ email: account.email, otp: sink.latestCode(account.email) });
    return { authorization: `Bearer ${res.body.data.token as string}` };
  }

  const stake = (user: Record<string, string>, naira: number, replica = 0) => replicas[replica]!.http.patch("/users/betslip").set(user).send({ stake: naira });

  it("takes a burst of 20 writes, then answers 429 with Retry-After until the steady rate allows the next, without slowing another user", async () => {
    const [bettor, bystander] = [await signUp(), await signUp()];
    for (let i = 1; i <= 20; i += 1) expect((await stake(bettor, 1000 + i)).status, `write ${i}`).toBe(200);

    const refused = await replicas[0]!.http.post("/users/betslip/selections").set(bettor).send(home(0));
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.body.error).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", type: "rate_limit" });
    const read = await replicas[0]!.http.get("/users/betslip").set(bettor);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ stake: 1020, legs: [] });
    expect((await stake(bystander, 3000)).status).toBe(200);

    // 5 a second: one more write each 200 ms.
    clock.advance(200);
    expect((await stake(bettor, 2000)).status).toBe(200);
    expect((await stake(bettor, 2001)).status).toBe(429);
    clock.advance(1000);
    for (let i = 0; i < 5; i += 1) expect((await stake(bettor, 2100 + i)).status).toBe(200);
    expect((await stake(bettor, 2200)).status).toBe(429);
  });

  it("counts writes sent at once, to either of two replicas, against one allowance", async () => {
    const bettor = await signUp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => stake(bettor, 1000 + i, i % 2)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
