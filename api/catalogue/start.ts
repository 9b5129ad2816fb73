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
