import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { envelopeErrors, nestsDeeperThan } from "./body-guard.ts";

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, not scalars", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [1] }, 1)).toBe(true);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: null } } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1], b: { c: { d: {} } } }, 3)).toBe(true);
  });

  it("walks a value far deeper than the call stack allows without throwing", () => {
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000)) as unknown;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
  });
});

describe("envelopeErrors", () => {
  it("answers an unexpected error as 500 INTERNAL_ERROR in the envelope, without its message", async () => {
    const app = express();
    app.get("/boom", () => {
      throw new Error("secret internals");
    });
    app.use(envelopeErrors());
    const res = await request(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: "INTERNAL_ERROR", description: expect.any(String), type: "server" } });
    expect(res.text).not.toContain("secret internals");
  });
});
