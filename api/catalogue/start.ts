/**
 * Start-up of the catalogue (docs/design.md, Catalogue steps, step 1): check the files, write what
 * differs from the tables, read every row into memory. Run by createApi after the migrations.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema.ts";
import { buildCatalogue, type Catalogue } from "./catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles, type RawCatalogueFiles } from "./files.ts";
import { readCatalogueRows, writeCatalogue } from "./repository.ts";

export interface CatalogueHolder {
  current(): Catalogue;
  /** Reads the rows again; the version moves only if a row changed. */
  reload(): Promise<Catalogue>;
}

export interface CatalogueStart {
  clock: () => number;
  logger?: Logger;
  /** The files to write; the build's own unless a test hands others. */
  files?: RawCatalogueFiles;
}

/** Throws CatalogueFileError, naming file and path, when a file breaks its schema; nothing is written then. */
export async function startCatalogue(db: Kysely<Database>, { clock, logger, files = CATALOGUE_FILES }: CatalogueStart): Promise<CatalogueHolder> {
  const parsed = parseCatalogueFiles(files);
  const counts = await writeCatalogue(db, parsed, clock());
  const changed = Object.entries(counts).filter(([, c]) => c.inserted + c.updated + c.retired > 0);
  if (changed.length > 0) logger?.info({ catalogue: Object.fromEntries(changed) }, "catalogue files written");
  let catalogue = buildCatalogue(await readCatalogueRows(db));
  return {
    current: () => catalogue,
    async reload() {
      const next = buildCatalogue(await readCatalogueRows(db));
      if (next.version !== catalogue.version) catalogue = next;
      return catalogue;
    },
  };
}

/** How often a replica reads the catalogue's rows again, for rows another replica's collector learnt. */
export const CATALOGUE_RELOAD_MS = 60_000;

/**
 * The catalogue as it stands, for readers that serve requests: read again in the background at most
 * once a CATALOGUE_RELOAD_MS, never while a request waits; a failed read keeps the last one and is
 * logged.
 */
export function catalogueReader(holder: CatalogueHolder, { clock, logger }: { clock: () => number; logger: Logger }): () => Catalogue {
  let readAt = clock();
  let reading = false;
  return () => {
    if (!reading && clock() - readAt >= CATALOGUE_RELOAD_MS) {
      reading = true;
      readAt = clock();
      holder
        .reload()
        .catch((err: unknown) => logger.warn({ err }, "the catalogue could not be read again; serving the last one read"))
        .finally(() => (reading = false));
    }
    return holder.current();
  };
}

/** Whether the catalogue lists a competition we serve: known and neither dormant nor merged. */
export const listsCompetition = (catalogue: Catalogue, id: number): boolean => catalogue.competitions.get(id)?.status === "active";

/** Whether the catalogue has a live market by this id. */
export const listsMarket = (catalogue: Catalogue, id: number): boolean => catalogue.markets.get(id)?.retired === false;
