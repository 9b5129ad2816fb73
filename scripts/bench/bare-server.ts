import { readFileSync } from "node:fs";
import express from "express";

/**
 * The bench's yardstick for the web tier's odds answer: a bare Express server on loopback that sends
 * the bytes and headers the web tier sent for one `/api/odds` answer, with nothing else to do (no
 * session, no cache lookup, no middleware). Run as its own process by scripts/bench/bare.ts, so the
 * load generator does not share its event loop: `BARE_ANSWER` names the JSON file of `{headers,
 * body}` (the body in base64), `BARE_PORT` the port.
 */
const answer = JSON.parse(readFileSync(process.env.BARE_ANSWER ?? "", "utf8")) as { headers: Record<string, string | string[]>; body: string };
const body = Buffer.from(answer.body, "base64");
const app = express();
app.disable("x-powered-by");
app.set("etag", false);
app.get("/api/odds", (_req, res) => {
  res.set(answer.headers);
  res.end(body);
});
const server = app.listen(Number(process.env.BARE_PORT), "127.0.0.1", () => process.send?.("listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
