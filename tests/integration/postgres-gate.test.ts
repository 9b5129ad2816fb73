import { describe, expect, it } from "vitest";
import { shouldRunPostgres } from "../helpers/databases.ts";

const SILENT = "postgres://postgres@127.0.0.1:1/none";

describe("the PostgreSQL gate of the test suite", () => {
  it("skips the PostgreSQL suite locally when PostgreSQL does not answer", async () => {
    await expect(shouldRunPostgres(false, SILENT)).resolves.toBe(false);
  });

  it("fails instead of skipping under CI=true when PostgreSQL does not answer", async () => {
    await expect(shouldRunPostgres(true, SILENT)).rejects.toThrow(/CI=true but PostgreSQL does not answer/);
  });
});
