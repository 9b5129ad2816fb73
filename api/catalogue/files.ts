/**
 * The catalogue's reviewed files (docs/design.md, Catalogue tables: where the truth lives), checked
 * whole with zod at start-up. A mistake stops the API with every problem named by file and path,
 * before anything is written.
 */
import type { z } from "zod";
import competitions from "./data/competitions.json" with { type: "json" };
import markets from "./data/markets.json" with { type: "json" };
import regions from "./data/regions.json" with { type: "json" };
import { competitionFileSchema, regionFileSchema, type CompetitionFile, type RegionFile } from "./competition-file.ts";
import { marketFileSchema, type MarketFile } from "./market-file.ts";

/** The three files as read, before any check. */
export interface RawCatalogueFiles {
  regions: unknown;
  competitions: unknown;
  markets: unknown;
}

export interface CatalogueFiles {
  regions: RegionFile;
  competitions: CompetitionFile;
  markets: MarketFile;
}

/** The files this build carries (bundled with the API, so the built site needs no data folder). */
export const CATALOGUE_FILES: RawCatalogueFiles = { regions, competitions, markets };

/** A catalogue file that breaks its schema: a bug in a reviewed file, which the API refuses to start with. */
export class CatalogueFileError extends Error {
  override readonly name = "CatalogueFileError";
}

const DATA_DIR = "api/catalogue/data";

function checked<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`);
  throw new CatalogueFileError(`${DATA_DIR}/${file} is not a valid catalogue file: ${problems.join("; ")}`);
}

/** The three files checked, each against its schema and the competitions against the regions. */
export function parseCatalogueFiles(raw: RawCatalogueFiles): CatalogueFiles {
  const files: CatalogueFiles = {
    regions: checked("regions.json", regionFileSchema, raw.regions),
    competitions: checked("competitions.json", competitionFileSchema, raw.competitions),
    markets: checked("markets.json", marketFileSchema, raw.markets),
  };
  const codes = new Set(files.regions.regions.map((r) => r.code));
  const unknown = files.competitions.competitions.flatMap((c, i) =>
    c.region !== null && !codes.has(c.region) ? [`competitions.${i}.region: ${c.region} is not a region of regions.json`] : [],
  );
  if (unknown.length > 0) throw new CatalogueFileError(`${DATA_DIR}/competitions.json is not a valid catalogue file: ${unknown.join("; ")}`);
  return files;
}
