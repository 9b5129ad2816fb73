import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Db } from "#api/db/database.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";

/**
 * A database of the suite's own on `dialect`, migrated and open for the suite's tests (created in
 * beforeAll, closed and dropped in afterAll). Call it in a describe block; read it in the tests.
 */
export function suiteDatabase(dialect: "sqlite" | "postgres"): () => Db {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error("the suite's database is not open yet (read it inside a test)");
    return db;
  };
}
