import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webPush from "web-push";
import type { ApiConfig } from "../../config.ts";

/**
 * The VAPID keys Web Push signs with (docs/design.md, Channels: Web Push; RFC 8292): from
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; outside production, generated once into DATA_DIR
 * and reused, as the JWT secret is (api/accounts/sessions/secrets.ts), so a browser's subscription
 * outlives a restart; in production without them, none: Web Push is off.
 */
export interface VapidKeys {
  /** URL-safe base64 of the uncompressed P-256 point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = "vapid.json";

const KEY_TEXT = /^[\w-]+$/;

function readKeys(path: string): VapidKeys | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<VapidKeys>;
    const { publicKey, privateKey } = parsed;
    if (typeof publicKey !== "string" || typeof privateKey !== "string" || !KEY_TEXT.test(publicKey) || !KEY_TEXT.test(privateKey)) return undefined;
    return { publicKey, privateKey };
  } catch {
    return undefined;
  }
}

/** The keys in DATA_DIR/vapid.json, made (mode 0600) when the file is missing or unreadable. */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const path = join(dataDir, VAPID_FILE);
  const stored = existsSync(path) ? readKeys(path) : undefined;
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const made = webPush.generateVAPIDKeys();
  const keys = { publicKey: made.publicKey, privateKey: made.privateKey };
  writeFileSync(path, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** Keys read or made per DATA_DIR, so asking for them per request reads no file. */
const generated = new Map<string, VapidKeys>();

/** This deployment's keys, or undefined where Web Push is off (production without VAPID_* set). */
export function resolveVapidKeys(config: Pick<ApiConfig, "env" | "dataDir" | "alerts">): VapidKeys | undefined {
  if (config.alerts.vapid) return config.alerts.vapid;
  if (config.env === "production") return undefined;
  const known = generated.get(config.dataDir) ?? loadOrCreateVapidKeys(config.dataDir);
  generated.set(config.dataDir, known);
  return known;
}

/** The public key a browser subscribes with, or null where Web Push is off. */
export function pushPublicKey(config: Pick<ApiConfig, "env" | "dataDir" | "alerts">): string | null {
  return resolveVapidKeys(config)?.publicKey ?? null;
}
