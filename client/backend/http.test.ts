import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#shared/error-decoding.ts";
import { conditionalGet } from "../live/conditional-get.ts";
import { api } from "./endpoints.ts";
import { apiCall } from "./http.ts";

/** Every fetch answers `body` with `status`. */
function answering(status: number, body: string, headers: Record<string, string> = {}) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json", ...headers } })));
}

afterEach(() => void vi.unstubAllGlobals());

describe("the browser's calls to the web tier", () => {
  it("answer the data of an answer in the envelope", async () => {
    answering(200, '{"data":{"user":null}}');
    await expect(api.session()).resolves.toEqual({ user: null });
  });

  it("reject an answer without the envelope as a bad answer of its status, for calls and conditional GETs alike", async () => {
    for (const body of ['{"nope":1}', "<h1>Bad Gateway</h1>", "null", "[1]", ""]) {
      answering(200, body, { etag: '"1"' });
      const call = await apiCall("GET", "/users/me").catch((error: unknown) => error);
      expect(call, body).toBeInstanceOf(ApiError);
      expect((call as ApiError).status).toBe(200);
      const poll = await conditionalGet("summary", { country: 1 }, undefined).catch((error: unknown) => error);
      expect(poll, body).toBeInstanceOf(ApiError);
    }
  });

  it("ask the path the contract's table gives, below /api", async () => {
    answering(200, '{"data":{"events":[]}}');
    await api.history("sr:match:1", 2);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("/api/odds/events/sr%3Amatch%3A1/history?market=2");
  });
});
