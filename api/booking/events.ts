/** The store's events as booking codes need them: found by a book's id, a Sportradar id or a kick-off window, and each book's own ids. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { sportradarDigits } from "../feeds/matching/clusters.ts";

export interface StoredEvent {
  id: string;
  competitionId: number;
  home: string;
  away: string;
  kickoff: number;
  srId: string | null;
  /** What names its competition beyond the four (docs/design.md, Competition names). */
  competitionName?: string | null;
  regionCode?: string | null;
  regionKind?: string | null;
}

/** One book's listing of an event (event_links): its own id and team names, in its order. */
export interface BookListing {
  externalId: string;
  home: string;
  away: string;
}

const EVENT_COLUMNS = [
  "events.id",
  "events.competition_id as competitionId",
  "events.home",
  "events.away",
  "events.kickoff",
  "events.sr_id as srId",
  "competitions.name as competitionName",
  "regions.code as regionCode",
  "regions.kind as regionKind",
] as const;

/** Events with what names their competition. */
const named = (db: Kysely<Database>) => db.selectFrom("events").leftJoin("competitions", "competitions.id", "events.competition_id").leftJoin("regions", "regions.id", "competitions.region_id");

/** Events the book lists under these ids of its own, by that id (normally one each), with the book's names. */
export async function eventsByBookIds(db: Kysely<Database>, provider: number, externalIds: readonly string[]): Promise<Map<string, (StoredEvent & { listing: BookListing })[]>> {
  const found = new Map<string, (StoredEvent & { listing: BookListing })[]>();
  if (externalIds.length === 0) return found;
  const rows = await db
    .selectFrom("event_links")
    .innerJoin("events", "events.id", "event_links.event_id")
    .leftJoin("competitions", "competitions.id", "events.competition_id")
    .leftJoin("regions", "regions.id", "competitions.region_id")
    .select([...EVENT_COLUMNS, "event_links.external_id as externalId", "event_links.home as linkHome", "event_links.away as linkAway"])
    .where("event_links.bookmaker", "=", provider)
    .where("event_links.external_id", "in", [...new Set(externalIds)])
    .execute();
  for (const { externalId, linkHome, linkAway, ...event } of rows) {
    found.set(externalId, [...(found.get(externalId) ?? []), { ...event, listing: { externalId, home: linkHome, away: linkAway } }]);
  }
  return found;
}

/** Events with these Sportradar ids, by the id's digits (docs/design.md, Matching: digits compared). */
export async function eventsBySrIds(db: Kysely<Database>, srIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
  const digits = [...new Set(srIds.map(sportradarDigits).filter((d): d is string => d !== undefined))];
  const found = new Map<string, StoredEvent[]>();
  if (digits.length === 0) return found;
  const rows = await named(db).select(EVENT_COLUMNS).where("events.sr_id", "in", digits.map((d) => `sr:match:${d}`)).execute();
  for (const row of rows) {
    const key = sportradarDigits(row.srId ?? "") ?? "";
    found.set(key, [...(found.get(key) ?? []), row]);
  }
  return found;
}

/** Events kicking off between `from` and `to` (epoch ms): the candidates a 1xBet leg is matched against. */
export function eventsBetween(db: Kysely<Database>, from: number, to: number): Promise<StoredEvent[]> {
  return named(db).select(EVENT_COLUMNS).where("events.kickoff", ">=", from).where("events.kickoff", "<=", to).execute();
}

/** The events of these ids with one book's listing of each (undefined where the book has none). */
export async function eventsWithListings(db: Kysely<Database>, provider: number, eventIds: readonly string[]): Promise<Map<string, StoredEvent & { listing: BookListing | undefined }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("events")
    .leftJoin("competitions", "competitions.id", "events.competition_id")
    .leftJoin("regions", "regions.id", "competitions.region_id")
    .leftJoin("event_links", (join) => join.onRef("event_links.event_id", "=", "events.id").on("event_links.bookmaker", "=", provider))
    .select([...EVENT_COLUMNS, "event_links.external_id as externalId", "event_links.home as linkHome", "event_links.away as linkAway"])
    .where("events.id", "in", [...new Set(eventIds)])
    .execute();
  return new Map(
    rows.map(({ externalId, linkHome, linkAway, ...event }) => [
      event.id,
      { ...event, listing: externalId !== null && linkHome !== null && linkAway !== null ? { externalId, home: linkHome, away: linkAway } : undefined },
    ]),
  );
}
