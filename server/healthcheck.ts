import { readFileSync } from "node:fs";
import { loadServerConfig } from "./config.ts";
import { healthzUrl } from "./ops/health-probe.ts";

/**
 * The container's HEALTHCHECK (Dockerfile), bundled to dist/server/healthcheck.js: exit 0 when
 * the tier this container runs answers /healthz. PID 1's command line says which tier that is.
 */
const command = readFileSync("/proc/1/cmdline", "utf8").split("\0").join(" ");
const answer = await fetch(healthzUrl(command, loadServerConfig()), { signal: AbortSignal.timeout(2_500) }).catch(() => undefined);
process.exit(answer?.ok ? 0 : 1);
