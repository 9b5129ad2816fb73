import { afterAll, beforeAll, expect } from "vitest";
import { newAccount } from "../factories.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";
import { startPipeline } from "./pipeline.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { startWebStack, TEST_ORIGIN } from "./web.ts";

export interface WebSuite {
  stack: Awaited<ReturnType<typeof startWebStack>>;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  pipeline: Awaited<ReturnType<typeof startPipeline>>;
}

/**
 * One web stack for a test file, on a fresh SQLite database: the real odds API holding one collected
 * cycle of simulated odds, the recording proxy, the web tier, and an SMTP sink for the codes.
 * The fields are set once the file's tests start. `apiEnv`: more of the API's settings, asked for
 * when the stack starts (after the file's own earlier beforeAll, e.g. a stand-in it points at).
 */
export function useWebSuite(options: { oddsCacheMs?: number; apiEnv?: () => Record<string, string> } = {}): WebSuite {
  const suite = {} as WebSuite;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    suite.sink = await startSmtpSink();
    suite.stack = await startWebStack(database, { smtpUrl: suite.sink.url, oddsCacheMs: options.oddsCacheMs, apiEnv: options.apiEnv?.() });
    suite.pipeline = await startPipeline({ api: suite.stack.api.api, clock: suite.stack.api.api.clock });
    await suite.pipeline.runCycle();
  }, 120_000);
  afterAll(async () => {
    await suite.pipeline?.close();
    await suite.stack?.close();
    await suite.sink?.close();
    await database?.drop();
  });
  return suite;
}

/** A new account, registered and verified through the web tier; the verification's answer sets the session cookies. */
export async function signInThroughWeb(suite: WebSuite) {
  const account = newAccount();
  const json = (method: "put" | "post", path: string) => suite.stack.http[method](path).set("origin", TEST_ORIGIN).set("content-type", "application/json");
  await json("put", "/api/users/register").send(account).expect(201);
  const res = await json("post", "/api/users/verify-email").send({ email: account.email, otp: suite.sink.latestCode(account.email) });
  expect(res.status).toBe(200);
  const setCookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const value = (name: string) => setCookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0]?.slice(name.length + 1) ?? "";
  return {
    account,
    res,
    setCookies,
    /** The session as a Cookie header. */
    cookie: setCookies.map((c) => c.split(";")[0]).join("; "),
    access: value("afriodds_at"),
    refresh: value("afriodds_rt"),
  };
}
