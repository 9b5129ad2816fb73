import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../helpers/databases.ts";
import type { FuzzCase } from "../helpers/fuzz-cases.ts";
import { apiEndpoints, webEndpoints } from "../helpers/fuzz-endpoints.ts";
import { endpointCases, parserCases } from "../helpers/fuzz-requests.ts";
import { sendCase, startFuzzStack, type FuzzStack } from "../helpers/fuzz-stack.ts";
import { seededRandom } from "../helpers/fuzz-values.ts";
import { answerProblem, describeFailure } from "../helpers/fuzz-verdict.ts";

/** One seed: the same cases, in the same order, on every run and both databases. */
const SEED = 0x11_0ddba11;

/** Every case; those that never reach the database only when `databaseFree` (the first database's run). */
function allCases(assetPath: string, databaseFree: boolean): FuzzCase[] {
  const random = seededRandom(SEED);
  const endpoints = [...apiEndpoints(), ...webEndpoints(assetPath)];
  const cases = [...endpoints.flatMap((endpoint) => endpointCases(endpoint, random)), ...parserCases("api", "/healthz"), ...parserCases("web", "/healthz")];
  return databaseFree ? cases : cases.filter((c) => !c.endpoint.databaseFree);
}

/** Runs the cases a few at a time (loopback, 2 cores) and collects every bad answer. */
async function runAll(stack: FuzzStack, cases: FuzzCase[], parallel = 4): Promise<string[]> {
  const failures: string[] = [];
  // Cases that can end the session run one by one, after the rest, so no other case loses it mid-flight.
  const spending = cases.filter((c) => c.signedIn && c.endpoint.spendsSession);
  const rest = cases.filter((c) => !spending.includes(c));
  let next = 0;
  const check = async (c: FuzzCase) => {
    const outcome = await sendCase(stack, c);
    const problem = answerProblem(c, outcome);
    if (problem) failures.push(describeFailure(c, outcome, problem));
  };
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < rest.length) await check(rest[(next += 1) - 1]!);
    }),
  );
  for (const c of spending) await check(c);
  return failures;
}

const dialects = await testDialects();

describe.each(dialects)("fuzzing both tiers on %s", (dialect) => {
  let stack: FuzzStack;
  beforeAll(async () => {
    stack = await startFuzzStack(dialect);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("answers hostile requests to every endpoint below 500, in the {data} or {error} envelope (or a page)", async () => {
    const cases = allCases(stack.assetPath, dialect === dialects[0]);
    const failures = await runAll(stack, cases);
    expect(failures, `${failures.length} of ${cases.length} answers failed (seed ${SEED}):\n${failures.join("\n")}`).toEqual([]);
  }, 120_000);
});
