import { brotliDecompressSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { webOddsCache, oddsKey } from "./odds-cache.ts";
import type { UpstreamAnswer } from "./upstream.ts";

const body = { data: { events: [{ name: "Arsenal vs Chelsea" }] } };
const answer = (over: Partial<UpstreamAnswer> = {}): UpstreamAnswer => ({
  status: 200,
  // The API tags each coding of an answer (lib/node/content-coding.ts): this is its gzip one.
  headers: { etag: '"odds-1-gzip"', "content-encoding": "gzip" },
  body: gzipSync(JSON.stringify(body)),
  ...over,
});
const NOW = 1_800_000_000_000;
const inAnHour = NOW / 1000 + 3600;

describe("the web tier's odds cache", () => {
  it("serves a stored answer to the token the API accepted, until it is a second old", () => {
    let now = NOW;
    const cache = webOddsCache({ ttlMs: 1_000, clock: () => now });
    cache.store("1&1&1", "token-a", inAnHour, answer());
    const hit = cache.lookup("1&1&1", "token-a");
    // The identity representation's tag, from which the web tier tags each coding it serves.
    expect(hit?.etag).toBe('"odds-1"');
    expect(JSON.parse(hit!.json().toString("utf8"))).toEqual(body);
    expect(JSON.parse(brotliDecompressSync(hit!.br()).toString("utf8"))).toEqual(body);
    now += 999;
    expect(cache.lookup("1&1&1", "token-a")).toBeDefined();
    now += 1;
    expect(cache.lookup("1&1&1", "token-a")).toBeUndefined();
  });

  it("serves no token the API has not accepted, nor one that has expired or logged out", () => {
    let now = NOW;
    const cache = webOddsCache({ ttlMs: 60_000, clock: () => now });
    cache.store("1&1&1", "token-a", NOW / 1000 + 30, answer());
    cache.store("1&1&1", "token-b", inAnHour, answer());
    expect(cache.lookup("1&1&1", "never-seen")).toBeUndefined();
    cache.forget("token-b");
    expect(cache.lookup("1&1&1", "token-b")).toBeUndefined();
    expect(cache.lookup("1&1&1", "token-a")).toBeDefined();
    now += 30_000;
    expect(cache.lookup("1&1&1", "token-a")).toBeUndefined();
  });

  it("remembers a bounded number of accepted tokens, the least recently used forgotten first", () => {
    const cache = webOddsCache({ ttlMs: 60_000, clock: () => NOW, maxTokens: 2 });
    cache.store("1&1&1", "token-a", inAnHour, answer());
    cache.store("1&1&1", "token-b", inAnHour, answer());
    expect(cache.lookup("1&1&1", "token-a")).toBeDefined();
    // token-a was used since token-b was stored: token-b is the one that makes room.
    cache.store("1&1&1", "token-c", inAnHour, answer());
    expect(cache.lookup("1&1&1", "token-b")).toBeUndefined();
    expect(cache.lookup("1&1&1", "token-a")).toBeDefined();
    expect(cache.lookup("1&1&1", "token-c")).toBeDefined();
  });

  it("keeps only 200 gzip answers with an ETag", () => {
    const cache = webOddsCache({ clock: () => NOW });
    expect(cache.store("1&1&1", "t", inAnHour, answer({ status: 400 }))).toBeUndefined();
    expect(cache.store("1&1&1", "t", inAnHour, answer({ headers: { etag: '"x"' } }))).toBeUndefined();
    expect(cache.store("1&1&1", "t", inAnHour, answer({ headers: { "content-encoding": "gzip" } }))).toBeUndefined();
    expect(cache.lookup("1&1&1", "t")).toBeUndefined();
  });

  it("asks the API once for the requests that find an answer stale together, when their tokens were accepted", async () => {
    let now = NOW;
    const cache = webOddsCache({ ttlMs: 1_000, clock: () => now });
    cache.store("1&1&1", "token-a", inAnHour, answer());
    cache.store("1&1&1", "token-b", inAnHour, answer());
    now += 1_000;
    let calls = 0;
    let release: (a: UpstreamAnswer) => void = () => undefined;
    const call = () => {
      calls += 1;
      return new Promise<UpstreamAnswer>((resolve) => (release = resolve));
    };
    const waiting = [cache.answer("1&1&1", "token-a", inAnHour, call), cache.answer("1&1&1", "token-b", inAnHour, call), cache.answer("1&1&1", "token-a", inAnHour, call)];
    // A token the API has not accepted is not served another's answer: it makes its own call.
    const stranger = cache.answer("1&1&1", "never-seen", inAnHour, () => Promise.resolve(answer({ status: 401, headers: {} })));
    release(answer({ headers: { etag: '"odds-2-gzip"', "content-encoding": "gzip" } }));
    const answers = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(answers.map((a) => a.cached?.etag)).toEqual(['"odds-2"', '"odds-2"', '"odds-2"']);
    expect((await stranger).answer.status).toBe(401);
  });

  it("leaves each waiter to make its own call when the shared one fails", async () => {
    let now = NOW;
    const cache = webOddsCache({ ttlMs: 1_000, clock: () => now });
    cache.store("1&1&1", "token-a", inAnHour, answer());
    now += 1_000;
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("the API did not answer"));
    };
    const first = cache.answer("1&1&1", "token-a", inAnHour, failing);
    const second = cache.answer("1&1&1", "token-a", inAnHour, () => {
      calls += 1;
      return Promise.resolve(answer());
    });
    await expect(first).rejects.toThrow("the API did not answer");
    expect((await second).answer.status).toBe(200);
    expect(calls).toBe(2);
  });

  it("keys a query by its values as numbers, so the keys stay as few as the valid combinations", () => {
    expect(oddsKey({ country: "1", competition: "01", market: "1.0" })).toBe("1&1&1");
    expect(oddsKey({ country: "1", competition: "2", market: "8" })).not.toBe(oddsKey({ country: "1", competition: "8", market: "2" }));
  });
});
