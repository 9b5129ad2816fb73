import type { Kysely } from "kysely";
import type { BookmakerLink } from "#shared/contract.ts";
import type { Database } from "../../db/schema.ts";
import { bookmakerLink, FOOTBALL_PAGES, type LinkInput } from "./bookmaker-links.ts";

/** What each bookmaker's feed told us about each event (decision 015), by event id, then bookmaker. */
export type LinkBook = ReadonlyMap<string, ReadonlyMap<number, LinkInput>>;

type EventRef = { id: string; competitionId: number };

/** The event_links rows of the given events, in one query. */
export async function readLinkBook(db: Kysely<Database>, events: readonly EventRef[]): Promise<LinkBook> {
  const book = new Map<string, Map<number, LinkInput>>();
  if (events.length === 0) return book;
  const competitions = new Map(events.map((e) => [e.id, e.competitionId]));
  const rows = await db
    .selectFrom("event_links")
    .select(["event_id", "bookmaker", "external_id", "home", "away"])
    .where("event_id", "in", [...competitions.keys()])
    .execute();
  for (const row of rows) {
    const byBookmaker = book.get(row.event_id) ?? new Map<number, LinkInput>();
    book.set(row.event_id, byBookmaker);
    byBookmaker.set(row.bookmaker, { externalId: row.external_id, home: row.home, away: row.away, competitionId: competitions.get(row.event_id)! });
  }
  return book;
}

/**
 * The link the match page gives for one bookmaker and event (bookmaker-links.ts): its event page
 * when its feed's id builds one, else its football page.
 */
export function linkOf(book: LinkBook, eventId: string, provider: number): BookmakerLink {
  return bookmakerLink(provider, book.get(eventId)?.get(provider)) ?? { provider, url: FOOTBALL_PAGES[provider] ?? "", exact: false };
}

/** One link per bookmaker that lists the event or prices it, in provider order, as the match page lists them. */
export function linksOf(book: LinkBook, eventId: string, priced: readonly number[]): BookmakerLink[] {
  const providers = [...new Set([...(book.get(eventId)?.keys() ?? []), ...priced])].sort((a, b) => a - b);
  return providers.flatMap((provider) => bookmakerLink(provider, book.get(eventId)?.get(provider)) ?? []);
}
