import type { Request, RequestHandler, Response } from "express";

/**
 * The security headers every answer carries, set in one step: helmet's, worked out once here from
 * helmet's own middleware (so helmet stays the one that knows them), then ours (`own`). None of them
 * depends on the request; a page replaces the Content-Security-Policy with its own afterwards.
 *
 * Each request costs one loop of setHeader, where helmet ran eleven middlewares one after the other:
 * measured under `npm run bench`, about 25 µs of CPU per odds answer (docs/benchmarks.md).
 */
export function securityHeaders(helmetMiddleware: RequestHandler, own: Record<string, string>): RequestHandler {
  const headers = [...headersSetBy(helmetMiddleware), ...Object.entries(own)];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** What `middleware` sets on an answer (and does not remove again), run once against a recording answer. */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const set = new Map<string, string>();
  const recording = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, String(value));
      return recording;
    },
    removeHeader(name: string) {
      set.delete(name);
    },
    getHeader: (name: string) => set.get(name),
  };
  let passed = false;
  void middleware({ headers: {}, method: "GET", url: "/" } as Request, recording as unknown as Response, (error?: unknown) => {
    if (error) throw new Error("the security headers middleware failed", { cause: error });
    passed = true;
  });
  // A middleware that answers later, or depends on the request, cannot be worked out once.
  if (!passed) throw new Error("the security headers middleware did not pass the request on at once");
  return [...set];
}
