import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { ENDPOINTS } from "#shared/contract.ts";
import { authAnswer, contractShaped, oddsAnswer, readData } from "./api-answers.ts";
import { createUpstream, UpstreamUnavailable, type UpstreamAnswer, type UpstreamErrorKind } from "./upstream.ts";

const answer = (body: string, headers: UpstreamAnswer["headers"] = {}): UpstreamAnswer => ({ status: 200, headers, body: Buffer.from(body) });
const user = { id: "u1", username: "bettor", country: "1", registrationDate: "2025-01-01T00:00:00.000Z" };

describe("readData", () => {
  const failures: UpstreamErrorKind[] = [];
  // Never called: only its count of failures is used.
  const upstream = createUpstream("http://127.0.0.1:9", { onError: (kind) => failures.push(kind) });
  afterEach(() => void (failures.length = 0));

  it("answers the data of an answer in the contract's shape, the user with every field the API sent", () => {
    const body = JSON.stringify({ data: { user: { ...user, extra: true }, token: "t", refreshToken: "r" } });
    expect(readData(upstream, ENDPOINTS.login, answer(body), authAnswer)).toEqual({ user: { ...user, extra: true }, token: "t", refreshToken: "r" });
    expect(failures).toEqual([]);
  });

  it("inflates an answer the API sent gzip", () => {
    const body = gzipSync(JSON.stringify({ data: { events: [], updatedAt: "2025-01-01T00:00:00.000Z" } }));
    expect(readData(upstream, ENDPOINTS.odds, { status: 200, headers: { "content-encoding": "gzip" }, body }, oddsAnswer).events).toEqual([]);
  });

  it("throws a 502 UpstreamUnavailable, counted as a server error, for a body without the envelope, not JSON, or of another shape", () => {
    const bodies = ['{"nope":1}', "<h1>Bad Gateway</h1>", '{"data":{"user":null,"token":"t","refreshToken":"r"}}', '{"data":[1]}', ""];
    for (const body of bodies) {
      const thrown = (() => {
        try {
          readData(upstream, ENDPOINTS.login, answer(body), authAnswer);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(thrown, body).toBeInstanceOf(UpstreamUnavailable);
      expect((thrown as UpstreamUnavailable).status).toBe(502);
      expect((thrown as UpstreamUnavailable).message).toContain("POST /users/login");
    }
    expect(failures).toEqual(bodies.map(() => "server_error"));
  });

  it("checks of a body it passes on the envelope and the fields it reads, and keeps the rest as it came", () => {
    const shaped = contractShaped<{ events: unknown[]; more: string }>();
    expect(readData(upstream, ENDPOINTS.sample, answer('{"data":{"events":[],"more":"x"}}'), shaped)).toEqual({ events: [], more: "x" });
    expect(() => readData(upstream, ENDPOINTS.sample, answer('{"data":{"events":{}}}'), oddsAnswer)).toThrow(UpstreamUnavailable);
    expect(() => readData(upstream, ENDPOINTS.sample, answer('{"data":"odds"}'), shaped)).toThrow(UpstreamUnavailable);
  });
});
