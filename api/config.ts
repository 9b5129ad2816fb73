import { ConfigError, invalidConfiguration } from "../lib/node/start-up.ts";
import { z } from "zod";
import { DEFAULT_BETSLIP_WRITE_RATE, type WriteRate } from "./betslip/write-rate.ts";
import { SIM_WORLDS, type SimWorld } from "./feeds/simulator/feed-simulator.ts";
import { SIM_SCENARIOS, type SimScenario } from "./feeds/simulator/scenario/scenario.ts";
import { SCRYPT_PARAMS, TEST_SCRYPT_PARAMS, type ScryptParams } from "./accounts/passwords/passwords.ts";

/**
 * `sqlite:<path>` or a parsable `postgres://` URL. The message names the scheme, never the URL:
 * it may hold a password.
 */
function databaseUrlCheck(ctx: z.core.ParsePayload<string>): void {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(ctx.value)?.[0];
  if (scheme === "sqlite:") return;
  if (scheme === "postgres:" || scheme === "postgresql:") {
    if (!URL.canParse(ctx.value) || !ctx.value.startsWith(`${scheme}//`)) ctx.issues.push({ code: "custom", message: `not a valid ${scheme}// URL`, input: ctx.value });
    return;
  }
  ctx.issues.push({ code: "custom", message: `unsupported scheme ${scheme ?? "(none)"} (use sqlite: or postgres://)`, input: ctx.value });
}

/**
 * Registrations allowed per client address an hour and overall per 10 minutes
 * (docs/decisions/009-registration-limits.md). Test stacks that register many accounts from one
 * loopback address raise them; production keeps these.
 */
export const DEFAULT_REGISTRATION_LIMITS = { perAddressPerHour: 10, overallPer10Min: 60 } as const;

/**
 * The proof of work sign-up asks for under a flood: the largest number an ALTCHA challenge hides
 * (SHA-256). A solver tries half of it on average: about 1.2 s in Node on the bench host at 50,000;
 * what a phone-like browser took, and why it is not yet trusted, is in
 * docs/decisions/023-proof-of-work-under-flood.md.
 */
export const DEFAULT_CHALLENGE_MAX_NUMBER = 50_000;

/**
 * Consecutive failed logins on one account, from anywhere, after which the password alone no
 * longer signs in (NIST 800-63B 5.2.2 allows at most 100; docs/decisions/025-login-throttling.md).
 * Test stacks lower it to reach the lock with a few slow hashes.
 */
export const DEFAULT_LOGIN_LOCK_AFTER_FAILURES = 100;

/** What SIM_BOOKING_LATENCY_MS is outside tests: a real book's 0.3 to 1.5 s. */
export const DEFAULT_SIM_BOOKING_LATENCY_MS = "300-1500";

/** "300-1500" or "500" as a range in ms; 0 is none. */
function latencyRange(text: string): { min: number; max: number } | undefined {
  const [min = 0, max = min] = text.split("-").map(Number);
  return max === 0 ? undefined : { min, max };
}

