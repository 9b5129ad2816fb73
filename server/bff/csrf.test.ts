import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { csrfGuard } from "./csrf.ts";

const PUBLIC_ORIGIN = "https://afriodds.ng";

function app(production: boolean) {
  const server = express();
  server.use(csrfGuard(PUBLIC_ORIGIN, production));
  server.post("/write", (_req, res) => void res.json({ ok: true }));
  return request(server);
}

const post = (production: boolean, origin: string, host: string) => app(production).post("/write").set({ origin, host, "content-type": "application/json" }).send({});

describe("csrfGuard", () => {
  it("accepts PUBLIC_ORIGIN in production and refuses an Origin that merely equals the request's Host", async () => {
    expect((await post(true, PUBLIC_ORIGIN, "afriodds.ng")).status).toBe(200);
    const forged = await post(true, "http://evil.example", "evil.example");
    expect([forged.status, forged.body.error.code]).toEqual([403, "CSRF_REJECTED"]);
  });

  it("outside production also accepts the host the request came to (a developer on a LAN address)", async () => {
    expect((await post(false, "http://192.168.1.5:3000", "192.168.1.5:3000")).status).toBe(200);
    expect((await post(false, "http://evil.example", "afriodds.ng")).status).toBe(403);
  });
});
