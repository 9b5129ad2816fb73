import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { temporaryDataDir } from "../helpers/databases.ts";
import { builtEntry } from "../helpers/build-once.ts";

/** A port free right now on loopback, for SIM_PORT. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Asks `url` until it answers 200 (the simulator starts after the API's migrations), at most `ms`. */
async function firstAnswer(url: string, ms: number): Promise<unknown> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.status === 200) return answer.json();
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the built API under SIM_WORLD=board (docs/design.md, Simulated world)", () => {
  it("finds the world's data beside its bundle and serves the whole board's listings on loopback", async () => {
    const simPort = await freePort();
    const child = spawn(process.execPath, [builtEntry("api/main.ts")], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "silent", FEEDS: "simulated", SIM_WORLD: "board", SIM_PORT: String(simPort), API_PORT: "0", DATA_DIR: temporaryDataDir(), FEED_INTERVAL_S: "3600" },
      stdio: "ignore",
    });
    try {
      const tree = (await firstAnswer(`http://127.0.0.1:${simPort}/bet9ja/desktop/feapi/PalimpsestAjax/GetSports?DISP=0`, 20_000)) as { D: { PAL: Record<string, { NUM: number; SG: Record<string, unknown> }> } };
      expect(tree.D.PAL["1"]?.NUM).toBeGreaterThan(1_000);
      expect(Object.keys(tree.D.PAL["1"]?.SG ?? {}).length).toBeGreaterThan(60);
      const page = (await firstAnswer(`http://127.0.0.1:${simPort}/sportybet/api/ng/factsCenter/pcUpcomingEvents?sportId=sr:sport:1&marketId=1&pageSize=100&pageNum=2`, 5_000)) as { data: { totalNum: number } };
      expect(page.data.totalNum).toBeGreaterThan(1_000);
    } finally {
      child.kill();
    }
  }, 60_000);
});
