import { randomUUID, webcrypto } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  claimRow,
  familySound,
  revokeFamilyRows,
  revokeUserRows,
  rowByToken,
  storeToken,
  type RefreshRow,
  type RefreshRowsDeps,
} from "./refresh-token-rows.ts";
import { hmac, randomToken } from "./secrets.ts";
import { LRUCache } from "lru-cache";

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A rotated refresh token presented again within this long is answered its one successor again
 * instead of revoking the family: two web-tier replicas can present the browser's one cookie at
 * the same moment (docs/decisions/006-refresh-reuse-grace.md).
 */
export const REFRESH_REUSE_GRACE_MS = 20 * 1000;

export interface AccessClaims {
  sub: string;
  /** Random per session; feeds the odds checksum. */
  ak: string;
  /** The refresh-token family: the session. */
  sid: string;
  exp: number;
}

/** Verified access tokens kept in memory (about 7 MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** HS256 access tokens (jose). Only HS256 is accepted, and only tokens typed "access" (docs/design.md, Access tokens). */
export function accessTokens(secret: string, clock: () => number) {
  // Imported once: handing jose the raw bytes would import a Web Crypto key on every call,
  // which was a tenth of the API's CPU per odds request under load.
  const key = webcrypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  // A token's signature check always gives the same answer, so each token is checked once:
  // a signed-in page polls /odds with the same token for its 15 minutes. Expiry is still read
  // on every call. Bounded: the least recently used entry goes first (lru-cache).
  const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_TOKENS_KEPT });
  const remember = (token: string, claims: AccessClaims) => void verified.set(token, claims);
  async function verifyOnce(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ["HS256"],
        currentDate: new Date(clock()),
      });
      if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
      if (typeof payload.ak !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
      return { sub: payload.sub, ak: payload.ak, sid: payload.sid, exp: payload.exp };
    } catch {
      return null;
    }
  }
  return {
    async sign(claims: { sub: string; ak: string; sid: string }): Promise<string> {
      const iat = Math.floor(clock() / 1000);
      return (
        new SignJWT({ ak: claims.ak, sid: claims.sid, typ: "access" })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(claims.sub)
          // A unique id: two tokens issued within the same second are still distinct.
          .setJti(randomUUID())
          .setIssuedAt(iat)
          .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
          .sign(await key)
      );
    },
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > clock() / 1000) return known;
        verified.delete(token);
        return null;
      }
      const claims = await verifyOnce(token);
      if (claims) remember(token, claims);
      return claims;
    },
  };
}

export type RefreshOutcome =
  | { ok: true; userId: string; familyId: string; sessionKey: string; refreshToken: string }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

interface RefreshDeps extends RefreshRowsDeps {
  secret: string;
}

/**
 * Rotating refresh tokens, stored as SHA-256. Each use answers the token's successor, derived as
 * HMAC(secret, token): the same token always has the same successor, so a family is one chain with
 * one live head and the grace can re-answer the successor without storing it. Presenting a token
 * rotated more than REFRESH_REUSE_GRACE_MS ago revokes the whole family (OAuth 2.0 Security BCP,
 * RFC 9700 section 4.14.2). The rules are the functions below; the SQL is refresh-token-rows.ts.
 */
export function refreshTokens(db: Kysely<Database>, secret: string, clock: () => number) {
  const deps: RefreshDeps = { db, secret, clock };
  return {
    start: (userId: string) => startFamily(deps, userId),
    rotate: (token: string) => rotate(deps, token),
    liveOwner: (token: string) => liveOwner(deps, token),
    revokeFamily: (familyId: string) => revokeFamilyRows(deps, familyId),
    revokeUser: (userId: string) => revokeUserRows(deps, userId),
    /** Whether the session (the family) still stands: nothing in it revoked, one live head. */
    sound: (familyId: string) => familySound(deps, familyId),
  };
}

/** Starts a new session: a family with its first token and a fresh `ak`. */
async function startFamily(deps: RefreshDeps, userId: string) {
  const familyId = randomUUID();
  const sessionKey = randomToken(16);
  const refreshToken = randomToken(32);
  const expiresAt = deps.clock() + REFRESH_FAMILY_TTL_MS;
  await storeToken(deps, refreshToken, {
    user_id: userId,
    family_id: familyId,
    session_key: sessionKey,
    expires_at: expiresAt,
  });
  return { familyId, sessionKey, refreshToken };
}

async function rotate(deps: RefreshDeps, token: string): Promise<RefreshOutcome> {
  let row = await rowByToken(deps, token);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revoked_at !== null) return { ok: false, reason: "revoked" };
  if (deps.clock() >= row.expires_at) return { ok: false, reason: "expired" };
  if (row.rotated_at === null) {
    if (await claimRow(deps, row)) return successor(deps, row, token);
    // Another use of the same token rotated it a moment ago: judge this one as a reuse.
    row = await rowByToken(deps, token);
    if (!row || row.revoked_at !== null) return { ok: false, reason: "revoked" };
  }
  // Inside the grace the answer is the same successor the first use got: never a second head.
  if (withinGrace(deps, row)) return successor(deps, row, token);
  await revokeFamilyRows(deps, row.family_id);
  return { ok: false, reason: "reused" };
}

/**
 * The row's one successor, stored if it is not yet. Revocation is family-wide and checked after
 * the write, so one that landed meanwhile takes the successor with it and the refresh fails; so
 * does a family found with two live heads.
 */
async function successor(deps: RefreshDeps, row: RefreshRow, token: string): Promise<RefreshOutcome> {
  const refreshToken = hmac(deps.secret, `refresh-successor:${token}`);
  await storeToken(deps, refreshToken, row);
  if (!(await familySound(deps, row.family_id))) {
    await revokeFamilyRows(deps, row.family_id);
    return { ok: false, reason: "revoked" };
  }
  return {
    ok: true,
    userId: row.user_id,
    familyId: row.family_id,
    sessionKey: row.session_key,
    refreshToken,
  };
}

/**
 * The user of a refresh token that is live now (not revoked, not expired, not rotated
 * before the grace): logout only acts on a token that could still refresh.
 */
async function liveOwner(deps: RefreshDeps, token: string): Promise<string | undefined> {
  const row = await rowByToken(deps, token);
  if (!row || row.revoked_at !== null || deps.clock() >= row.expires_at) return undefined;
  if (row.rotated_at !== null && !withinGrace(deps, row)) return undefined;
  return row.user_id;
}

function withinGrace({ clock }: RefreshDeps, row: RefreshRow) {
  return row.rotated_at !== null && clock() - row.rotated_at <= REFRESH_REUSE_GRACE_MS;
}

export type AccessTokens = ReturnType<typeof accessTokens>;
export type RefreshTokens = ReturnType<typeof refreshTokens>;
