import { beforeAll, describe, expect, it } from "vitest";
import { simulatedSites } from "#api/booking/index.ts";
import type { BookingCode, BookingRead, OddsEvent } from "#shared/contract.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

beforeAll(() => {
  suite.stack.api.api.booking.useSites(simulatedSites(suite.pipeline.simulator.baseUrl));
});

/** The last request the API was sent with this method and path prefix. */
const lastSeen = (method: string, prefix: string) => suite.stack.proxy.seen.filter((r) => r.method === method && r.path.startsWith(prefix)).at(-1);

/** The soonest Premier League event SportyBet prices to win at home. */
async function sportyEvent(cookie: string): Promise<OddsEvent> {
  const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie).expect(200);
  return (res.body.data.events as OddsEvent[]).find((e) => e.markets[0]?.odds.some((o) => o.provider === 3 && o.odds.some((s) => s.selectionTypeId === 1)))!;
}

describe("booking codes through the web tier", () => {
  it("forwards a code read with the session's token, and answers a visitor 401 without asking the API", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const sim = suite.pipeline.simulator.sim;
    // A fixture whose 1X2 SportyBet has open now: the simulator suspends some markets for a while, as books do.
    const fixture = sim.listing("sportybet", 1).find((listed) => listed.markets.some((m) => m.kind === "1X2" && !m.suspended));
    const { code } = sim.bookings.create("sportybet", [{ fixture: fixture!.fixture, pick: { kind: "1X2", line: null, index: 0 } }], sim.now());

    const res = await suite.stack.http.get(`/api/odds/booking?provider=3&code=${code}`).set("cookie", cookie);
    expect(res.status, res.text).toBe(200);
    expect((res.body.data as BookingRead).legs).toHaveLength(1);
    const seen = lastSeen("GET", "/odds/booking");
    expect(seen?.path).toBe(`/odds/booking?provider=3&code=${code}`);
    expect(seen?.headers.authorization).toMatch(/^Bearer /);

    const before = suite.stack.proxy.seen.length;
    const visitor = await suite.stack.http.get(`/api/odds/booking?provider=3&code=${code}`);
    expect(visitor.status).toBe(401);
    expect(suite.stack.proxy.seen.length).toBe(before);
  });

  it("forwards a mint of the saved slip and relays the API's refusals, but refuses one from another site", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const post = (path: string, body: object, origin = TEST_ORIGIN) =>
      suite.stack.http.post(`/api${path}`).set("cookie", cookie).set("origin", origin).set("content-type", "application/json").send(body);

    const empty = await post("/users/betslip/booking", { provider: 3 });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("VALIDATION_ERROR");
    expect((await post("/users/betslip/booking", { provider: 4 })).body.error.code).toBe("BOOKING_UNSUPPORTED");

    const event = await sportyEvent(cookie);
    await post("/users/betslip/selections", { eventId: event.id, marketId: 1, selectionTypeId: 1 }).expect(200);
    const minted = await post("/users/betslip/booking", { provider: 3 });
    expect(minted.status, minted.text).toBe(200);
    expect(minted.body.data as BookingCode).toMatchObject({ provider: 3, legs: 1 });
    expect(lastSeen("POST", "/users/betslip/booking")?.headers.authorization).toMatch(/^Bearer /);

    const before = suite.stack.proxy.seen.length;
    const forged = await post("/users/betslip/booking", { provider: 3 }, "https://evil.example");
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("CSRF_REJECTED");
    expect(suite.stack.proxy.seen.length).toBe(before);
  });

  it("relays the API's answers about a bookmaker as they are: a book that turns us away is named, not hidden as the API being down", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const sim = suite.pipeline.simulator.sim;
    // A fixture whose 1X2 SportyBet has open now: the simulator suspends some markets for a while, as books do.
    const fixture = sim.listing("sportybet", 1).find((listed) => listed.markets.some((m) => m.kind === "1X2" && !m.suspended));
    const { code } = sim.bookings.create("sportybet", [{ fixture: fixture!.fixture, pick: { kind: "1X2", line: null, index: 0 } }], sim.now());
    sim.setFault("sportybet", { kind: "challenge" });
    try {
      const res = await suite.stack.http.get(`/api/odds/booking?provider=3&code=${code}`).set("cookie", cookie);
      expect(res.status, res.text).toBe(503);
      expect(res.body.error.code).toBe("BOOKMAKER_UNAVAILABLE");
      expect(res.body.error.description).toMatch(/^SportyBet is not answering us right now/);
    } finally {
      sim.setFault("sportybet", null);
    }
  });
});
