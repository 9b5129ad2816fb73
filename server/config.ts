import { ConfigError, invalidConfiguration } from "../lib/node/start-up.ts";
import { z } from "zod";
import { DEFAULT_CAPS, type StreamCaps } from "./bff/live/hub.ts";

/** The web tier's configuration (docs/design.md, Configuration), parsed once at start-up. Nothing else reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_ORIGIN: z.url().optional(),
  API_ORIGIN: z.url().optional(),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DIST_DIR: z.string().default("dist"),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(DEFAULT_CAPS.perSession),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_CAPS.perAddress),
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(DEFAULT_CAPS.perProcess),
});

export interface ServerConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicOrigin: string;
  /** Unset: start the odds API in-process. */
  apiOrigin: string | undefined;
  apiPort: number;
  trustProxy: boolean | number | string | undefined;
  logLevel: string;
  distDir: string;
  /** Unset: no metrics listener. Set: Prometheus metrics on 127.0.0.1 at this port (0: any free one), never on PORT. */
  metricsPort: number | undefined;
  /** Unset: /metrics on PORT answers 404. Set: it answers a scraper that sends `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** Live streams one session, one client address (IPv6 per /64) and this process may hold. */
  liveStreamCaps: StreamCaps;
  /** What the in-process odds API parses with its own schema (api/config.ts) when API_ORIGIN is unset. */
  embeddedApiEnv: Readonly<Record<string, string | undefined>>;
}

/** Express `trust proxy` accepts a boolean, a hop count or an address list. */
function parseTrustProxy(value: string | undefined): ServerConfig["trustProxy"] {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(invalidConfiguration(parsed.error.issues));
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicOrigin: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    apiOrigin: c.API_ORIGIN?.replace(/\/$/, ""),
    apiPort: c.API_PORT,
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
    logLevel: c.LOG_LEVEL,
    distDir: c.DIST_DIR,
    metricsPort: c.METRICS_PORT,
    metricsToken: c.METRICS_TOKEN,
    liveStreamCaps: { perSession: c.LIVE_STREAMS_PER_SESSION, perAddress: c.LIVE_STREAMS_PER_ADDRESS, perProcess: c.LIVE_STREAMS_MAX },
    embeddedApiEnv: { ...env, API_PORT: String(c.API_PORT), PORT: String(c.PORT) },
  };
}