/** The odds API's configuration (docs/design.md, Configuration), parsed once at start-up. Nothing else reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().check(databaseUrlCheck).optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().min(3).default("AfriOdds <no-reply@localhost>"),
  FEEDS: z.enum(["simulated", "live", "off"]).default("simulated"),
  FEED_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(60),
  SIM_STEP_S: z.coerce.number().int().min(1).max(86400).default(300),
  SIM_SCENARIO: z.enum(["", ...SIM_SCENARIOS]).default(""),
  SIM_WORLD: z.enum(SIM_WORLDS).default("board"),
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SIM_BOOKING_LATENCY_MS: z
    .string()
    .regex(/^\d{1,5}(-\d{1,5})?$/, "must be milliseconds, or a range such as 300-1500")
    .refine((text) => !text.includes("-") || Number(text.split("-")[0]) <= Number(text.split("-")[1]), "the range must run from low to high")
    .optional(),
  FEEDS_PROXY_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REGISTRATIONS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(DEFAULT_REGISTRATION_LIMITS.perAddressPerHour),
  REGISTRATIONS_PER_10_MIN: z.coerce.number().int().min(1).default(DEFAULT_REGISTRATION_LIMITS.overallPer10Min),
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(1).max(100, "must be 100 or fewer (NIST 800-63B 5.2.2)").default(DEFAULT_LOGIN_LOCK_AFTER_FAILURES),
  REGISTRATION_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(DEFAULT_CHALLENGE_MAX_NUMBER),
  BETSLIP_WRITE_BURST: z.coerce.number().int().min(1).default(DEFAULT_BETSLIP_WRITE_RATE.burst),
  BETSLIP_WRITES_PER_S: z.coerce.number().positive().max(1000).default(DEFAULT_BETSLIP_WRITE_RATE.perSecond),
  PASSWORD_HASH_COST: z.enum(["production", "test"]).default("production"),
  // Alerts (docs/design.md, Alerts): each channel is on only when it is configured.
  ALERTS: z.enum(["on", "off"]).default("on"),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d{1,20}:[\w-]{20,100}$/, "must be a Bot API token (digits, a colon, then the secret)").optional(),
  TELEGRAM_BOT_USERNAME: z.string().regex(/^\w{5,32}$/, "must be the bot's @name without the @").optional(),
  TELEGRAM_API_ROOT: z.url().default("https://api.telegram.org"),
  TELEGRAM_WEBHOOK_URL: z.url().optional(),
  TELEGRAM_PAID_BROADCAST_PER_S: z.coerce.number().int().min(31).max(1000).optional(),
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[\w-]{16,256}$/, "must be 16-256 letters, digits, _ or -").optional(),
  VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{80,100}$/, "must be a URL-safe base64 P-256 public key").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{40,50}$/, "must be a URL-safe base64 P-256 private key").optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// URL").optional(),
});

export interface ApiConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicOrigin: string;
  dataDir: string;
  databaseUrl: string;
  /** Unset outside production: generated once into DATA_DIR. */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  feeds: "simulated" | "live" | "off";
  feedIntervalS: number;
  /** How often simulated prices move (docs/design.md, Simulator): a demo or a test sets a few seconds. */
  simStepS: number;
  /** A seeded situation the simulator plays (SIM_SCENARIO; `bettor-tools`: sure and value bets on demand); none when unset. */
  simScenario: SimScenario | undefined;
  /** The world the simulator serves (SIM_WORLD; docs/design.md, Simulated world): the four leagues, or the whole board. */
  simWorld: SimWorld;
  /**
   * The loopback port the simulator listens on (SIM_PORT); 0, the default, picks a free one. A test
   * that books at a simulated site directly, as a tipster would, sets it to know where.
   */
  simPort: number;
  /**
   * How long the simulator's booking endpoints take to answer (SIM_BOOKING_LATENCY_MS), as real books
   * take 0.3-1.5 s (docs/design.md, Booking codes); none in tests.
   */
  simBookingLatencyMs: { min: number; max: number } | undefined;
  feedsProxyUrl: string | undefined;
  logLevel: string;
  registrationLimits: { perAddressPerHour: number; overallPer10Min: number };
  /** Consecutive failed logins that lock an account until a sign-in with an e-mailed code (LOGIN_LOCK_AFTER_FAILURES). */
  loginLimits: { lockAfterFailures: number };
  /** How hard the proof of work asked for under a flood is (REGISTRATION_CHALLENGE_MAX_NUMBER). */
  challengeMaxNumber: number;
  /** Each user's betslip writes: a burst, then a steady rate (docs/decisions/024). */
  betslipWriteRate: WriteRate;
  /** scrypt's cost for new hashes: OWASP's unless PASSWORD_HASH_COST=test, which production refuses. */
  scryptParams: ScryptParams;
  /** Alerts (docs/design.md, Alerts): detection and the sender (ALERTS), and each channel's settings. */
  alerts: AlertsConfig;
}

