import type { SessionUser, UserProfile } from "#shared/contract.ts";
import { AppError } from "../http/errors.ts";
import type { AccountsDeps } from "./deps.ts";
import type { UserRow } from "./users.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The user as a session answer carries it (docs/product.md, Calls the browser makes). */
export function sessionUserOfRow(user: UserRow): SessionUser {
  return { id: user.id, username: user.username, country: String(user.country), registrationDate: iso(user.created_at) };
}

/** GET /users/me: the signed-in user's profile; an account gone since the token was issued asks for a new login. */
export async function profile(deps: Pick<AccountsDeps, "users">, userId: string): Promise<UserProfile> {
  const user = await deps.users.byId(userId);
  if (!user) throw new AppError("AUTH_REQUIRED", "Please log in again.");
  const answer: UserProfile = { username: user.username, email: user.email, country: user.country, registrationDate: iso(user.created_at) };
  if (user.last_login_at !== null) answer.lastLogin = iso(user.last_login_at);
  return answer;
}
