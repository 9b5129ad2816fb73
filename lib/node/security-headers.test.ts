import express, { type RequestHandler } from "express";
import helmet from "helmet";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

/** The headers an app with `middleware` in front answers a GET with, Date and the body's own left out. */
async function headersOf(middleware: RequestHandler) {
  const app = express();
  app.disable("x-powered-by");
  app.use(middleware);
  app.get("/", (_req, res) => void res.json({ data: {} }));
  const { headers } = await request(app).get("/");
  const { date: _date, "content-length": _length, etag: _etag, connection: _connection, ...rest } = headers;
  return rest;
}

describe("securityHeaders", () => {
  it("sets exactly what helmet sets, for helmet's defaults and for the web tier's options, then the headers of our own", async () => {
    const options = { contentSecurityPolicy: false, referrerPolicy: { policy: "strict-origin-when-cross-origin" as const }, frameguard: { action: "deny" as const } };
    for (const made of [() => helmet(), () => helmet(options)]) {
      const fromHelmet = await headersOf(made());
      expect(Object.keys(fromHelmet).length).toBeGreaterThan(8);
      expect(await headersOf(securityHeaders(made(), {}))).toEqual(fromHelmet);
      expect(await headersOf(securityHeaders(made(), { "Permissions-Policy": "camera=()" }))).toEqual({ ...fromHelmet, "permissions-policy": "camera=()" });
    }
  });

  it("refuses at start-up a middleware that does not pass the request on at once, or fails", () => {
    expect(() => securityHeaders((_req, _res, next) => void setTimeout(next, 1), {})).toThrow(/at once/);
    expect(() => securityHeaders((_req, _res, next) => next(new Error("no")), {})).toThrow(/failed/);
  });
});
