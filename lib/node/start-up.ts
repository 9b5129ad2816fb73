/** A setting a Node tier cannot start with (a bad variable, a port in use): main prints its one-line message and exits 1. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** An operator's mistake is one line naming the variable, then exit 1; anything else is a bug and keeps its stack. */
export function exitOnConfigError(error: unknown): never {
  // By name, not instanceof: the embedded API is bundled apart from the web tier (dist/api/embedded.js),
  // so an error it throws is an instance of its bundle's copy of this class.
  if (error instanceof Error && error.name === "ConfigError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** A port in use, or an address this host cannot bind, as a ConfigError naming the `variables`. */
export function listenFailure(variables: string, address: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  const operators = code === "EADDRINUSE" || code === "EACCES" || code === "EADDRNOTAVAIL";
  return operators ? new ConfigError(`${variables}: cannot listen on ${address} (${String(code)})`) : error;
}

/** Every bad variable at once, in one line: an operator fixes them all in one go, not one per start. */
export function invalidConfiguration(problems: { path: readonly PropertyKey[]; message: string }[]): string {
  return `Invalid configuration: ${problems.map((p) => `${String(p.path[0])}: ${p.message}`).join("; ")}`;
}
