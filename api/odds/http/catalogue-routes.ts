import { Router, type Request } from "express";
import { LIVE_COUNTRY_ID } from "#shared/constants.ts";
import { ENDPOINTS, type CompetitionList } from "#shared/contract.ts";
import { sendCached } from "#lib/node/cached-answer.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { pathBelow } from "../../http/endpoints.ts";
import { AppError } from "../../http/errors.ts";
import { guardQuery } from "../../http/input-guards.ts";
import type { OddsCache } from "../read/cache.ts";
import { answerOf, countryOf } from "../read/answers.ts";
import { catalogueAnswers } from "../read/catalogue-answers.ts";

/** docs/design.md, Catalogue API: a list a browser or a shared cache may keep briefly; the markets change only with a release or an operator. */
const COMPETITIONS_CACHE_CONTROL = "public, max-age=30";
const MARKETS_CACHE_CONTROL = "public, max-age=3600";

export interface CatalogueRouteDeps {
  /** The catalogue as it stands (`catalogueReader`). */
  catalogue: () => Catalogue;
  cache: OddsCache;
  clock: () => number;
}

/** `region`, optional: a region of ours by id, or 400 VALIDATION_ERROR. */
function regionOf(req: Request, known: (id: number) => boolean): number | undefined {
  const raw = req.query.region;
  if (raw === undefined) return undefined;
  const id = typeof raw === "string" && /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : NaN;
  if (!known(id)) throw new AppError("VALIDATION_ERROR", "region must be the id of a region /odds/competitions lists.");
  return id;
}

/** GET /odds/competitions?country=C[&region=R] and GET /odds/markets, public: names and counts, no price. */
export function catalogueRouter(deps: CatalogueRouteDeps): Router {
  const { catalogue } = deps;
  const answers = catalogueAnswers({ catalogue, listed: () => deps.cache.listed(), clock: deps.clock });
  const noCompetitions = answerOf({ competitions: [], regions: [], updatedAt: new Date(0).toISOString() } satisfies CompetitionList);
  const router = Router();
  router.use(guardQuery);

  router.get(pathBelow("/odds", ENDPOINTS.competitions), (req, res) => {
    const country = countryOf(req);
    const region = regionOf(req, (id) => catalogue().rows.regions.some((r) => r.id === id && r.retired_at === null));
    const answer = country === LIVE_COUNTRY_ID ? answers.competitions(region) : noCompetitions;
    sendCached(req, res, answer, { cacheControl: COMPETITIONS_CACHE_CONTROL, vary: "Accept-Encoding" });
  });

  router.get(pathBelow("/odds", ENDPOINTS.markets), (req, res) => {
    sendCached(req, res, answers.markets(), { cacheControl: MARKETS_CACHE_CONTROL, vary: "Accept-Encoding" });
  });

  return router;
}
