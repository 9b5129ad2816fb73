/**
 * `npm test`'s component and integration suites, side by side: two vitest runs, because vitest 3
 * isolates a whole pool or none of it (timings in docs/benchmarks.md).
 *
 * - integration without isolation: its files share the modules they import (the API, the web tier,
 *   the feeds) instead of importing them again per file, a fifth of the suite's CPU time; every
 *   file starts its own servers and databases and keeps no state in a module it shares.
 * - component with isolation: its stores and registries live in modules, one fresh set per file.
 *
 * Side by side, the component files fill the time the integration files spend waiting on
 * PostgreSQL, sockets and child processes. The integration run's output streams; the component
 * run's is printed whole when it ends, so neither interleaves. Exits with the first failure's code.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const VITEST = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

interface Suite {
  name: string;
  args: string[];
  /** Print as it comes (one suite only), or keep and print whole at the end. */
  stream: boolean;
}

const SUITES: Suite[] = [
  { name: "integration", args: ["run", "--project", "integration", "--no-isolate"], stream: true },
  { name: "component", args: ["run", "--project", "component", "--maxWorkers=2", "--minWorkers=2"], stream: false },
];

function run(suite: Suite): { done: Promise<number>; stop: () => void } {
  const child = spawn(process.execPath, [VITEST, ...suite.args], { stdio: suite.stream ? "inherit" : ["ignore", "pipe", "pipe"] });
  const kept: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => kept.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => kept.push(chunk));
  const done = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      console.error(`[test] the ${suite.name} suite could not start: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code, signal) => {
      if (!suite.stream) process.stdout.write(Buffer.concat(kept));
      console.log(`[test] ${suite.name} suite ${code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`}`);
      resolve(code ?? 1);
    });
  });
  return { done, stop: () => child.kill("SIGTERM") };
}

const running = SUITES.map(run);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const suite of running) suite.stop();
  });
}
const codes = await Promise.all(running.map((suite) => suite.done));
process.exit(codes.find((code) => code !== 0) ?? 0);
