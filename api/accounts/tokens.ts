import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { Kysely, Selectable } from "kysely";
import type { Database, RefreshTokensTable } from "../db/schema.ts";
import { hmac, randomToken, sha256 } from "./secrets.ts";

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

/** HS256 access tokens (jose). Only HS256 is accepted, and only tokens typed "access" (DESIGN section 4). */
export function accessTokens(secret: string, clock: () => number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: { sub: string; ak: string; sid: string }): Promise<string> {
      const iat = Math.floor(clock() / 1000);
      return new SignJWT({ ak: claims.ak, sid: claims.sid, typ: "access" })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.sub)
        // A unique id: two tokens issued within the same second are still distinct.
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(clock()) });
        if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
        if (typeof payload.ak !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
        return { sub: payload.sub, ak: payload.ak, sid: payload.sid, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

export type RefreshOutcome =
  | { ok: true; userId: string; familyId: string; sessionKey: string; refreshToken: string }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

type RefreshRow = Selectable<RefreshTokensTable>;

/**
 * Rotating refresh tokens, stored as SHA-256. Each use answers the token's successor, derived as
 * HMAC(secret, token): the same token always has the same successor, so a family is one chain with
 * one live head and the grace can re-answer the successor without storing it. Presenting a token
 * rotated more than REFRESH_REUSE_GRACE_MS ago revokes the whole family (OAuth 2.0 Security BCP,
 * RFC 9700 section 4.14.2).
 */
export function refreshTokens(db: Kysely<Database>, secret: string, clock: () => number) {
  const successorOf = (token: string) => hmac(secret, `refresh-successor:${token}`);

  /** Stores a token; storing the same successor twice (racing uses of its predecessor) keeps one row. */
  async function store(token: string, row: Pick<RefreshRow, "user_id" | "family_id" | "session_key" | "expires_at">) {
    await db
      .insertInto("refresh_tokens")
      .values({
        id: randomUUID(),
        user_id: row.user_id,
        family_id: row.family_id,
        session_key: row.session_key,
        token_hash: sha256(token),
        created_at: clock(),
        expires_at: row.expires_at,
        rotated_at: null,
        revoked_at: null,
      })
      .onConflict((oc) => oc.column("token_hash").doNothing())
      .execute();
  }

  async function revokeFamily(familyId: string) {
    await db.updateTable("refresh_tokens").set({ revoked_at: clock() }).where("family_id", "=", familyId).where("revoked_at", "is", null).execute();
  }

  /**
   * Sound: nothing in the family is revoked and it has one live head. Successors are derived, so a
   * second head only appears if the secret changed between two uses of one token; it is caught here.
   */
  async function familySound(familyId: string) {
    const family = db.selectFrom("refresh_tokens").select("id").where("family_id", "=", familyId);
    const revoked = await family.where("revoked_at", "is not", null).limit(1).execute();
    const heads = await family.where("rotated_at", "is", null).where("revoked_at", "is", null).limit(2).execute();
    return revoked.length === 0 && heads.length === 1;
  }

  function byToken(token: string) {
    return db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirst();
  }

  const withinGrace = (row: RefreshRow) => row.rotated_at !== null && clock() - row.rotated_at <= REFRESH_REUSE_GRACE_MS;

  /**
   * The row's one successor, stored if it is not yet. Revocation is family-wide and checked after
   * the write, so one that landed meanwhile takes the successor with it and the refresh fails; so
   * does a family found with two live heads.
   */
  async function successor(row: RefreshRow, token: string): Promise<RefreshOutcome> {
    const refreshToken = successorOf(token);
    await store(refreshToken, row);
    if (!(await familySound(row.family_id))) {
      await revokeFamily(row.family_id);
      return { ok: false, reason: "revoked" };
    }
    return { ok: true, userId: row.user_id, familyId: row.family_id, sessionKey: row.session_key, refreshToken };
  }

  /** Marks the token rotated, once: false when another use of it got there first. */
  async function claim(row: RefreshRow): Promise<boolean> {
    const claimed = await db
      .updateTable("refresh_tokens")
      .set({ rotated_at: clock() })
      .where("id", "=", row.id)
      .where("rotated_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  return {
    /** Starts a new session: a family with its first token and a fresh `ak`. */
    async start(userId: string) {
      const familyId = randomUUID();
      const sessionKey = randomToken(16);
      const refreshToken = randomToken(32);
      await store(refreshToken, { user_id: userId, family_id: familyId, session_key: sessionKey, expires_at: clock() + REFRESH_FAMILY_TTL_MS });
      return { familyId, sessionKey, refreshToken };
    },

    async rotate(token: string): Promise<RefreshOutcome> {
      let row = await byToken(token);
      if (!row) return { ok: false, reason: "unknown" };
      if (row.revoked_at !== null) return { ok: false, reason: "revoked" };
      if (clock() >= row.expires_at) return { ok: false, reason: "expired" };
      if (row.rotated_at === null) {
        if (await claim(row)) return successor(row, token);
        // Another use of the same token rotated it a moment ago: judge this one as a reuse.
        row = await byToken(token);
        if (!row || row.revoked_at !== null) return { ok: false, reason: "revoked" };
      }
      // Inside the grace the answer is the same successor the first use got: never a second head.
      if (withinGrace(row)) return successor(row, token);
      await revokeFamily(row.family_id);
      return { ok: false, reason: "reused" };
    },

    /**
     * The user of a refresh token that is live now (not revoked, not expired, not rotated
     * before the grace): logout only acts on a token that could still refresh.
     */
    async liveOwner(token: string): Promise<string | undefined> {
      const row = await byToken(token);
      if (!row || row.revoked_at !== null || clock() >= row.expires_at) return undefined;
      if (row.rotated_at !== null && !withinGrace(row)) return undefined;
      return row.user_id;
    },

    revokeFamily,

    async revokeUser(userId: string) {
      await db.updateTable("refresh_tokens").set({ revoked_at: clock() }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
export type RefreshTokens = ReturnType<typeof refreshTokens>;
