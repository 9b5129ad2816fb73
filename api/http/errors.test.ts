import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler } from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { AppError, errorHandler } from "./errors.ts";

describe("the error handler", () => {
  it("hands an error after the headers went out to Express (which ends the connection) instead of throwing", async () => {
    const handler = errorHandler(pino({ level: "silent" }));
    const seen: { thrown?: unknown; passedOn?: unknown } = {};
    const app = express();
    app.get("/stream", (_req, res, next) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
      next(new AppError("RATE_LIMIT_EXCEEDED", "Too many requests.", { retryAfterS: 30 }));
    });
    const observed: ErrorRequestHandler = (error, req, res, next) => {
      try {
        handler(error, req, res, (passed?: unknown) => {
          seen.passedOn = passed;
          next(passed);
        });
      } catch (thrown) {
        seen.thrown = thrown;
        next(thrown);
      }
    };
    app.use(observed);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/stream`)
        .then((res) => res.text())
        .catch(() => undefined);
      expect(seen.thrown).toBeUndefined();
      expect(seen.passedOn).toBeInstanceOf(AppError);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a path Express cannot decode", () => {
  it("is the client's bad input in the envelope, on any route with parameters, never a 500", async () => {
    const app = express();
    app.delete("/users/betslip/selections/:eventId/:marketId/:selectionTypeId", (_req, res) => void res.json({ data: {} }));
    app.use(errorHandler(pino({ level: "silent" })));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const bad of ["1%ED%A0%80", "1%zz"]) {
        const res = await fetch(`http://127.0.0.1:${port}/users/betslip/selections/e1/1/${bad}`, { method: "DELETE" });
        expect(res.status, bad).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
