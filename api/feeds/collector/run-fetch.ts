/**
 * One bookmaker's share of a cycle: its four league listings (every page), then its per-event
 * follow-ups, then the other competitions joined at it while their share lasts, one request at a time. Results land in `outcome` as each league completes, and
 * nothing more lands once `signal` aborts, so a bookmaker abandoned mid-cycle still keeps what
 * it finished.
 */
import type { Logger } from "pino";
import { COMPETITION_IDS } from "#shared/reference.ts";
import { FeedAbortedError, FeedBlockedError, type Fetcher } from "../fetcher.ts";
import { MAX_FAILURES_IN_A_ROW, type FollowUpState } from "./follow-ups.ts";
import type { BookmakerAdapter, BookmakerKey, FeedRequest, Offer } from "../types.ts";

/** More pages than any listing needs (SportyBet's whole football list was 15 pages of 100). */
const MAX_PAGES = 30;

export interface LeagueOutcome {
  offers?: Offer[];
  error?: string;
  /** The site answered a bot challenge or WAF page instead of data (decision 012). */
  blocked?: boolean;
  eventCalls: number;
  eventFailures: number;
}

export interface BookmakerOutcome {
  key: BookmakerKey;
  leagues: Map<number, LeagueOutcome>;
  /** Offers whose follow-up call answered this cycle (the others carry their last extras). */
  refreshed: Set<string>;
  skipped: boolean;
  abandoned: boolean;
  /** The four and their follow-ups were done and the other competitions begun: a budget running out then abandons nothing. */
  othersBegun?: boolean;
}

export function emptyOutcome(key: BookmakerKey): BookmakerOutcome {
  return { key, leagues: new Map(), refreshed: new Set(), skipped: false, abandoned: false };
}

/** A body the site sent but the adapter could not use: a failure of that league only. */
class ParseFailure extends Error {}

/** A challenge page in a 200: the site turned the client away, as a 403 challenge does. */
class BlockedAnswer extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface CollectBookmakerOptions {
  adapter: BookmakerAdapter;
  baseUrl: string;
  fetcher: Fetcher;
  now: Date;
  signal: AbortSignal;
  /** The polite pause before a request (not before a bookmaker's first). */
  gap: (signal: AbortSignal) => Promise<void>;
  followUps: FollowUpState;
  logger: Logger;
  /** Competitions beyond the four, asked after the four's follow-ups (board-rotation.ts). */
  others?: OtherCompetitions;
}

/** Competitions beyond the four, in the order to ask them, while `open()` says a new one may start (docs/design.md, Collected today). */
export interface OtherCompetitions {
  ids: readonly number[];
  open: () => boolean;
  asked: (competitionId: number) => void;
}

/** How the site has answered so far this cycle: after it failed, the other leagues would only fail the same way. */
interface SiteState {
  down?: string;
  blocked: boolean;
}

export async function collectBookmaker(options: CollectBookmakerOptions, outcome: BookmakerOutcome): Promise<void> {
  const { adapter, signal } = options;
  const fetchOnce = fetchOncePerCycle(options);
  const site: SiteState = { blocked: false };
  for (const competitionId of COMPETITION_IDS) {
    if (signal.aborted) return;
    // After the site itself failed (timeout, 403, 5xx after retries) the other leagues wait for the next cycle.
    if (site.down) {
      outcome.leagues.set(competitionId, { error: `not tried after ${site.down}`, eventCalls: 0, eventFailures: 0, ...(site.blocked ? { blocked: true } : {}) });
      continue;
    }
    if ((await askCompetition(options, fetchOnce, competitionId, outcome, site)) === "aborted") return;
  }

  if (adapter.eventRequests && adapter.parseEvent) await followUp(options, outcome);

  // The rest of the board, its listings only: a challenge page, or failures in a row, stop them; one
  // competition's failure or empty answer is its own (a book keeps a dropped tournament's row joined
  // for days), never the site's, and never the four's report.
  outcome.othersBegun = true;
  let failuresInARow = 0;
  for (const competitionId of options.others?.ids ?? []) {
    if (signal.aborted || site.blocked || failuresInARow >= MAX_FAILURES_IN_A_ROW || !options.others!.open()) return;
    const asked = await askCompetition(options, fetchOnce, competitionId, outcome, site, true);
    if (asked === "aborted") return;
    failuresInARow = outcome.leagues.get(competitionId)?.error === undefined ? 0 : failuresInARow + 1;
    options.others!.asked(competitionId);
  }
}

/**
 * One competition's listing into the outcome, its failure recorded; "aborted" once the budget ran out.
 * One of the four answering nothing is a failure (see leagueOutcome); another competition may simply
 * have nothing listed at the book now (`beyond`), and its failure is not the site's.
 */
