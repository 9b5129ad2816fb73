import { fork } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import type { RegisterChallenge } from "#shared/contract.ts";
import { solveSignupChallenge } from "#shared/signup-proof.ts";
import { percentile } from "../load.ts";
import { browserNewcomer, type BrowserNewcomer } from "./signup-browser.ts";
import { startStack, type Stack } from "../stack.ts";

/** Flooding clients, each its own address (RFC 5737 TEST-NET-3); `BENCH_SIGNUP_FLOODERS` changes it. */
const FLOODERS = Number(process.env.BENCH_SIGNUP_FLOODERS ?? 10);
/** Newcomers registering one after another while the flood runs; `BENCH_SIGNUP_NEWCOMERS` changes it. */
const NEWCOMERS = Number(process.env.BENCH_SIGNUP_NEWCOMERS ?? 5);
/** Newcomers in Chromium through the register dialog, at each CPU slowdown (1: this host; 4: a cheap phone, as Lighthouse's mobile). */
const BROWSER_RUNS = Number(process.env.BENCH_SIGNUP_BROWSER_RUNS ?? 3);
const CPU_SLOWDOWNS = [1, 4];
const BUDGET_MS = 5000;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

type Statuses = Record<string, number>;

/** One body per registration: distinct accounts. */
function account(tag: string) {
  return { userName: `su_${tag}`, email: `su.${tag}@example.ng`, password: "newcomer password 1", country: 1, acceptTerms: true };
}

