import { spawn } from "node:child_process";

/** `npm run dev`: build the client once, then run the web tier from source, restarting on change. */
const run = (args: string[]) =>
  new Promise<number>((resolve) => spawn("npx", args, { stdio: "inherit" }).on("exit", (code) => resolve(code ?? 1)));

if ((await run(["tsx", "scripts/build.ts"])) !== 0) process.exit(1);
process.exit(await run(["tsx", "watch", "server/main.ts"]));
