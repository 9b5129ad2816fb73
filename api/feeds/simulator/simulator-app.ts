/**
 * The simulator over HTTP: each bookmaker's real paths under its own prefix (/sportybet,
 * /bet9ja, /betking, /nairabet, /1xbet), so an adapter runs unchanged with
 * baseUrl `${origin}/<key>`. Unknown paths answer 404.
 */
import express, { type Request, type Response } from "express";
import { edgeFault, payloadFault } from "./faults.ts";
import type { FeedSimulator } from "./feed-simulator.ts";
import { BOOKING_SITES } from "./sites/booking.ts";
import { SITES } from "./sites/index.ts";
import type { SiteAnswer, SimulatedSite } from "./sites/site.ts";

function send(res: Response, answer: SiteAnswer): void {
  res.status(answer.status).type(answer.contentType).send(answer.body);
}

function siteHandler(sim: FeedSimulator, site: SimulatedSite) {
  return async (req: Request, res: Response, next: () => void) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return next();
    if (site.serves && !site.serves(req.path)) return next();
    const fault = sim.faultAt(site.key, req.path);
    const edge = edgeFault(fault);
    if (edge) return send(res, edge);
    if (fault?.kind === "slow") await sim.sleep(fault.delayMs);
    const delay = site.delayMs?.(sim) ?? 0;
    if (delay > 0) await sim.sleep(delay);
    // Priced at the instant of answering, after any delay, like a real slow site.
    const request = {
      path: req.path,
      query: new URL(req.originalUrl, "http://simulator").searchParams,
      t: sim.now(),
      method: req.method === "POST" ? ("POST" as const) : ("GET" as const),
      ...(typeof req.body === "string" ? { body: req.body } : {}),
    };
    const answer = site.answer(sim, request);
    if (!answer) return next();
    send(res, payloadFault(sim.faultAt(site.key, req.path), site, request, answer));
  };
}

export function createSimulatorApp(sim: FeedSimulator) {
  const app = express();
  app.disable("x-powered-by");
  // Payloads are already byte-stable per price bucket; an ETag would add nothing the tests need.
  app.set("etag", false);
  // Bodies stay text: a site judges its own POST body (SportyBet's pcEvents filter).
  app.use(express.text({ type: () => true, limit: "64kb" }));
  // Booking endpoints first: their paths are their own, and an unknown path falls through to the feed.
  for (const site of [...BOOKING_SITES, ...SITES]) app.use(`/${site.key}`, siteHandler(sim, site));
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not Found");
  });
  return app;
}
