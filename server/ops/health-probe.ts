/** The command line of a process that runs the odds API's entry rather than the web tier's. */
const RUNS_API = /(^|[\s/])api\/main\.js(\s|$)/;

/**
 * The /healthz the image's HEALTHCHECK probes. One image runs either tier, so the probe reads
 * what the container's first process runs: `dist/api/main.js` listens on API_PORT, the web tier
 * on PORT. Both tiers answer /healthz.
 */
export function healthzUrl(command: string, ports: { port: number; apiPort: number }): string {
  const port = RUNS_API.test(command) ? ports.apiPort : ports.port;
  return `http://127.0.0.1:${port}/healthz`;
}
