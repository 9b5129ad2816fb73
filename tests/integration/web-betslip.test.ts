import { describe, expect, it } from "vitest";
import type { Betslip, OddsEvent } from "#shared/contract.ts";
import { TEST_ORIGIN } from "../helpers/web.ts";
import { signInThroughWeb, useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

/** The soonest Premier League event the listing holds. */
async function anEvent(cookie: string): Promise<OddsEvent> {
  const res = await suite.stack.http.get("/api/odds?country=1&competition=1&market=1").set("cookie", cookie).expect(200);
  return (res.body.data.events as OddsEvent[])[0]!;
}

/** The last request the API was sent with this method and path prefix. */
const lastSeen = (method: string, prefix: string) => suite.stack.proxy.seen.filter((r) => r.method === method && r.path.startsWith(prefix)).at(-1);

describe("the betslip's calls through the web tier", () => {
  it("forwards the per-selection writes, relays the slip's ETag and the browser's If-Match, and answers a stale one 412", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const event = await anEvent(cookie);
    const write = (method: "put" | "patch" | "post" | "delete", path: string, ifMatch?: string) => {
      const req = suite.stack.http[method](`/api${path}`).set("cookie", cookie).set("origin", TEST_ORIGIN).set("content-type", "application/json");
      return ifMatch === undefined ? req : req.set("if-match", ifMatch);
    };

    const first = await suite.stack.http.get("/api/users/betslip").set("cookie", cookie).expect(200);
    expect(first.headers.etag).toBe('"0"');
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const added = await write("post", "/users/betslip/selections").send({ eventId: event.id, marketId: 1, selectionTypeId: 1 });
    expect(added.status, added.text).toBe(200);
    expect(added.headers.etag).toBe('"1"');

    const stale = await write("put", "/users/betslip", first.headers.etag).send({ stake: 5000, legs: [] });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe("BETSLIP_CHANGED");
    expect(lastSeen("PUT", "/users/betslip")?.headers["if-match"]).toBe('"0"');

    const staked = await write("patch", "/users/betslip", added.headers.etag).send({ stake: 2500 });
    expect(staked.status, staked.text).toBe(200);
    expect((staked.body.data as Betslip).stake).toBe(2500);
    expect(staked.headers.etag).toBe('"2"');

    // The event id goes as one percent-encoded segment, however the browser spelled it.
    const removed = await write("delete", `/users/betslip/selections/${encodeURIComponent(event.id)}/1/1`).send({});
    expect(removed.status, removed.text).toBe(200);
    expect((removed.body.data as Betslip).legs).toEqual([]);
    expect(lastSeen("DELETE", "/users/betslip/selections/")?.path).toBe(`/users/betslip/selections/${encodeURIComponent(event.id)}/1/1`);
  });

  it("refuses a betslip write from another site, asking the API nothing", async () => {
    const { cookie } = await signInThroughWeb(suite);
    const before = suite.stack.proxy.seen.length;
    for (const method of ["patch", "post", "delete"] as const) {
      const path = method === "delete" ? "/api/users/betslip/selections/c1%3Ax/1/1" : method === "post" ? "/api/users/betslip/selections" : "/api/users/betslip";
      const res = await suite.stack.http[method](path).set("cookie", cookie).set("origin", "https://evil.example").set("content-type", "application/json").send({});
      expect(res.status, method).toBe(403);
      expect(res.body.error.code).toBe("CSRF_REJECTED");
    }
    expect(suite.stack.proxy.seen.length).toBe(before);
  });
});
