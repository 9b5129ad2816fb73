import type { FuzzCase } from "./fuzz-cases.ts";
import type { RawOutcome } from "./raw-http.ts";

/**
 * A page request: a GET to the web tier outside /api, /assets and its JSON probes. Its answer may
 * be HTML (or a redirect); every other answer must be JSON in the contract's shape.
 */
export function isPageRequest(c: FuzzCase): boolean {
  if (c.tier !== "web" || c.method !== "GET") return false;
  const path = c.target.split("?")[0]!;
  return !/^\/(api|assets)(\/|$)/i.test(path) && !/^\/(healthz|readyz)$/i.test(path);
}

const isText = (value: unknown) => typeof value === "string";

/** The envelope's optional list of field issues (decision 038): each exactly `{field, code, description}`, all text. */
function fieldsProblem(fields: unknown): string | undefined {
  if (fields === undefined) return undefined;
  if (!Array.isArray(fields) || fields.length === 0) return "error envelope whose fields is not a list of issues";
  const bad = fields.find((item: unknown) => {
    if (!item || typeof item !== "object") return true;
    const entry = item as Record<string, unknown>;
    return Object.keys(entry).sort().join(",") !== "code,description,field" || !isText(entry.code) || !isText(entry.description) || !isText(entry.field);
  });
  return bad === undefined ? undefined : `error envelope with a field issue ${JSON.stringify(bad)}`;
}

/** Why a JSON body is neither `{data: ...}` nor exactly `{error: {code, description, type}}` (with `fields`, maybe), if it is not. */
export function envelopeProblem(body: Buffer, contentType: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return `not JSON (content-type ${contentType || "none"}, ${body.length} B)`;
  }
  if (!/^application\/json\b/i.test(contentType)) return `JSON sent as ${contentType || "no content-type"}`;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "JSON that is not an object";
  const keys = Object.keys(parsed);
  if (keys.length === 1 && keys[0] === "data") return undefined;
  const error = (parsed as { error?: unknown }).error;
  if (keys.length !== 1 || !error || typeof error !== "object") return `JSON outside the envelope (keys ${keys.join(", ")})`;
  const keysOfError = Object.keys(error).filter((key) => key !== "fields").sort().join(",");
  const { code, description, type, fields } = error as Record<string, unknown>;
  if (keysOfError !== "code,description,type" || !isText(code) || !isText(description) || !isText(type)) return `error envelope with keys ${Object.keys(error).sort().join(",")}`;
  return fieldsProblem(fields);
}

/** What is wrong with one answer, or undefined: a 5xx, no answer, or a body outside the envelope. */
export function answerProblem(c: FuzzCase, outcome: RawOutcome): string | undefined {
  if ("failure" in outcome) return outcome.failure;
  const { status, headers, body } = outcome.answer;
  if (status >= 500) return `status ${status}`;
  if (status === 204 || status === 304 || c.method === "HEAD") return undefined;
  const contentType = headers["content-type"] ?? "";
  if (isPageRequest(c)) {
    if (/^text\/html\b/i.test(contentType)) return undefined;
    if (status >= 300 && status < 400 && headers.location) return undefined;
  }
  // The hashed asset itself: a script, not JSON.
  if (c.endpoint.asset && c.method === "GET" && status === 200) return undefined;
  return envelopeProblem(body, contentType);
}

/** One readable line for the assertion message. */
export function describeFailure(c: FuzzCase, outcome: RawOutcome, problem: string): string {
  const status = "answer" in outcome ? String(outcome.answer.status) : "-";
  const body = "answer" in outcome ? outcome.answer.body.subarray(0, 160).toString("utf8") : "";
  const target = c.target.length > 90 ? `${c.target.slice(0, 90)}...` : c.target;
  return `${c.tier} ${c.method} ${JSON.stringify(target)} [${c.name}${c.signedIn ? ", signed in" : ""}] -> ${status}: ${problem}; body ${JSON.stringify(body)}`;
}
