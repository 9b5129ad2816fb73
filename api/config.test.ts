import { describe, expect, it } from "vitest";
import { ConfigError } from "../lib/node/start-up.ts";
import { DEFAULT_LOGIN_LOCK_AFTER_FAILURES, loadApiConfig } from "./config.ts";

describe("the API configuration", () => {
  it("defaults to the embedded setup: SQLite in ./data, simulated feeds, the outbox", () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: "sqlite:./data/app.db", feeds: "simulated", feedIntervalS: 60, smtpUrl: undefined });
    expect(config.publicOrigin).toBe("http://localhost:3000");
  });

  it("puts the SQLite file in DATA_DIR and selects PostgreSQL by URL", () => {
    expect(loadApiConfig({ DATA_DIR: "/var/afriodds" }).databaseUrl).toBe("sqlite:/var/afriodds/app.db");
    expect(loadApiConfig({ DATABASE_URL: "postgres://u@h/db" }).databaseUrl).toBe("postgres://u@h/db");
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadApiConfig({ FEEDS: "sometimes" })).toThrow(ConfigError);
    expect(() => loadApiConfig({ FEEDS: "sometimes" })).toThrow(/FEEDS/);
    expect(() => loadApiConfig({ API_PORT: "http" })).toThrow(/API_PORT/);
    expect(() => loadApiConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("names an unsupported DATABASE_URL scheme without repeating the URL, which may hold a password", () => {
    expect(() => loadApiConfig({ DATABASE_URL: "mysql://u:secret@h/db" })).toThrow(/^Invalid configuration: DATABASE_URL: unsupported scheme mysql: \(use sqlite: or postgres:\/\/\)$/);
    expect(() => loadApiConfig({ DATABASE_URL: "postgres:secret" })).toThrow(/^Invalid configuration: DATABASE_URL: not a valid postgres:\/\/ URL$/);
    expect(loadApiConfig({ DATABASE_URL: "postgresql://u@h/db" }).databaseUrl).toBe("postgresql://u@h/db");
  });

  it("reports every bad variable at once, not only the first", () => {
    expect(() => loadApiConfig({ NODE_ENV: "production", FEEDS: "sometimes", API_PORT: "http" })).toThrow(
      /^Invalid configuration: API_PORT: .+; FEEDS: .+; JWT_SECRET: required in production$/,
    );
  });

  it("runs alerts with e-mail alone unless a channel is configured, and refuses a channel half configured (docs/design.md, Alerts)", () => {
    const plain = loadApiConfig({});
    expect(plain.alerts).toEqual({ enabled: true, telegram: undefined, vapid: undefined, vapidSubject: "mailto:alerts@localhost" });
    expect(loadApiConfig({ ALERTS: "off" }).alerts.enabled).toBe(false);
    const token = "123456789:AAE-secret_part_of_the_token_0123456";
    expect(loadApiConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: "http://127.0.0.1:9/" }).alerts.telegram).toEqual({
      token,
      username: undefined,
      apiRoot: "http://127.0.0.1:9",
      webhookUrl: undefined,
      webhookSecret: undefined,
      paidBroadcastPerS: undefined,
    });
    expect(loadApiConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_PAID_BROADCAST_PER_S: "300" }).alerts.telegram?.paidBroadcastPerS).toBe(300);
    expect(() => loadApiConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_PAID_BROADCAST_PER_S: "30" })).toThrow(/^Invalid configuration: TELEGRAM_PAID_BROADCAST_PER_S: /);
    expect(() => loadApiConfig({ TELEGRAM_BOT_TOKEN: "not a token" })).toThrow(/^Invalid configuration: TELEGRAM_BOT_TOKEN: /);
    expect(() => loadApiConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_URL: "https://x.example/telegram/webhook" })).toThrow(/TELEGRAM_WEBHOOK_SECRET: required with TELEGRAM_WEBHOOK_URL/);
    expect(() => loadApiConfig({ VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(loadApiConfig({ VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "k".repeat(43), PUBLIC_ORIGIN: "https://afriodds.example" }).alerts).toMatchObject({
      vapid: { publicKey: "B".repeat(87), privateKey: "k".repeat(43) },
      vapidSubject: "mailto:alerts@afriodds.example",
    });
  });

  it("plays no simulator scenario unless SIM_SCENARIO names one, and refuses an unknown name", () => {
    expect(loadApiConfig({}).simScenario).toBeUndefined();
    expect(loadApiConfig({ SIM_SCENARIO: "" }).simScenario).toBeUndefined();
    expect(loadApiConfig({ SIM_SCENARIO: "bettor-tools" }).simScenario).toBe("bettor-tools");
    expect(() => loadApiConfig({ SIM_SCENARIO: "sure-bets" })).toThrow(ConfigError);
    expect(() => loadApiConfig({ SIM_SCENARIO: "sure-bets" })).toThrow(/^Invalid configuration: SIM_SCENARIO: /);
  });

  it("simulates the whole board unless SIM_WORLD asks for the four leagues alone (decision 052), and refuses another world", () => {
    expect(loadApiConfig({}).simWorld).toBe("board");
    expect(loadApiConfig({ SIM_WORLD: "leagues" }).simWorld).toBe("leagues");
    expect(loadApiConfig({ SIM_WORLD: "board" }).simWorld).toBe("board");
    expect(() => loadApiConfig({ SIM_WORLD: "planet" })).toThrow(/^Invalid configuration: SIM_WORLD: /);
  });

  it("lets the simulator pick a free port unless SIM_PORT names one, and refuses one out of range", () => {
    expect(loadApiConfig({}).simPort).toBe(0);
    expect(loadApiConfig({ SIM_PORT: "4555" }).simPort).toBe(4555);
    expect(() => loadApiConfig({ SIM_PORT: "70000" })).toThrow(/^Invalid configuration: SIM_PORT: /);
  });

  it("slows the simulator's booking answers by 0.3 to 1.5 s unless told otherwise, not at all in tests, and refuses a range that runs backwards", () => {
    expect(loadApiConfig({}).simBookingLatencyMs).toEqual({ min: 300, max: 1500 });
    expect(loadApiConfig({ NODE_ENV: "test" }).simBookingLatencyMs).toBeUndefined();
    expect(loadApiConfig({ SIM_BOOKING_LATENCY_MS: "0" }).simBookingLatencyMs).toBeUndefined();
    expect(loadApiConfig({ SIM_BOOKING_LATENCY_MS: "800" }).simBookingLatencyMs).toEqual({ min: 800, max: 800 });
    expect(loadApiConfig({ NODE_ENV: "test", SIM_BOOKING_LATENCY_MS: "10-20" }).simBookingLatencyMs).toEqual({ min: 10, max: 20 });
    expect(() => loadApiConfig({ SIM_BOOKING_LATENCY_MS: "1500-300" })).toThrow(/^Invalid configuration: SIM_BOOKING_LATENCY_MS: /);
    expect(() => loadApiConfig({ SIM_BOOKING_LATENCY_MS: "slow" })).toThrow(/SIM_BOOKING_LATENCY_MS/);
  });

  it("limits betslip writes to a burst of 20 then 5 a second unless told otherwise, and refuses a limit of none", () => {
    expect(loadApiConfig({}).betslipWriteRate).toEqual({ burst: 20, perSecond: 5 });
    expect(loadApiConfig({ BETSLIP_WRITE_BURST: "40", BETSLIP_WRITES_PER_S: "0.5" }).betslipWriteRate).toEqual({ burst: 40, perSecond: 0.5 });
    expect(() => loadApiConfig({ BETSLIP_WRITE_BURST: "0" })).toThrow(/BETSLIP_WRITE_BURST/);
    expect(() => loadApiConfig({ BETSLIP_WRITES_PER_S: "0" })).toThrow(/BETSLIP_WRITES_PER_S/);
  });

  it("requires JWT_SECRET in production", () => {
    expect(() => loadApiConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
    expect(loadApiConfig({ NODE_ENV: "production", JWT_SECRET: "s".repeat(32) }).jwtSecret).toBe("s".repeat(32));
  });

  it("locks an account after at most 100 consecutive failed logins by default, and refuses a setting above 100 (NIST 800-63B 5.2.2)", () => {
    expect(DEFAULT_LOGIN_LOCK_AFTER_FAILURES).toBeLessThanOrEqual(100);
    expect(loadApiConfig({}).loginLimits).toEqual({ lockAfterFailures: DEFAULT_LOGIN_LOCK_AFTER_FAILURES });
    expect(loadApiConfig({ LOGIN_LOCK_AFTER_FAILURES: "5" }).loginLimits).toEqual({ lockAfterFailures: 5 });
    expect(() => loadApiConfig({ LOGIN_LOCK_AFTER_FAILURES: "101" })).toThrow(/^Invalid configuration: LOGIN_LOCK_AFTER_FAILURES: /);
    expect(() => loadApiConfig({ LOGIN_LOCK_AFTER_FAILURES: "0" })).toThrow(/LOGIN_LOCK_AFTER_FAILURES/);
  });

  it("hashes passwords at OWASP's scrypt cost (N=2^15, r=8, p=3) unless told the test cost, which production refuses", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "s".repeat(32) };
    expect(loadApiConfig({}).scryptParams).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(loadApiConfig(production).scryptParams).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    expect(loadApiConfig({ PASSWORD_HASH_COST: "test" }).scryptParams.N).toBeLessThan(2 ** 15);
    expect(() => loadApiConfig({ ...production, PASSWORD_HASH_COST: "test" })).toThrow(/PASSWORD_HASH_COST: test cost is refused in production/);
    expect(() => loadApiConfig({ PASSWORD_HASH_COST: "cheap" })).toThrow(/PASSWORD_HASH_COST/);
  });
});
