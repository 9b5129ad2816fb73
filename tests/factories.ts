import { randomBytes } from "node:crypto";

let sequence = 0;

/** A fresh, valid registration each call, so tests never share accounts. */
export function newAccount(overrides: Partial<{ userName: string; email: string; password: string; country: number }> = {}) {
  sequence += 1;
  const tag = `${randomBytes(3).toString("hex")}${sequence}`;
  return {
    userName: `bettor_${tag}`,
    email: `bettor.${tag}@example.ng`,
    password: "correct horse battery",
    country: 1,
    ...overrides,
  };
}
