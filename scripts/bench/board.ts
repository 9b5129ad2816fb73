/**
 * The whole board's figures (`BENCH_ONLY=board`; docs/design.md, Collected today and Whole-board sizes):
 * the scaled-out stack on `SIM_WORLD=board` at `FEED_INTERVAL_S=60`, for BENCH_BOARD_CYCLES cycles after
 * the one that learns the competitions: each cycle's wall time and its longest book, the API process's
 * CPU over those cycles (collector, odds cache and, here, the simulator the books stand in for), its
 * largest RSS, the database's size and growth per cycle, and `/api/odds` for one competition beside the
 * same call on the four leagues' world.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { load, type LoadResult } from "./load.ts";
import { benchUser, startStack, type BenchUser, type Stack } from "./stack.ts";

const CYCLES = Number(process.env.BENCH_BOARD_CYCLES ?? 4);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TICKS_PER_S = 100;

interface CycleLine {
  ms: number;
  feeds: { key: string; offers: number }[];
  time: number;
}

function cycles(logFile: string): CycleLine[] {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"feed cycle"'))
    .map((line) => JSON.parse(line) as CycleLine);
}

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) / 1024;
}

function databaseMb(dataDir: string): number {
  return ["app.db", "app.db-wal"].reduce((mb, file) => {
    try {
      return mb + statSync(join(dataDir, file)).size / 1_048_576;
    } catch {
      return mb;
    }
  }, 0);
}

const describe = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;

async function oddsLoad(stack: Stack, user: BenchUser, competition: number): Promise<LoadResult> {
  const query = `country=1&competition=${competition}&market=1`;
  const headers = { "accept-encoding": "gzip", cookie: user.cookie };
  await load(stack.web, `/api/odds?${query}`, headers, 50, 2);
  return load(stack.web, `/api/odds?${query}`, headers, 50, LOAD_SECONDS);
}

export async function boardRows(ports: { web: number; api: number }): Promise<[string, string, string][]> {
  const rows: [string, string, string][] = [];
  const leagues = await startStack("scaled-out", ports);
  try {
    rows.push(["leagues world: /api/odds (competition 1) through the web tier, 50 connections", describe(await oddsLoad(leagues, await benchUser(leagues), 1)), ""]);
  } finally {
    await leagues.stop();
  }
  const logFile = `/tmp/afriodds-bench-board-${Date.now()}.log`;
  const stack = await startStack("scaled-out", ports, { SIM_WORLD: "board" }, { apiLog: logFile });
  try {
    // The first cycle learns the competitions; the next prices them.
    while (cycles(logFile).length < 2) await sleep(1000);
    const startCpu = cpuSeconds(stack.apiPid);
    const startAt = Date.now();
    const startDb = databaseMb(stack.dataDir);
    let rss = rssMb(stack.apiPid);
    while (cycles(logFile).length < 2 + CYCLES) {
      await sleep(1000);
      rss = Math.max(rss, rssMb(stack.apiPid));
    }
    const cpuShare = (cpuSeconds(stack.apiPid) - startCpu) / ((Date.now() - startAt) / 1000);
    const measured = cycles(logFile).slice(2);
    const grownMb = databaseMb(stack.dataDir) - startDb;
    const offers = measured.at(-1)?.feeds.reduce((n, f) => n + f.offers, 0) ?? 0;
    const walls = measured.map((c) => c.ms).sort((a, b) => a - b);
    rows.push([`board world: cycle wall time over ${measured.length} cycles (${offers} offers a cycle, every competition each cycle)`, `${(walls[0]! / 1000).toFixed(1)}-${(walls.at(-1)! / 1000).toFixed(1)} s`, `within FEED_INTERVAL_S=60: ${walls.at(-1)! < 60_000 ? "met" : "**missed**"}`]);
    rows.push(["board world: API process CPU, average over those cycles (collector, cache and the in-process simulator)", `${(cpuShare * 100).toFixed(0)} % of one core`, `collector <= 50 %: ${cpuShare <= 0.5 ? "met (with the simulator in it)" : "**see note**"}`]);
    rows.push(["board world: API process RSS, largest seen", `${rss.toFixed(0)} MB`, `<= 512 MB: ${rss <= 512 ? "met" : "**missed**"}`]);
    rows.push(["board world: SQLite database (with WAL) after the learning cycle, and growth per cycle", `${startDb.toFixed(1)} MB, +${(grownMb / measured.length).toFixed(2)} MB a cycle`, ""]);
    const user = await benchUser(stack);
    const competitions = (await (await fetch(`${stack.api}/odds/competitions?country=1`)).json()) as { data: { competitions: { id: number; name: string }[] } };
    const ucl = competitions.data.competitions.find((c) => c.name === "UEFA Champions League");
    rows.push([`board world: ${competitions.data.competitions.length} competitions listed; /api/odds (competition 1) through the web tier, 50 connections`, describe(await oddsLoad(stack, user, 1)), ""]);
    if (ucl) rows.push([`board world: /api/odds (UEFA Champions League, a learnt competition) through the web tier, 50 connections`, describe(await oddsLoad(stack, user, ucl.id)), ""]);
  } finally {
    await stack.stop();
  }
  return rows;
}
