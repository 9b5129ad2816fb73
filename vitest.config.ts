import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's own order (failed first, then longest by its cache of past runs, or largest file on a
 * clean clone), with the integration files ahead of the component files: they are the long ones
 * (some run a minute of collection cycles), and one that starts last ends the run alone on one
 * worker while the short component files could have filled the others.
 */
class IntegrationFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const integration = (file: TestSpecification) => file.project.name === "integration";
    return [...sorted.filter(integration), ...sorted.filter((file) => !integration(file))];
  }
}

/**
 * Three projects (`npx vitest run --project integration` runs one): unit tests in
 * plain Node, component tests in happy-dom, and integration tests against real databases, a real
 * SMTP sink and the built site, which the integration project's global setup builds once per run
 * (tests/helpers/build-once.ts; the browser suite then serves the same build).
 *
 * Three workers on this two-core machine kind: the integration files spend most of their time
 * waiting on PostgreSQL, sockets and child processes, so a third worker fills the waits (the
 * default, one fewer than the cores, ran the suite in series). Vitest 3 sets isolation for a whole
 * run, not per project, so `npm test` runs three: the unit project alone without isolation (its
 * files are pure functions; importing the modules again for each of ~100 files cost most of their
 * time; two workers kept for the whole run, as tinypool ended an idle worker under a non-isolated
 * run with "Terminating worker thread"), then the integration project without isolation, then the
 * component project with it, one after the other: side by side they took 245 s against 186 s in
 * series, each slowing the other on two cores (docs/benchmarks.md). Integration files start their own
 * servers and databases and keep nothing in the modules they share; component files keep stores
 * and metrics registries in modules, so each gets a fresh set. `npx vitest run` alone runs all
 * three projects isolated, as before.
 */
/**
 * Test files of plain modules that need a DOM (`@vitest-environment happy-dom`): they run with the
 * component files, isolated, not in the unit project's shared module graph, where a DOM set up and
 * torn down by one file is no ground for the next (a render test's abort, which a real timer fires,
 * hung once after them in a clean run).
 */
const DOM_FILES = ["client/finder/view-choice.test.ts", "client/betslip/store.test.ts", "client/session/store.test.ts", "server/render/early-taps.test.ts", "scripts/build/boot.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    maxWorkers: 3,
    minWorkers: 3,
    sequence: { sequencer: IntegrationFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["shared/**/*.test.ts", "client/**/*.test.ts", "server/**/*.test.ts", "api/**/*.test.ts", "scripts/**/*.test.ts", "lib/**/*.test.ts"],
          exclude: DOM_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: "component",
          environment: "happy-dom",
          include: ["client/**/*.test.tsx", "tests/client/**/*.test.{ts,tsx}", ...DOM_FILES],
          setupFiles: ["tests/client/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/helpers/build-once.ts"],
        },
      },
    ],
  },
});
