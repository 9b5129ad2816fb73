import { describe, expect, it } from "vitest";
import { CONTRACT_ROUTES, findContractRoute } from "./contract.ts";

/** Every call of product spec section 7, as "METHOD path". */
const SPEC_CALLS = [
  "GET /users/me",
  "PUT /users/register",
  "POST /users/login",
  "POST /users/refresh",
  "POST /users/verify-email",
  "POST /users/resend-otp",
  "POST /users/forgot-password",
  "POST /users/reset-password",
  "POST /users/feedback",
  "GET /odds",
  "GET /odds/summary",
  "GET /odds/sample",
];
/** DESIGN section 3 additions. */
const DESIGN_CALLS = ["POST /users/logout", "GET /session", "POST /events"];

const keys = CONTRACT_ROUTES.map((route) => `${route.method} ${route.path}`);

describe("CONTRACT_ROUTES", () => {
  it("lists each method and path only once", () => {
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("includes every call of the spec and of the design, and nothing else", () => {
    expect([...keys].sort()).toEqual([...SPEC_CALLS, ...DESIGN_CALLS].sort());
  });

  it("requires a session for odds, the profile and feedback, but not for the public sample or login", () => {
    expect(findContractRoute("GET", "/odds")?.auth).toBe(true);
    expect(findContractRoute("GET", "/users/me")?.auth).toBe(true);
    expect(findContractRoute("POST", "/users/feedback")?.auth).toBe(true);
    expect(findContractRoute("GET", "/odds/sample")?.auth).toBe(false);
    expect(findContractRoute("POST", "/users/login")?.auth).toBe(false);
  });

  it("keeps the web tier's own routes away from the odds API", () => {
    expect(CONTRACT_ROUTES.filter((route) => !route.upstream).map((route) => route.path)).toEqual([
      "/session",
      "/events",
    ]);
  });

  it("finds nothing for a known path with the wrong method", () => {
    expect(findContractRoute("POST", "/users/register")).toBeUndefined();
    expect(findContractRoute("DELETE", "/users/me")).toBeUndefined();
  });
});
