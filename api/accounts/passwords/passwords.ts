import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP scrypt parameters (docs/design.md, Usernames, e-mails and passwords). Stored with each hash so they can be raised later. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

/**
 * The test cost (PASSWORD_HASH_COST=test): about a hundredth of the work, so the suites' thousands
 * of sign-ups do not spend minutes hashing. The configuration refuses it in production.
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: 128 * params.N * params.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Checks a password against a stored hash with the parameters stored in it, in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Password hashing at the configured cost: new hashes, and the dummy an unknown user is checked against. */
export interface Passwords {
  readonly params: ScryptParams;
  hash(password: string): Promise<string>;
  /** Verifying against this when the user does not exist keeps login time the same either way. */
  dummyHash(): Promise<string>;
}

export function passwords(params: ScryptParams): Passwords {
  let dummy: Promise<string> | undefined;
  return {
    params,
    hash: (password) => hashPassword(password, params),
    dummyHash: () => (dummy ??= hashPassword(randomBytes(16).toString("hex"), params)),
  };
}
