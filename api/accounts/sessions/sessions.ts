import type { AuthResult } from "#shared/contract.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import { AppError } from "../../http/errors.ts";
import type { AccountsDeps } from "../deps.ts";
import { sessionUserOfRow } from "../profile.ts";
import type { AccessClaims } from "./tokens.ts";
import type { UserRow } from "../users.ts";

/** A new refresh-token family and its first access token for a user whose identity is proven. */
export async function startSession(deps: AccountsDeps, user: UserRow): Promise<AuthResult> {
  const { familyId, sessionKey, refreshToken } = await deps.refreshTokens.start(user.id);
  await deps.users.recordLogin(user.id, deps.clock());
  const token = await deps.accessTokens.sign({ sub: user.id, ak: sessionKey, sid: familyId });
  return { user: sessionUserOfRow(user), token, refreshToken };
}

/** The claims of a valid access token, or null (bad, expired or of another type). */
export function verifyAccessToken(deps: Pick<AccountsDeps, "accessTokens">, token: string): Promise<AccessClaims | null> {
  return deps.accessTokens.verify(token);
}

/** Rotates a refresh token (decision 006: a token's successor is derived, so racing uses get the same one). */
export async function refreshSession(deps: AccountsDeps, token: string): Promise<{ token: string; refreshToken: string }> {
  const outcome = await deps.refreshTokens.rotate(token);
  if (!outcome.ok) throw new AppError("AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE);
  const accessToken = await deps.accessTokens.sign({ sub: outcome.userId, ak: outcome.sessionKey, sid: outcome.familyId });
  return { token: accessToken, refreshToken: outcome.refreshToken };
}

/**
 * Revokes every refresh-token family of the user (docs/design.md, Refresh tokens). The user is named by a
 * refresh token that could still refresh (the access token may have expired) or by a valid bearer
 * token; a rotated, revoked or unknown refresh token proves nothing, so it logs nobody out.
 */
export async function logout(deps: AccountsDeps, proof: { refreshToken?: string; bearer?: string }): Promise<void> {
  const byRefresh = proof.refreshToken ? await deps.refreshTokens.liveOwner(proof.refreshToken) : undefined;
  const userId = byRefresh ?? (proof.bearer ? (await deps.accessTokens.verify(proof.bearer))?.sub : undefined);
  if (!userId) throw new AppError("AUTH_REQUIRED", "Please log in to continue.");
  await deps.refreshTokens.revokeUser(userId);
}