async function askCompetition(options: CollectBookmakerOptions, fetchOnce: FetchOnce, competitionId: number, outcome: BookmakerOutcome, site: SiteState, beyond = false): Promise<"done" | "aborted"> {
  const { signal } = options;
  try {
    const offers = await listLeague(options, fetchOnce, competitionId);
    if (signal.aborted) return "aborted";
    outcome.leagues.set(competitionId, beyond ? { offers: [...offers.values()], eventCalls: 0, eventFailures: 0 } : leagueOutcome(offers));
  } catch (error) {
    if (signal.aborted || error instanceof FeedAbortedError) return "aborted";
    if (!(error instanceof ParseFailure) && !beyond) site.down = messageOf(error);
    const blocked = error instanceof BlockedAnswer || error instanceof FeedBlockedError;
    site.blocked ||= blocked;
    outcome.leagues.set(competitionId, { error: messageOf(error), eventCalls: 0, eventFailures: 0, ...(blocked ? { blocked } : {}) });
  }
  return "done";
}

type FetchOnce = (request: FeedRequest) => Promise<string>;

/**
 * One request can serve several leagues: fetched once per cycle, its failure too. A POST
 * differs by its body (SportyBet's pcEvents asks each tournament at one URL). Every request but
 * the bookmaker's first waits for the polite gap.
 */
function fetchOncePerCycle({ fetcher, signal, gap }: CollectBookmakerOptions): FetchOnce {
  let first = true;
  const polite = async () => {
    if (!first) await gap(signal);
    first = false;
  };
  const bodies = new Map<string, Promise<string>>();
  return (request) => {
    const key = `${request.method ?? "GET"} ${request.url} ${request.body ?? ""}`;
    let body = bodies.get(key);
    if (!body) {
      body = polite().then(() => fetcher.fetch(request, signal));
      bodies.set(key, body);
    }
    return body;
  };
}

/** A league's listing, every page of every request; throws ParseFailure or BlockedAnswer for an unusable body. */
async function listLeague(options: CollectBookmakerOptions, fetchOnce: FetchOnce, competitionId: number): Promise<Map<string, Offer>> {
  const { adapter, baseUrl, now } = options;
  const offers = new Map<string, Offer>();
  for (const firstPage of adapter.leagueRequests(baseUrl, competitionId, now)) {
    let request: FeedRequest | undefined = firstPage;
    for (let page = 0; request && page < MAX_PAGES; page += 1) {
      const body: string = await fetchOnce(request);
      const parsed = adapter.parseLeague(body, competitionId, now);
      if (!parsed.ok) throw parsed.blocked ? new BlockedAnswer(parsed.error) : new ParseFailure(parsed.error);
      // A listing that shifts between two page requests can repeat an event: the later wins.
      for (const offer of parsed.offers) offers.set(offer.externalId, offer);
      request = adapter.nextPage?.(request, body);
    }
  }
  return offers;
}

/**
 * An empty success envelope is how a degraded site often answers: it is recorded as a failed
 * league (its last prices stay until stale). In a genuine break the report simply says so.
 */
function leagueOutcome(offers: Map<string, Offer>): LeagueOutcome {
  return offers.size === 0
    ? { error: "answered no events for this league", eventCalls: 0, eventFailures: 0 }
    : { offers: [...offers.values()], eventCalls: 0, eventFailures: 0 };
}

/** Per-event calls, rotated; each failure is logged and counted, and a run of them stops the rest. */
async function followUp(options: CollectBookmakerOptions, outcome: BookmakerOutcome): Promise<void> {
  const { adapter, baseUrl, fetcher, signal, logger, followUps } = options;
  const leagueOf = new Map<string, LeagueOutcome>();
  const all: Offer[] = [];
  for (const league of outcome.leagues.values()) {
    for (const offer of league.offers ?? []) {
      leagueOf.set(offer.externalId, league);
      all.push(offer);
    }
  }
  const chosen = followUps.choose(all);
  const requests = adapter.eventRequests!(baseUrl, chosen);
  let failuresInARow = 0;
  for (const { request, externalId } of requests) {
    if (signal.aborted || failuresInARow >= MAX_FAILURES_IN_A_ROW) return;
    const league = leagueOf.get(externalId);
    const index = league?.offers?.findIndex((o) => o.externalId === externalId) ?? -1;
    const offer = league?.offers?.[index];
    if (!league?.offers || !offer) continue;
    let error: string;
    try {
      await options.gap(signal);
      const parsed = adapter.parseEvent!(await fetcher.fetch(request, signal), offer);
      if (signal.aborted) return;
      league.eventCalls += 1;
      const merged = parsed.ok ? parsed.offers[0] : undefined;
      if (merged) {
        league.offers[index] = merged;
        followUps.answered(offer, merged);
        outcome.refreshed.add(externalId);
        failuresInARow = 0;
        continue;
      }
      error = parsed.ok ? "answered no event" : parsed.error;
    } catch (caught) {
      if (signal.aborted || caught instanceof FeedAbortedError) return;
      league.eventCalls += 1;
      error = messageOf(caught);
    }
    // The league listing still stands; the event's extras are carried, unconfirmed.
    league.eventFailures += 1;
    failuresInARow += 1;
    logger.warn({ bookmaker: adapter.key, externalId, err: error }, "event follow-up failed");
  }
}
