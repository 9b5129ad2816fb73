import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parseCapture, type CaptureOutput } from "#api/feeds/parse-capture.ts";
import { COMPETITION_IDS } from "#shared/reference.ts";

/**
 * `npm run feeds:parse -- --bookmaker KEY --competition N [--now ISO] FILE`: one saved payload
 * through its bookmaker's adapter. Prints {"ok":true,"offers":[...]} or {"ok":false,"error":...}
 * (exit code 1). --now sets the clock of the upcoming-events filter (default: the real now).
 */
function run(argv: string[]): CaptureOutput {
  let values: { bookmaker?: string; competition?: string; now?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { bookmaker: { type: "string" }, competition: { type: "string" }, now: { type: "string" } } }));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const usage = "usage: feeds:parse -- --bookmaker KEY --competition N [--now ISO] FILE";
  const [file, ...extra] = positionals;
  if (!values.bookmaker || !values.competition || !file || extra.length > 0) return { ok: false, error: usage };
  const competitionId = Number(values.competition);
  if (!(COMPETITION_IDS as readonly number[]).includes(competitionId)) {
    return { ok: false, error: `--competition ${values.competition}: expected one of ${COMPETITION_IDS.join(", ")}` };
  }
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) return { ok: false, error: `--now ${values.now}: expected an ISO date-time, e.g. 2026-05-01T00:00:00Z` };
  let body: string;
  try {
    body = readFileSync(file, "utf8");
  } catch (error) {
    return { ok: false, error: `cannot read ${file}: ${(error as Error).message}` };
  }
  return parseCapture({ bookmaker: values.bookmaker, competitionId, now, body });
}

const result = run(process.argv.slice(2));
console.log(JSON.stringify(result, null, 2));
process.exitCode = result.ok ? 0 : 1;
