/**
 * The checked catalogue files as table rows (docs/design.md, Catalogue tables), in the order the
 * tables reference each other. Each row holds the columns its file owns; the database owns the
 * rest (a competition's status and listing times, a book row's join state).
 */
import { BOOKMAKER_ID_BY_KEY, type BookmakerKey } from "../feeds/types.ts";
import type { CatalogueFiles } from "./files.ts";
import type { TableSync } from "./sync.ts";

const bookmakerId = (key: string) => BOOKMAKER_ID_BY_KEY[key as BookmakerKey];

/** A line in hundredths, so equal lines compare as integers (docs/design.md, Lines). */
export const lineX100 = (line: number | null) => (line === null ? null : Math.round(line * 100));

function competitionTables({ regions, competitions }: CatalogueFiles): TableSync[] {
  const regionId = new Map(regions.regions.map((r) => [r.code, r.id]));
  const region = (code: string | null) => (code === null ? null : (regionId.get(code) ?? null));
  const seed = competitions.competitions;
  return [
    {
      table: "regions",
      key: ["id"],
      retires: true,
      rows: regions.regions.map((r) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, parent_id: region(r.parent), zone: r.zone })),
    },
    {
      // A competition the seed no longer lists stays as the listings keep it: the seed is a starting point.
      table: "competitions",
      key: ["id"],
      retires: false,
      insertDefaults: { status: "active", merged_into: null, last_listed_at: null },
      rows: seed.map((c) => ({ id: c.id, key: c.key, name: c.name, region_id: region(c.region), kind: c.kind, tier: c.tier, sr_tournament: c.srTournament, rank: c.rank })),
    },
    {
      table: "competition_books",
      key: ["bookmaker", "book_id"],
      retires: false,
      insertDefaults: { joined_by: "seed", status: "joined", upcoming: 0, first_seen_at: null, last_seen_at: null },
      // A row learnt or joined by an operator is theirs, whatever the seed says.
      owns: (stored) => stored.joined_by === "seed",
      rows: seed.flatMap((c) =>
        Object.entries(c.books).flatMap(([key, book]) =>
          book ? [{ bookmaker: bookmakerId(key), book_id: book.id, competition_id: c.id, name: book.name, region_name: book.region }] : [],
        ),
      ),
    },
  ];
}

function marketTables({ markets }: CatalogueFiles): TableSync[] {
  const types = markets.types;
  return [
    {
      table: "market_types",
      key: ["id"],
      retires: true,
      rows: types.map((t) => ({
        id: t.id,
        key: t.key,
        name: t.name,
        market_group: t.group,
        period: t.period,
        shape: t.shape,
        coverage: t.coverage,
        line_kind: t.lineKind,
        exclusive: t.exclusive ? 1 : 0,
        settle: JSON.stringify(t.settle),
        book_only: t.bookOnly === null ? null : bookmakerId(t.bookOnly),
        rank: t.rank,
      })),
    },
    {
      table: "markets",
      key: ["id"],
      retires: true,
      rows: types.flatMap((t) => t.markets.map((m) => ({ id: m.id, type_id: t.id, line_x100: lineX100(m.line), code: m.code, name: m.name }))),
    },
    {
      table: "selections",
      key: ["id"],
      retires: true,
      rows: types.flatMap((t) => t.markets.flatMap((m) => m.selections.map((s, ord) => ({ id: s.id, market_id: m.id, outcome: s.outcome, label: s.label, ord })))),
    },
    {
      table: "market_books",
      key: ["bookmaker", "book_market", "type_id"],
      retires: true,
      rows: types.flatMap((t) => t.books.map((b) => ({ bookmaker: bookmakerId(b.bookmaker), book_market: b.market, type_id: t.id, book_name: b.name, line_notation: b.lineNotation }))),
    },
    {
      table: "outcome_books",
      key: ["bookmaker", "book_market", "book_outcome"],
      retires: true,
      rows: types.flatMap((t) =>
        t.books.flatMap((b) => Object.entries(b.outcomes).map(([bookOutcome, outcome]) => ({ bookmaker: bookmakerId(b.bookmaker), book_market: b.market, book_outcome: bookOutcome, type_id: t.id, outcome }))),
      ),
    },
  ];
}

/** Every catalogue table's rows from the files, in insertion order (a row's references first). */
export function catalogueTables(files: CatalogueFiles, now: number): TableSync[] {
  const tables = [...competitionTables(files), ...marketTables(files)];
  return tables.map((spec) => (spec.table === "competitions" ? { ...spec, insertDefaults: { ...spec.insertDefaults, created_at: now } } : spec));
}
