import { randomBytes, randomInt } from "node:crypto";

let sequence = 0;

/** A fresh, valid registration each call, so tests never share accounts. */
export function newAccount(overrides: Partial<{ userName: string; email: string; password: string; country: number; acceptTerms: boolean }> = {}) {
  sequence += 1;
  const tag = `${randomBytes(3).toString("hex")}${sequence}`;
  return {
    userName: `bettor_${tag}`,
    email: `bettor.${tag}@example.ng`,
    password: "correct horse battery",
    country: 1,
    acceptTerms: true,
    ...overrides,
  };
}

/** A 6-digit code that is surely not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

/** A documentation address (RFC 5737 TEST-NET-2) per call, sent as X-Forwarded-For so each test has its own login-per-IP counter. */
export function testIp(): string {
  return `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}
