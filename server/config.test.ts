import { describe, expect, it } from "vitest";
import { loadServerConfig } from "./config.ts";

describe("the web tier configuration", () => {
  it("defaults to port 3000, the API in-process, and its own origin", () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", apiOrigin: undefined, apiPort: 4000, publicOrigin: "http://localhost:3000" });
  });

  it("reads TRUST_PROXY as a boolean, a hop count or an address list", () => {
    expect(loadServerConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadServerConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadServerConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadServerConfig({}).trustProxy).toBeUndefined();
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => loadServerConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadServerConfig({ API_ORIGIN: "not a url" })).toThrow(/API_ORIGIN/);
  });

  it("reports every bad variable at once, not only the first", () => {
    expect(() => loadServerConfig({ PORT: "70000", API_ORIGIN: "not a url" })).toThrow(/^Invalid configuration: PORT: .+; API_ORIGIN: .+$/);
  });

  it("serves no metrics unless a loopback port or a bearer token of 32 characters or more is configured", () => {
    expect(loadServerConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
    expect(loadServerConfig({ METRICS_PORT: "9464", METRICS_TOKEN: "t".repeat(32) })).toMatchObject({ metricsPort: 9464, metricsToken: "t".repeat(32) });
    expect(() => loadServerConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => loadServerConfig({ METRICS_PORT: "65536" })).toThrow(/METRICS_PORT/);
  });

  it("hands the in-process odds API the environment with its port settled", () => {
    const config = loadServerConfig({ JWT_SECRET: "x".repeat(32), DATABASE_URL: "sqlite:/tmp/a.db" });
    expect(config.embeddedApiEnv).toMatchObject({ JWT_SECRET: "x".repeat(32), DATABASE_URL: "sqlite:/tmp/a.db", API_PORT: "4000", PORT: "3000" });
  });
});
