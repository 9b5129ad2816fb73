import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

export function hmac(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Outside production a signing secret is generated once into DATA_DIR so sessions survive restarts. */
export function loadOrCreateSecret(dataDir: string): string {
  const path = join(dataDir, "jwt-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