export interface AlertsConfig {
  enabled: boolean;
  telegram:
    | {
        token: string;
        /** The bot's @name, for the profile page's t.me link; asked of getMe when unset. */
        username: string | undefined;
        apiRoot: string;
        /** Set: Telegram posts updates to it (the scaled deployment); unset: long polling. */
        webhookUrl: string | undefined;
        webhookSecret: string | undefined;
        /**
         * Alerts a second the bot may send with Telegram's paid broadcasts (`allow_paid_broadcast`, paid
         * in Stars beyond the free 30 a second; decision 058); undefined: the free 30 a second.
         */
        paidBroadcastPerS: number | undefined;
      }
    | undefined;
  /** VAPID keys from the environment; generated into DATA_DIR outside production when unset (production without them: no Web Push). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
}

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = schema.safeParse(env);
  const problems: { path: readonly PropertyKey[]; message: string }[] = parsed.success ? [] : [...parsed.error.issues];
  if (env.NODE_ENV === "production" && !env.JWT_SECRET) problems.push({ path: ["JWT_SECRET"], message: "required in production" });
  if (env.NODE_ENV === "production" && env.PASSWORD_HASH_COST === "test") problems.push({ path: ["PASSWORD_HASH_COST"], message: "test cost is refused in production" });
  if (env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_WEBHOOK_SECRET) problems.push({ path: ["TELEGRAM_WEBHOOK_SECRET"], message: "required with TELEGRAM_WEBHOOK_URL" });
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) problems.push({ path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together" });
  if (!parsed.success || problems.length > 0) throw new ConfigError(invalidConfiguration(problems));
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.API_PORT,
    host: c.API_HOST,
    publicOrigin: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL ?? `sqlite:${c.DATA_DIR}/app.db`,
    jwtSecret: c.JWT_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    feeds: c.FEEDS,
    feedIntervalS: c.FEED_INTERVAL_S,
    simStepS: c.SIM_STEP_S,
    simScenario: c.SIM_SCENARIO || undefined,
    simWorld: c.SIM_WORLD,
    simPort: c.SIM_PORT,
    simBookingLatencyMs: latencyRange(c.SIM_BOOKING_LATENCY_MS ?? (c.NODE_ENV === "test" ? "0" : DEFAULT_SIM_BOOKING_LATENCY_MS)),
    feedsProxyUrl: c.FEEDS_PROXY_URL,
    logLevel: c.LOG_LEVEL,
    registrationLimits: { perAddressPerHour: c.REGISTRATIONS_PER_ADDRESS_HOUR, overallPer10Min: c.REGISTRATIONS_PER_10_MIN },
    loginLimits: { lockAfterFailures: c.LOGIN_LOCK_AFTER_FAILURES },
    challengeMaxNumber: c.REGISTRATION_CHALLENGE_MAX_NUMBER,
    betslipWriteRate: { burst: c.BETSLIP_WRITE_BURST, perSecond: c.BETSLIP_WRITES_PER_S },
    scryptParams: c.PASSWORD_HASH_COST === "test" ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS,
    alerts: {
      enabled: c.ALERTS === "on",
      telegram: c.TELEGRAM_BOT_TOKEN
        ? {
            token: c.TELEGRAM_BOT_TOKEN,
            username: c.TELEGRAM_BOT_USERNAME,
            apiRoot: c.TELEGRAM_API_ROOT.replace(/\/$/, ""),
            webhookUrl: c.TELEGRAM_WEBHOOK_URL,
            webhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
            paidBroadcastPerS: c.TELEGRAM_PAID_BROADCAST_PER_S,
          }
        : undefined,
      vapid: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : undefined,
      vapidSubject: c.VAPID_SUBJECT ?? `mailto:alerts@${new URL(c.PUBLIC_ORIGIN ?? "http://localhost").hostname}`,
    },
  };
}
