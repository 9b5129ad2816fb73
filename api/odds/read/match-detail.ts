import type { Kysely } from "kysely";
import type { EventMarket, MatchDetail, MatchHeading, MatchMarket } from "#shared/contract.ts";
import { isMarketId } from "#shared/reference.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { catalogueMarkets } from "../../catalogue/market-descriptors.ts";
import type { Database } from "../../db/schema.ts";
import { linksOf, readLinkBook } from "./link-book.ts";
import { markedStaleBefore } from "./freshness.ts";
import { annotatedMarkets, eventHeading, freshPriceRows, groupByEvent, priceRows } from "./read-model.ts";

export interface MatchDetailDeps {
  db: Kysely<Database>;
  clock: () => number;
  /** FEED_INTERVAL_S: freshness and stale marks are judged in feed intervals, as the listing judges them. */
  intervalS: number;
  /** The catalogue: the match page shows every market it knows, each beyond the eight named by it. Without it, the eight. */
  catalogue?: () => Catalogue;
}

/**
 * A market as the catalogue describes it to the match page: every market's picker group; beyond the
 * eight, its name, its selections' labels in order, its shape, its coverage when not 1 and the book
 * quoting it alone, so the page works out Highest, Average and the payout at best with the same
 * descriptor the API's margins took (docs/design.md, The match page; decision 055). Each book's
 * margin itself comes with its row, as the listing computes it.
 */
function catalogueNaming(catalogue: Catalogue, marketId: number): Pick<MatchMarket, "name" | "selections" | "group" | "shape" | "coverage" | "bookOnly"> {
  const market = catalogue.markets.get(marketId);
  const type = market && catalogue.types.get(market.typeId);
  if (!market || !type) return {};
  if (isMarketId(marketId)) return { group: type.group };
  return {
    name: market.name,
    selections: market.selections.map((id) => ({ id, label: catalogue.selections.get(id)?.label ?? `Selection ${id}` })),
    group: type.group,
    shape: type.shape,
    ...(type.coverage === 1 ? {} : { coverage: type.coverage }),
    ...(type.bookOnly === null ? {} : { bookOnly: type.bookOnly }),
  };
}

const EPOCH = new Date(0).toISOString();
const priceKey = (provider: number, marketId: number, selectionTypeId: number) => `${provider}:${marketId}:${selectionTypeId}`;

function readEvent(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("events")
    .leftJoin("competitions", "competitions.id", "events.competition_id")
    .leftJoin("regions", "regions.id", "competitions.region_id")
    .select(["events.id", "events.competition_id as competitionId", "events.home", "events.away", "events.kickoff", "competitions.name as competitionName", "regions.code as regionCode", "regions.kind as regionKind"])
    .where("events.id", "=", id)
    .executeTakeFirst();
}

/** Each price's opening value: the first history row of its (bookmaker, market, selection). */
async function readOpenings(db: Kysely<Database>, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("price_history as h")
    .select(["h.bookmaker", "h.market_id", "h.selection_type_id", "h.price"])
    .where("h.event_id", "=", eventId)
    .where("h.recorded_at", "=", (eb) =>
      eb
        .selectFrom("price_history as first")
        .select((inner) => inner.fn.min("first.recorded_at").as("at"))
        .whereRef("first.event_id", "=", "h.event_id")
        .whereRef("first.bookmaker", "=", "h.bookmaker")
        .whereRef("first.market_id", "=", "h.market_id")
        .whereRef("first.selection_type_id", "=", "h.selection_type_id"),
    )
    .execute();
  return new Map(rows.map((row) => [priceKey(row.bookmaker, row.market_id, row.selection_type_id), row.price]));
}

/** The listing's markets, each price with its opening value (its current one should history lack a row). */
function withOpenings(markets: readonly EventMarket[], openings: ReadonlyMap<string, number>, catalogue: Catalogue | undefined): MatchMarket[] {
  return markets.map((market) => ({
    marketId: market.marketId,
    ...(catalogue ? catalogueNaming(catalogue, market.marketId) : {}),
    odds: market.odds.map((row) => ({
      ...row,
      odds: row.odds.map((price) => ({ ...price, opening: openings.get(priceKey(row.provider, market.marketId, price.selectionTypeId)) ?? price.value })),
    })),
  }));
}

/** The latest price change the page shows; the epoch when it shows none. */
function latestChange(markets: readonly MatchMarket[]): string {
  let latest = EPOCH;
  for (const market of markets) for (const row of market.odds) if (row.updatedAt > latest) latest = row.updatedAt;
  return latest;
}

/**
 * GET /odds/events/:id's answer from the store, or undefined for an event it does not hold (never
 * written, or pruned 14 days after kick-off). An upcoming event shows what the listing shows of it:
 * fresh prices only, with the listing's flags, margins and stale marks (read-model.ts). A started
 * event shows its prices as the listing last showed them, judged at kick-off, so its page stays
 * readable and unchanging until it is pruned (docs/design.md, Price history).
 */
/**
 * What a signed-out visitor may read of a match (docs/design.md, Match API): its teams, league and
 * kick-off, and whether it has started; no price. A shared link says what it is with it.
 */
export async function readMatchHeading(deps: Pick<MatchDetailDeps, "db" | "clock">, id: string): Promise<MatchHeading | undefined> {
  const event = await readEvent(deps.db, id);
  if (!event) return undefined;
  return { event: { ...eventHeading(event), started: event.kickoff <= deps.clock() } };
}

export async function readMatchDetail(deps: MatchDetailDeps, id: string): Promise<MatchDetail | undefined> {
  const event = await readEvent(deps.db, id);
  if (!event) return undefined;
  const now = deps.clock();
  const started = event.kickoff <= now;
  const asOf = started ? event.kickoff : now;
  const intervalMs = deps.intervalS * 1000;
  const rows = await freshPriceRows(priceRows(deps.db).where("events.id", "=", id), asOf, intervalMs);
  const group = groupByEvent(rows).get(id);
  const catalogue = deps.catalogue?.();
  const listed = group ? annotatedMarkets(group, asOf, markedStaleBefore(asOf, intervalMs), catalogue ? catalogueMarkets(catalogue) : undefined) : [];
  const markets = withOpenings(listed, await readOpenings(deps.db, id), catalogue);
  const priced = markets.flatMap((market) => market.odds.map((row) => row.provider));
  const links = linksOf(await readLinkBook(deps.db, [event]), event.id, priced);
  return { event: { ...eventHeading(event), markets, links, started }, updatedAt: latestChange(markets), intervalS: deps.intervalS };
}
