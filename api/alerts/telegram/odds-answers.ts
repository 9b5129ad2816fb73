/**
 * `/best <team>` and `/surebets` (docs/design.md, Alerts, Channels, Telegram): answered from the
 * odds cache as the site's search and sure-bets board answer (api/odds/tools/search.ts,
 * sure-and-value.ts), in a few lines of text.
 */
import type { OddsEvent } from "#shared/contract.ts";
import { bookmakerName, isMarketId, marketLabel, selectionLabel } from "#shared/reference.ts";
import { catalogueMarkets } from "../../catalogue/market-descriptors.ts";
import type { CatalogueHolder } from "../../catalogue/start.ts";
import type { OddsService } from "../../odds/read/service.ts";
import { listedSearchIndex, MAX_QUERY_LENGTH, searchEvents } from "../../odds/tools/search.ts";
import { findSureBets } from "../../odds/tools/sure-and-value.ts";

export interface OddsAnswerDeps {
  odds: OddsService;
  catalogue: CatalogueHolder;
  clock: () => number;
  publicOrigin: string;
}

/** Kick-off in Lagos time, as a bettor reads it: "Sat 28 Nov, 16:00". */
function kickoffWords(iso: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")}, ${part("hour")}:${part("minute")}`;
}

const lagosDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date(ms));

function marketWords(catalogue: CatalogueHolder, marketId: number): string {
  return isMarketId(marketId) ? marketLabel(marketId) : (catalogue.current().markets.get(marketId)?.name ?? `Market ${marketId}`);
}

function selectionWords(catalogue: CatalogueHolder, marketId: number, selectionTypeId: number): string {
  return isMarketId(marketId) ? selectionLabel(selectionTypeId) : (catalogue.current().selections.get(selectionTypeId)?.label ?? `Selection ${selectionTypeId}`);
}

/** The best fresh price per outcome of one market of an event, in the market's selection order. */
function bestPrices(event: OddsEvent, marketId: number): { selectionTypeId: number; value: number; provider: number }[] {
  const market = event.markets.find((m) => m.marketId === marketId);
  const best = new Map<number, { value: number; provider: number }>();
  for (const row of market?.odds ?? []) {
    if (row.stale) continue;
    for (const odd of row.odds) {
      const known = best.get(odd.selectionTypeId);
      if (!known || odd.value > known.value) best.set(odd.selectionTypeId, { value: odd.value, provider: row.provider });
    }
  }
  return [...best].sort(([a], [b]) => a - b).map(([selectionTypeId, b]) => ({ selectionTypeId, ...b }));
}

export function oddsAnswers(deps: OddsAnswerDeps) {
  const index = listedSearchIndex(deps.odds.cache);
  return {
    /** The team's next match and the best 1X2 price per outcome, with the book that has it. */
    best(team: string): string {
      const q = team.trim();
      if (q === "") return "Which team? Send /best followed by a team, e.g. /best Arsenal.";
      if ([...q].length > MAX_QUERY_LENGTH) return `A team's name is at most ${MAX_QUERY_LENGTH} characters.`;
      const now = deps.clock();
      const [heading] = searchEvents(index(), q, now, 1);
      if (!heading) return `No upcoming match found for "${q.slice(0, 40)}". Try another spelling, e.g. /best Man Utd.`;
      const event = deps.odds.cache.listed().events.find((e) => e.id === heading.id);
      const prices = event ? bestPrices(event, 1) : [];
      const lines = [`${heading.name}`, `${kickoffWords(heading.date)} (Lagos time)`, ""];
      if (prices.length === 0) lines.push("No bookmaker prices it right now.");
      else {
        lines.push(`Best ${marketLabel(1)} prices:`);
        for (const p of prices) lines.push(`${selectionLabel(p.selectionTypeId)}: ${p.value.toFixed(2)} at ${bookmakerName(p.provider)}`);
      }
      lines.push("", `${deps.publicOrigin}/match/${encodeURIComponent(heading.id)}`);
      return lines.join("\n");
    },

    /** Today's sure bets (Lagos day) after the 5 % tax, the largest profit first, at most five. */
    sureBets(): string {
      const now = deps.clock();
      const { events } = deps.odds.cache.listed();
      const board = findSureBets(events, new Map(), now, catalogueMarkets(deps.catalogue.current()));
      const today = lagosDay(now);
      const bets = board.sureBets.filter((bet) => lagosDay(Date.parse(bet.event.date)) === today);
      if (bets.length === 0) return "No sure bets after tax for today's matches right now. I can tell you when one appears: link your account from your profile page and follow sure bets.";
      const lines = [`Sure bets today, after 5% tax (${bets.length}):`];
      for (const bet of bets.slice(0, 5)) {
        lines.push("", `${bet.event.name}, ${kickoffWords(bet.event.date)}`, `${marketWords(deps.catalogue, bet.marketId)}: +${bet.netProfitPct.toFixed(2)}% after tax`);
        for (const leg of bet.legs) lines.push(`  ${selectionWords(deps.catalogue, bet.marketId, leg.selectionTypeId)} ${leg.value.toFixed(2)} at ${bookmakerName(leg.provider)}`);
      }
      if (bets.length > 5) lines.push("", `and ${bets.length - 5} more.`);
      lines.push("", `${deps.publicOrigin}/sure-bets`);
      return lines.join("\n");
    },
  };
}
