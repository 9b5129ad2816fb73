import { createServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_ADMIN_URL, shouldRunPostgres } from "../helpers/databases.ts";

const SILENT = "postgres://postgres@127.0.0.1:1/none";

/** A PostgreSQL ErrorResponse message (protocol 3.0): 'E', length, then typed null-terminated fields. */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([...Object.entries(fields).map(([type, value]) => Buffer.from(`${type}${value}\0`)), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

describe("the PostgreSQL gate of the test suite", () => {
  // A server that answers every startup like PostgreSQL does for a database that does not exist.
  let refusing: Server;
  let refusingUrl: string;
  beforeAll(async () => {
    refusing = createServer((socket) => {
      socket.once("data", () => socket.end(errorResponse({ S: "FATAL", V: "FATAL", C: "3D000", M: 'database "test" does not exist' })));
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    refusingUrl = `postgres://postgres@127.0.0.1:${(refusing.address() as AddressInfo).port}/test`;
  });
  afterAll(() => new Promise<void>((resolve) => refusing.close(() => resolve())));

  it("skips the PostgreSQL suite locally when PostgreSQL does not answer", async () => {
    await expect(shouldRunPostgres(false, SILENT)).resolves.toBe(false);
  });

  it("fails instead of skipping under CI=true when PostgreSQL does not answer", async () => {
    await expect(shouldRunPostgres(true, SILENT)).rejects.toThrow(/CI=true but PostgreSQL does not answer at postgres:\/\/postgres@127\.0\.0\.1:1\/none \(.+\)/);
  });

  it("reports a server that answers but refuses the connection, even locally, instead of skipping", async () => {
    await expect(shouldRunPostgres(false, refusingUrl)).rejects.toThrow(/answers but refuses the test connection: database "test" does not exist \(SQLSTATE 3D000\)/);
  });

  it("creates and drops its databases through the maintenance database every server has", () => {
    expect(new URL(POSTGRES_ADMIN_URL).pathname).toBe("/postgres");
  });
});
