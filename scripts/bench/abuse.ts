import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { load, percentile, type LoadResult } from "./load.ts";
import type { BenchUser, Stack } from "./stack.ts";

export interface LoginFigures {
  logins: number;
  failed: number;
  p50: number;
  p90: number;
}

export interface FloodFigures {
  login: LoginFigures;
  /** Registration answers by status ("201", "429", "503", ...; "error" for no answer). */
  registrations: Record<string, number>;
}

const LOGIN_PAUSE_MS = 100;

/** One user logging in through the web tier again and again (a pause between tries), until `until`. */
async function loginLoop(stack: Stack, user: BenchUser, until: number): Promise<LoginFigures> {
  const pool = new Pool(stack.web, { connections: 1 });
  const latencies: number[] = [];
  let failed = 0;
  const body = JSON.stringify({ username: user.username, password: user.password });
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const res = await pool.request({ method: "POST", path: "/api/users/login", headers: { "content-type": "application/json", origin: stack.web }, body });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    latencies.push(performance.now() - started);
    await sleep(LOGIN_PAUSE_MS);
  }
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { logins: latencies.length, failed, p50: percentile(latencies, 0.5), p90: percentile(latencies, 0.9) };
}

/** Documentation addresses (RFC 5737 TEST-NET-3), one per registration: a flood from many clients. */
const spreadAddress = (n: number) => `203.0.${113 + ((n >> 8) % 2)}.${n % 256}`;

/**
 * `workers` loops registering distinct accounts until `until`. `spread`: straight to the API with
 * a different X-Forwarded-For each time (the API trusts its loopback proxy), so only the global
 * limit and the hashing queue can hold it back; otherwise through the web tier from one address.
 */
async function registrationFlood(stack: Stack, workers: number, until: number, spread: boolean): Promise<Record<string, number>> {
  const origin = spread ? stack.api : stack.web;
  const path = spread ? "/users/register" : "/api/users/register";
  const pool = new Pool(origin, { connections: workers });
  const statuses: Record<string, number> = {};
  const stamp = Date.now().toString(36);
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        n += 1;
        const tag = `${stamp}${n}`;
        const headers: Record<string, string> = { "content-type": "application/json", origin: stack.web, ...(spread ? { "x-forwarded-for": spreadAddress(n) } : {}) };
        const body = JSON.stringify({ userName: `flood_${tag}`, email: `flood.${tag}@example.ng`, password: "flood password 1", country: 1, acceptTerms: true });
        let key = "error";
        try {
          const res = await pool.request({ method: "PUT", path, headers, body });
          await res.body.arrayBuffer();
          key = String(res.statusCode);
        } catch {
          // Counted as "error": no answer at all.
        }
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }),
  );
  await pool.close();
  return statuses;
}

/** A real user's login latency alone for `seconds`: the figure the flood is compared with. */
export async function loginBaseline(stack: Stack, user: BenchUser, seconds: number): Promise<LoginFigures> {
  return loginLoop(stack, user, performance.now() + seconds * 1000);
}

/** A real user's login latency while `workers` loops flood registration for `seconds` (docs/design.md, Latency; docs/design.md, Registration limits). */
export async function loginDuringFlood(stack: Stack, user: BenchUser, options: { seconds: number; workers: number; spread: boolean }): Promise<FloodFigures> {
  const until = performance.now() + options.seconds * 1000;
  const [registrations, login] = await Promise.all([registrationFlood(stack, options.workers, until, options.spread), loginLoop(stack, user, until)]);
  return { login, registrations };
}

/** docs/design.md, Throughput: 200 connections on /api/odds through the web tier, signed in, for `seconds`. */
export function oddsSoak(stack: Stack, user: BenchUser, path: string, seconds: number): Promise<LoadResult> {
  return load(stack.web, path, { "accept-encoding": "gzip", cookie: user.cookie }, 200, seconds);
}
