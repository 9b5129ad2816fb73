import express from "express";
import { pino } from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { errorFallback, notFoundFallback } from "./fallbacks.ts";

/** An app whose only route parses JSON, closed by the web tier's fallbacks. */
function appWithBodyParser() {
  const app = express();
  app.post("/echo", express.json({ limit: "1kb" }), (req, res) => void res.json({ data: req.body }));
  app.get("/boom", () => {
    throw new Error("a bug with internals: /srv/secret");
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
});
