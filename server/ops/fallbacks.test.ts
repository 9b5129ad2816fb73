import express from "express";
import { pino } from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { UPSTREAM_UNAVAILABLE_MESSAGE } from "#shared/messages.ts";
import { UpstreamUnavailable } from "../bff/upstream.ts";
import { errorFallback, notFoundFallback } from "./fallbacks.ts";

/** An app whose only route parses JSON, closed by the web tier's fallbacks. */
function appWithBodyParser() {
  const app = express();
  app.post("/echo", express.json({ limit: "1kb" }), (req, res) => void res.json({ data: req.body }));
  app.get("/boom", () => {
    throw new Error("a bug with internals: /srv/secret");
  });
  app.get("/api-down/:status", (req) => {
    throw new UpstreamUnavailable("odds API unreachable: ECONNREFUSED 10.0.0.7", req.params.status === "503" ? 503 : 502, "unreachable");
  });
  app.use(notFoundFallback);
  app.use(errorFallback(pino({ level: "silent" })));
  return request(app);
}

describe("the web tier's fallbacks", () => {
  it("answer body-parser failures as the client's fault, in the envelope", async () => {
    const http = appWithBodyParser();
    const cases = [
      { name: "too large", send: () => http.post("/echo").set("content-type", "application/json").send(JSON.stringify({ a: "x".repeat(2_000) })), status: 413, code: "PAYLOAD_TOO_LARGE" },
      { name: "unsupported charset", send: () => http.post("/echo").set("content-type", "application/json; charset=klingon").send("{}"), status: 415, code: "VALIDATION_ERROR" },
      { name: "unknown encoding", send: () => http.post("/echo").set("content-type", "application/json").set("content-encoding", "zstd-ish").send("{}"), status: 415, code: "VALIDATION_ERROR" },
      { name: "corrupt gzip", send: () => http.post("/echo").set("content-type", "application/json").set("content-encoding", "gzip").send("not gzip"), status: 400, code: "VALIDATION_ERROR" },
      { name: "malformed JSON", send: () => http.post("/echo").set("content-type", "application/json").send("{"), status: 400, code: "VALIDATION_ERROR" },
    ];
    for (const { name, send, status, code } of cases) {
      const res = await send();
      expect(res.status, name).toBe(status);
      expect(res.headers["content-type"], name).toMatch(/^application\/json/);
      expect(res.body.error.code, name).toBe(code);
    }
  });

  it("answer an unexpected error as INTERNAL_ERROR without internals, and an unrouted request as NOT_FOUND", async () => {
    const http = appWithBodyParser();
    const boom = await http.get("/boom");
    expect(boom.status).toBe(500);
    expect(boom.body).toEqual({ error: { code: "INTERNAL_ERROR", description: "Something went wrong. Please try again.", type: "server" } });
    const nowhere = await http.delete("/nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.error.code).toBe("NOT_FOUND");
  });

  it("answer the odds API being unavailable as UPSTREAM_UNAVAILABLE with its status, without internals", async () => {
    const http = appWithBodyParser();
    for (const status of [502, 503]) {
      const res = await http.get(`/api-down/${status}`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: { code: "UPSTREAM_UNAVAILABLE", description: UPSTREAM_UNAVAILABLE_MESSAGE, type: "upstream" } });
      expect(res.text).not.toContain("10.0.0.7");
    }
  });

  it("say in fixed words what was wrong with a JSON body", async () => {
    const http = appWithBodyParser();
    const malformed = await http.post("/echo").set("content-type", "application/json").send("{");
    expect(malformed.body.error.description).toBe("Request body is not valid JSON.");
    const large = await http.post("/echo").set("content-type", "application/json").send(JSON.stringify({ a: "x".repeat(2_000) }));
    expect(large.body.error.description).toMatch(/^Request body is too large/);
  });
});
