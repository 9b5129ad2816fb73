import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { request } from "undici";
import { oddsChecksum } from "#shared/checksum.ts";
import { getText, load } from "./load.ts";

/**
 * `npm run bench` (not part of CI): measures the built site (`npm run build` first) against
 * DESIGN section 8 on loopback and prints a table. Lighthouse is not run here yet (see
 * docs/benchmarks.md).
 */
const PORT = 3917;
const API_PORT = 4917;
const web = `http://127.0.0.1:${PORT}`;
const api = `http://127.0.0.1:${API_PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), "afriodds-bench-"));
const server = spawn(process.execPath, ["dist/server/main.js"], {
  env: { ...process.env, PORT: String(PORT), API_PORT: String(API_PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn", FEED_INTERVAL_S: "60", NODE_ENV: "production", JWT_SECRET: "bench-secret-bench-secret-bench-secret-01" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function json(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(url, { method: method as "POST", headers: { "content-type": "application/json", origin: web, ...headers }, body: JSON.stringify(body) });
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as { data: Record<string, unknown> } };
}

try {
  for (let i = 0; i < 100; i += 1) {
    const summary = await getText(`${web}/api/odds/summary?country=1`).catch(() => undefined);
    if (summary?.status === 200 && /"numBookmakers":5/.test(summary.body.toString())) break;
    await sleep(200);
  }
  const account = { userName: `bench_${Date.now()}`, email: `bench${Date.now()}@example.ng`, password: "bench password 1", country: 1 };
  await json(`${web}/api/users/register`, "PUT", account);
  const mail = readdirSync(join(dataDir, "outbox")).map((f) => readFileSync(join(dataDir, "outbox", f), "utf8")).join("\n");
  const otp = /verification code: (\d{6})/.exec(mail)?.[1] ?? "";
  const verified = await json(`${web}/api/users/verify-email`, "POST", { email: account.email, otp });
  const cookies = ([] as string[]).concat(verified.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const direct = await json(`${api}/users/login`, "POST", { username: account.userName, password: account.password });
  const token = String(direct.body.data.token);
  const ak = String(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).ak);
  const query = { country: 1, competition: 1, market: 1 };
  const k = oddsChecksum(ak, query);

  const one = await getText(`${web}/api/odds?country=1&competition=1&market=1`, { cookie: cookies, "accept-encoding": "gzip" });
  const headers = { "accept-encoding": "gzip" };
  const throughWeb = await load(web, "/api/odds?country=1&competition=1&market=1", { ...headers, cookie: cookies }, 50, 10);
  const straight = await load(api, `/odds?country=1&competition=1&market=1&k=${k}`, { ...headers, authorization: `Bearer ${token}` }, 50, 10);
  const ssr = await load(web, "/dashboard", { ...headers, cookie: cookies }, 10, 10);
  const landing = await getText(`${web}/`);

  const rows: [string, string, string][] = [
    ["/api/odds through the web tier, 50 connections", `${throughWeb.rps.toFixed(0)} req/s, p50 ${throughWeb.p50.toFixed(1)} ms, p99 ${throughWeb.p99.toFixed(1)} ms, ${throughWeb.errors} errors`, ""],
    ["/odds straight to the API, 50 connections", `${straight.rps.toFixed(0)} req/s, p50 ${straight.p50.toFixed(1)} ms, p99 ${straight.p99.toFixed(1)} ms, ${straight.errors} errors`, ""],
    ["web tier / direct throughput", (throughWeb.rps / straight.rps).toFixed(2), ">= 0.7"],
    ["one league and market (EPL 1X2), gzip", `${one.body.length} B`, "<= 8,192 B"],
    ["SSR /dashboard, 10 connections", `${ssr.rps.toFixed(0)} renders/s, p99 ${ssr.p99.toFixed(0)} ms`, ""],
    ["first response of / (gzip -9)", `${gzipSync(landing.body, { level: 9 }).length} B`, "<= 14,600 B"],
  ];
  console.log("| what | measured | budget |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
} finally {
  server.kill("SIGTERM");
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
