import { loadApiConfig } from "#api/config.ts";
import { openDatabase } from "#api/db/database.ts";
import { learntRows } from "#api/catalogue/learn-repository.ts";
import { OperatorError, operatorJoin, operatorRename, operatorSplit } from "#api/catalogue/operator.ts";
import { learntRowLines } from "#api/feeds/collector/reports.ts";

/**
 * `npm run feeds:catalogue`: the operator's hand on learnt competitions
 * (docs/design.md, Learning competitions). A join or split is written `joined_by` `operator`, which the join rules never undo.
 */
const USAGE = `usage:
  npm run feeds:catalogue -- list
  npm run feeds:catalogue -- join <bookmaker> <book id> <competition id>
  npm run feeds:catalogue -- split <bookmaker> <book id> [name]
  npm run feeds:catalogue -- rename <competition id> <name>`;

const [command, ...args] = process.argv.slice(2);
const config = loadApiConfig();
const db = await openDatabase(config.databaseUrl);
try {
  if (command === "list" && args.length === 0) {
    for (const line of learntRowLines(await learntRows(db.kysely))) console.log(line);
  } else if (command === "join" && args.length === 3) {
    const [bookmaker, bookId, competition] = args as [string, string, string];
    await operatorJoin(db.kysely, bookmaker, bookId, Number(competition));
    console.log(`${bookmaker} ${bookId} joined to competition ${competition} by the operator`);
  } else if (command === "split" && (args.length === 2 || args.length === 3)) {
    const [bookmaker, bookId, name] = args as [string, string, string | undefined];
    const id = await operatorSplit(db.kysely, bookmaker, bookId, Date.now(), name);
    console.log(`${bookmaker} ${bookId} is now competition ${id} of its own`);
  } else if (command === "rename" && args.length === 2) {
    const [competition, name] = args as [string, string];
    await operatorRename(db.kysely, Number(competition), name);
    console.log(`competition ${competition} is now "${name.trim()}"`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof OperatorError)) throw error;
  console.error(`refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
