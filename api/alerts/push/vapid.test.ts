import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadApiConfig } from "../../config.ts";
import { loadOrCreateVapidKeys, pushPublicKey, resolveVapidKeys, VAPID_FILE } from "./vapid.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "afriodds-vapid-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const config = (env: Record<string, string>) => loadApiConfig({ JWT_SECRET: "x".repeat(40), ...env });
/** A P-256 key pair in VAPID's text (URL-safe base64 of the raw point and scalar). */
const KEYS = { publicKey: `B${"A".repeat(86)}`, privateKey: "C".repeat(43) };

describe("VAPID keys", () => {
  it("outside production, are generated once into DATA_DIR (mode 0600) and read back after", () => {
    const dir = dataDir();
    const first = resolveVapidKeys(config({ NODE_ENV: "development", DATA_DIR: dir }))!;
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(statSync(join(dir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, VAPID_FILE), "utf8"))).toEqual(first);
    expect(loadOrCreateVapidKeys(dir)).toEqual(first);
    expect(resolveVapidKeys(config({ NODE_ENV: "test", DATA_DIR: dir }))).toEqual(first);
    expect(pushPublicKey(config({ NODE_ENV: "development", DATA_DIR: dir }))).toBe(first.publicKey);
  });

  it("replaces a stored file that is not keys", () => {
    const dir = dataDir();
    writeFileSync(join(dir, VAPID_FILE), "not json");
    const keys = loadOrCreateVapidKeys(dir);
    expect(JSON.parse(readFileSync(join(dir, VAPID_FILE), "utf8"))).toEqual(keys);
  });

  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, in production or not, and nothing is written", () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir, VAPID_PUBLIC_KEY: KEYS.publicKey, VAPID_PRIVATE_KEY: KEYS.privateKey };
    expect(resolveVapidKeys(config({ NODE_ENV: "production", ...env }))).toEqual(KEYS);
    expect(resolveVapidKeys(config({ NODE_ENV: "development", ...env }))).toEqual(KEYS);
    expect(() => statSync(join(dir, VAPID_FILE))).toThrow();
  });

  it("are none in production without them: Web Push is off and no key is generated", () => {
    const dir = dataDir();
    const production = config({ NODE_ENV: "production", DATA_DIR: dir });
    expect(resolveVapidKeys(production)).toBeUndefined();
    expect(pushPublicKey(production)).toBeNull();
    expect(() => statSync(join(dir, VAPID_FILE))).toThrow();
  });
});
