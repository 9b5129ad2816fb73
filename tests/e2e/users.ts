import { randomBytes } from "node:crypto";

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A user no other test (or earlier run against the same data) has: a short tag, the time, a counter and randomness. */
export function uniqueUser(tag: string): TestUser {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}${randomBytes(2).toString("hex")}`;
  const name = `${tag.replace(/[^a-z0-9]/gi, "").slice(0, 8)}_${id}`;
  return { username: name, email: `${name.toLowerCase()}@e2e.afriodds.test`, password: `Pw-${id}-ok` };
}
