import { Router, type RequestHandler } from "express";
import { oddsChecksum } from "#shared/checksum.ts";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ENDPOINTS } from "#shared/contract.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { listsCompetition, listsMarket } from "../../catalogue/start.ts";
import type { OddsCache } from "../read/cache.ts";
import { countryOf, sendAnswer } from "../read/answers.ts";

/** Where api/app.ts mounts these routes. */
const ODDS = "/odds";

/** GET /odds (token and checksum), /odds/summary and /odds/sample (public), all from the cache. */
export function oddsRouter(cache: OddsCache, catalogue: () => Catalogue, auth: RequestHandler): Router {
  const router = Router();
  router.use(guardQuery);

  router.get(pathBelow(ODDS, ENDPOINTS.odds), auth, (req, res) => {
    const country = countryOf(req);
    const competition = Number(req.query.competition);
    const market = Number(req.query.market);
    // Any competition and market of the catalogue (docs/design.md, Catalogue API); 1-4 and 1-8 the spec's.
    if (!Number.isSafeInteger(competition) || !listsCompetition(catalogue(), competition)) throw new AppError("VALIDATION_ERROR", "competition is not one we list (1 to 4 are the spec's leagues; GET /odds/competitions lists them all).");
    if (!Number.isSafeInteger(market) || !listsMarket(catalogue(), market)) throw new AppError("VALIDATION_ERROR", "market is not one we compare (1 to 8 are the spec's; GET /odds/markets lists them all).");
    const k = typeof req.query.k === "string" ? req.query.k : "";
    // docs/design.md, The odds checksum: k is FNV-1a of `${ak}:${country}&${competition}&${market}` with
    // the raw query values.
    const expected = oddsChecksum(req.auth!.ak, { country: String(req.query.country), competition: String(req.query.competition), market: String(req.query.market) });
    if (k !== expected) throw new AppError("INVALID_CHECKSUM", "Missing or wrong request checksum.");
    // Only Nigeria is live: Ghana and Kenya are coming soon and have no odds yet.
    sendAnswer(req, res, (country === LIVE_COUNTRY_ID && cache.odds(competition, market)) || cache.noOdds());
  });

  router.get(pathBelow(ODDS, ENDPOINTS.summary), (req, res) => {
    const country = countryOf(req);
    sendAnswer(req, res, country === LIVE_COUNTRY_ID ? cache.summary() : cache.noSummary(), "public");
  });

  router.get(pathBelow(ODDS, ENDPOINTS.sample), (req, res) => {
    const country = countryOf(req);
    sendAnswer(req, res, country === LIVE_COUNTRY_ID ? cache.sample() : cache.noOdds(), "public");
  });

  return router;
}
