/**
 * The catalogue the adapters answer from (docs/design.md, Catalogue steps, step 2): one per process,
 * set by feed collection from the loaded catalogue before each cycle, and until then the build's
 * own files read without a database. Module-level rather than passed to each call: the adapters'
 * calls are used as they are by the collector, `npm run feeds:parse`, booking and their fixture
 * tests, and every replica reads the same rows, so one current catalogue is what each would be
 * handed anyway.
 */
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { catalogueFromFiles } from "../../catalogue/file-catalogue.ts";
import { CATALOGUE_FILES, parseCatalogueFiles, type CatalogueFiles } from "../../catalogue/files.ts";

let files: CatalogueFiles | undefined;
let fromFiles: Catalogue | undefined;
let current: Catalogue | undefined;

/** The build's files, checked once: they also hold what no table does yet (aliases, spellings). */
export function buildFiles(): CatalogueFiles {
  files ??= parseCatalogueFiles(CATALOGUE_FILES);
  return files;
}

/** The catalogue the adapters read now. */
export function feedCatalogue(): Catalogue {
  if (current) return current;
  fromFiles ??= catalogueFromFiles(buildFiles());
  return fromFiles;
}

/** Feed collection hands the loaded catalogue here; undefined goes back to the build's files. */
export function useFeedCatalogue(catalogue: Catalogue | undefined): void {
  current = catalogue;
}
