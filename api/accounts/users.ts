import type { Kysely, Selectable } from "kysely";
import type { Database, UsersTable } from "../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

/** Users repository: SQL in, plain rows out. */
export function usersRepository(db: Kysely<Database>) {
  return {
    insert(user: UserRow) {
      return db.insertInto("users").values(user).execute();
    },
    byId(id: string) {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },
    byUsername(username: string) {
      return db.selectFrom("users").selectAll().where("username_key", "=", username.trim().toLowerCase()).executeTakeFirst();
    },
    byEmail(email: string) {
      return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    },
    markVerified(id: string) {
      return db.updateTable("users").set({ verified: 1 }).where("id", "=", id).execute();
    },
    recordLogin(id: string, at: number) {
      return db.updateTable("users").set({ last_login_at: at }).where("id", "=", id).execute();
    },
    setPassword(id: string, passwordHash: string) {
      return db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
