/**
 * A setting a Node tier cannot start with. Both tiers' ConfigError classes share this name, so one
 * check recognises either (the web tier never imports api/, even for the embedded API's errors).
 */
const CONFIG_ERROR = "ConfigError";

class ListenError extends Error {
  override readonly name = CONFIG_ERROR;
}

/** An operator's mistake is one line naming the variable, then exit 1; anything else is a bug and keeps its stack. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof Error && error.name === CONFIG_ERROR) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** A port in use, or an address this host cannot bind, as a ConfigError naming the `variables`. */
export function listenFailure(variables: string, address: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  const operators = code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL";
  return operators ? new ListenError(`${variables}: cannot listen on ${address} (${String(code)})`) : error;
}

/** Every bad variable at once, in one line: an operator fixes them all in one go, not one per start. */
export function invalidConfiguration(problems: { path: readonly PropertyKey[]; message: string }[]): string {
  return `Invalid configuration: ${problems.map((p) => `${String(p.path[0])}: ${p.message}`).join("; ")}`;
}