/** The flood (signup-flood.ts) in a process of its own: its answers so far, and a way to stop it and wait for the last of them. */
function flood(stack: Stack) {
  const statuses: Statuses = {};
  // The child runs TypeScript as this process does (tsx).
  const child = fork(fileURLToPath(new URL("./signup-flood.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, FLOOD_API: stack.api, FLOOD_CLIENTS: String(FLOODERS) },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.on("message", (message: { statuses: Statuses }) => Object.assign(statuses, message.statuses));
  let stopping: Promise<void> | undefined;
  return {
    statuses,
    stop: () =>
      (stopping ??= (async () => {
        if (child.connected) child.send("stop");
        const killer = setTimeout(() => child.kill(), 10_000);
        await exited;
        clearTimeout(killer);
      })()),
  };
}

/** A newcomer's call through the web tier, from its own address (the stack trusts the bench's X-Forwarded-For). */
async function send(stack: Stack, address: string, method: "GET" | "PUT", path: string, body?: unknown) {
  const res = await request(`${stack.web}${path}`, {
    method,
    headers: { origin: stack.web, "x-forwarded-for": address, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (await res.body.json()) as { data?: unknown; error?: { code: string } } };
}

/**
 * A newcomer as the register dialog does it, through the web tier: register, and when asked for a
 * proof of work, fetch a challenge, solve it here in Node (altcha-lib, Web Crypto), register again.
 */
async function newcomer(stack: Stack, tag: string, address: string): Promise<Newcomer> {
  const started = performance.now();
  const since = (at: number) => performance.now() - at;
  const body = account(tag);
  const first = await send(stack, address, "PUT", "/api/users/register", body);
  const firstMs = since(started);
  const answered = (status: number, asked: boolean, phases: Omit<Newcomer["phases"], "first"> = { challenge: 0, solve: 0, second: 0 }) => ({
    ms: since(started),
    asked,
    status,
    phases: { first: firstMs, ...phases },
  });
  if (first.body.error?.code !== "CHALLENGE_REQUIRED") return answered(first.status, false);
  const fetching = performance.now();
  const challenge = await send(stack, address, "GET", "/api/users/register/challenge");
  const challengeMs = since(fetching);
  const solving = performance.now();
  const altcha = await solveSignupChallenge(challenge.body.data as RegisterChallenge);
  const solveMs = since(solving);
  const sending = performance.now();
  const second = await send(stack, address, "PUT", "/api/users/register", { ...body, altcha });
  return answered(second.status, true, { challenge: challengeMs, solve: solveMs, second: since(sending) });
}

interface Newcomer {
  ms: number;
  /** Whether sign-up asked for a proof of work. */
  asked: boolean;
  /** The final answer's status: 201 when registered. */
  status: number;
  /** Where the time went: the refused registration, fetching the challenge, solving it, the registration with the solution. */
  phases: { first: number; challenge: number; solve: number; second: number };
}

/** Until the flood has spent the overall budget (sign-up asks for proof), 2 minutes at most. */
async function budgetSpent(statuses: Statuses): Promise<number> {
  const started = performance.now();
  while (!statuses["429 CHALLENGE_REQUIRED"]) {
    if (performance.now() - started > 120_000) throw new Error(`the flood did not spend the overall budget in 2 minutes: ${JSON.stringify(statuses)}`);
    await sleep(100);
  }
  return performance.now() - started;
}

/**
 * Until the registrations admitted before the budget was spent have left the hashing lane (no new
 * account for 2 s): from then on the flood adds no work but its refusals, as long as it lasts.
 */
async function backlogDrained(statuses: Statuses): Promise<number> {
  const started = performance.now();
  let created = -1;
  while (created !== (statuses["201"] ?? 0)) {
    created = statuses["201"] ?? 0;
    await sleep(2000);
    if (performance.now() - started > 120_000) break;
  }
  return performance.now() - started;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const refusals = (runs: BrowserNewcomer[]) => {
  const refused = runs.filter((b) => b.refused !== undefined);
  return refused.length ? `; **${refused.length} refused**: ${refused.map((b) => `"${b.refused}" after ${seconds(b.ms)}`).join(", ")}` : "";
};
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
/** The phases' medians: refused registration, challenge, solve in Node, registration with the solution. */
const phases = (newcomers: Newcomer[]) =>
  (["first", "challenge", "solve", "second"] as const)
    .map((phase) => `${{ first: "refused", challenge: "challenge", solve: "solving in Node", second: "registered" }[phase]} ${seconds(median(newcomers.map((n) => n.phases[phase])))}`)
    .join(" + ");
const tally = (statuses: Statuses) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${count} x ${key}`)
    .join(", ");

/**
 * Sign-up under a flood (`BENCH_ONLY=signup`, docs/decisions/023-proof-of-work-under-flood.md):
 * on the embedded stack at production limits, `FLOODERS` addresses flood registration until the
 * overall budget is spent and go on flooding. One newcomer registers through the web tier the
 * moment the budget is spent, while the registrations admitted just before still wait in the
 * hashing lane; then, once that backlog is done, `NEWCOMERS` more one after another: the flood
 * as it goes on. Each solves the challenge it is asked for. The rows give each newcomer's time
 * from the first try to 201 (budget: at most 5 s) and where it went. Then `BROWSER_RUNS` newcomers
 * in Chromium at each CPU slowdown do the same through the register dialog (signup-browser.ts).
 */
export async function signupRows(ports: { web: number; api: number }): Promise<[string, string, string][]> {
  // Each newcomer is its own client (RFC 5737 TEST-NET-2 addresses), as real ones are.
  const stack = await startStack("embedded", ports, { TRUST_PROXY: "loopback" });
  const running = flood(stack);
  const tag = Date.now().toString(36);
  try {
    const spentAfter = await budgetSpent(running.statuses);
    const first = await newcomer(stack, `${tag}n0`, "198.51.100.1");
    const drainedAfter = spentAfter + (await backlogDrained(running.statuses));
    const steady: Newcomer[] = [];
    for (let i = 1; i <= NEWCOMERS; i += 1) steady.push(await newcomer(stack, `${tag}n${i}`, `198.51.100.${1 + i}`));
    const browsers: (BrowserNewcomer & { slowdown: number })[] = [];
    for (const slowdown of CPU_SLOWDOWNS) {
      for (let i = 0; i < BROWSER_RUNS; i += 1) {
        const address = `198.51.100.${100 + browsers.length}`;
        browsers.push({ slowdown, ...(await browserNewcomer(stack.web, `${tag}b${browsers.length}`, address, slowdown)) });
      }
    }
    await running.stop();
    const times = steady.map((r) => r.ms).sort((a, b) => a - b);
    const max = times.at(-1)!;
    const ok = max <= BUDGET_MS && steady.every((r) => r.asked && r.status === 201);
    const who = `a newcomer through the web tier while ${FLOODERS} addresses flood registration straight to the API`;
    return [
      [
        `sign-up under a flood: ${who}, the moment the budget is spent (${seconds(spentAfter)} into the flood)`,
        `${first.status} after ${seconds(first.ms)}${first.asked ? ` (${phases([first])})` : ""}`,
        "",
      ],
      [
        `sign-up under a flood: ${who}, the flood going on (the lane's backlog done ${seconds(drainedAfter)} into it)`,
        `time to registered p50 ${seconds(percentile(times, 0.5))}, max ${seconds(max)} over ${NEWCOMERS} newcomers, ${steady.filter((r) => r.status === 201).length} registered, ${steady.filter((r) => r.asked).length} asked to prove work; p50 of ${phases(steady)}`,
        `<= 5 s, ${verdict(ok)}`,
      ],
      ...CPU_SLOWDOWNS.map((slowdown): [string, string, string] => {
        const runs = browsers.filter((b) => b.slowdown === slowdown);
        const ms = runs.map((b) => b.ms).sort((a, b) => a - b);
        return [
          `sign-up under a flood: a newcomer in Chromium through the register dialog, CPU slowed ${slowdown}x${slowdown === 4 ? " (a cheap phone)" : ""}`,
          `Register tap to the verification dialog p50 ${seconds(percentile(ms, 0.5))}, max ${seconds(ms.at(-1)!)} over ${runs.length}, ${runs.filter((b) => b.asked).length} solving in the page${refusals(runs)}`,
          `<= 5 s, ${verdict(ms.at(-1)! <= BUDGET_MS && runs.every((b) => b.asked && b.refused === undefined))}`,
        ];
      }),
      [`sign-up under a flood: the flood's answers`, tally(running.statuses), ""],
    ];
  } finally {
    await running.stop().finally(() => stack.stop());
  }
}
