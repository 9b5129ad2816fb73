/**
 * The bettor tools' boards (docs/design.md, Bettor tools; decisions 018 and 019): sure bets and value bets
 * found in the listed prices with the maths of shared/math/bettor-math.ts, before and after the tax on
 * winnings (docs/design.md, Tax on sure bets and value bets). Pure: the listing's events in, the answers
 * out, links from a LinkBook read beforehand.
 */
import { bestLegs, fairProbabilities, MIN_NET_EV_PCT, netEvPct, netSureBetProfitPct, sureBetProfitPct, valuePct } from "#shared/math/bettor-math.ts";
import type { EventHeading, EventMarket, OddsEvent, ProviderOdds, SureBet, SureBets, ValueBet, ValueBets } from "#shared/contract.ts";
import { isValidPrice } from "#shared/math/odds-math.ts";
import { backsWholeSet, referenceDescriptor, type MarketDescriptor, type MarketLookup } from "#shared/math/market-descriptor.ts";
import { FLAGS } from "#shared/reference.ts";
import { linkOf, type LinkBook } from "../read/link-book.ts";

/** Fewer bookmakers pricing the whole market make no consensus to call a fair price (decision 019). */
export const MIN_CONSENSUS_BOOKMAKERS = 3;

const EPOCH = new Date(0).toISOString();
/** Rounded to `decimals`, never -0 (a small loss rounding to nothing is shown as 0, not "-0"). */
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals + 0;
const headingOf = ({ id, name, home, away, date, competitionId, competition }: OddsEvent): EventHeading => ({ id, name, home, away, date, competitionId, ...(competition ? { competition } : {}) });

/** One event's market with the prices that count: confirmed bookmakers (a stale one's prices are unconfirmed) pricing every selection. */
interface Candidate {
  event: EventHeading;
  marketId: number;
  market: MarketDescriptor;
  rows: ProviderOdds[];
}

function pricesWholeMarket(selections: readonly number[], row: ProviderOdds): boolean {
  return selections.every((id) => row.odds.some((p) => p.selectionTypeId === id && isValidPrice(p.value)));
}

/**
 * Every upcoming event-market of an exclusive type (docs/design.md, Market catalogue, "How the tools
 * read a type": not Double Chance, Draw No Bet, whole or quarter lines, nor a book-only type), with
 * its confirmed bookmakers pricing every selection of the market's set. `markets` describes them: the
 * spec's eight by default, the catalogue's where the API passes it (api/catalogue/market-descriptors.ts).
 */
function candidates(events: readonly OddsEvent[], now: number, markets: MarketLookup): Candidate[] {
  const found: Candidate[] = [];
  for (const event of events) {
    if (Date.parse(event.date) <= now) continue;
    const heading = headingOf(event);
    for (const market of event.markets) found.push(...candidateOf(heading, market, markets));
  }
  return found;
}

function candidateOf(event: EventHeading, market: EventMarket, markets: MarketLookup): Candidate[] {
  const descriptor = markets(market.marketId);
  if (!descriptor || !backsWholeSet(descriptor)) return [];
  const rows = market.odds.filter((row) => !row.stale && pricesWholeMarket(descriptor.selections, row));
  return rows.length > 0 ? [{ event, marketId: market.marketId, market: descriptor, rows }] : [];
}

/** Kick-off, then identity: the order among equals, so an answer's bytes do not depend on the listing's order. */
function byEvent(a: { event: EventHeading; marketId: number }, b: { event: EventHeading; marketId: number }): number {
  return a.event.date.localeCompare(b.event.date) || a.event.id.localeCompare(b.event.id) || a.marketId - b.marketId;
}

/** `{ boosted: true }` when the bookmaker marks its price of the selection as boosted (usually for small stakes). */
function boostedMark(row: ProviderOdds, selectionTypeId: number): { boosted?: true } {
  const flags = row.odds.find((o) => o.selectionTypeId === selectionTypeId)?.flags ?? 0;
  return flags & FLAGS.Boosted ? { boosted: true } : {};
}

/** The latest price change among those shown; the epoch when none is. */
function latest(times: readonly string[]): string {
  return times.reduce((max, at) => (at > max ? at : max), EPOCH);
}

/**
 * Every upcoming event-market whose best prices among the bookmakers pricing the whole market still
 * make a profit after the tax on winnings (Σ(1/b') < 1, b' each leg's price after tax), the largest
 * profit after tax first; each leg with its price's age and its bookmaker's page. A sure bet before tax
 * that the tax turns into a loss is no sure bet; nor is one whose profit after tax rounds to 0.00 %
 * (the contract promises `netProfitPct` > 0).
 */
export function findSureBets(events: readonly OddsEvent[], book: LinkBook, now: number, markets: MarketLookup = referenceDescriptor): SureBets {
  const found: { bet: SureBet; net: number }[] = [];
  for (const { event, marketId, market, rows } of candidates(events, now, markets)) {
    const legs = bestLegs(market, rows);
    const profit = legs && sureBetProfitPct(legs);
    if (!legs || profit === undefined) continue;
    const net = netSureBetProfitPct(legs);
    if (round(net, 2) <= 0) continue;
    const bet: SureBet = {
      event,
      marketId,
      profitPct: round(profit, 2),
      netProfitPct: round(net, 2),
      legs: legs.map((leg) => {
        const row = rows.find((r) => r.provider === leg.provider)!;
        return { ...leg, updatedAt: row.updatedAt, link: linkOf(book, event.id, leg.provider), ...boostedMark(row, leg.selectionTypeId) };
      }),
    };
    found.push({ bet, net });
  }
  const sureBets = found.sort((a, b) => b.net - a.net || byEvent(a.bet, b.bet)).map((f) => f.bet);
  return { sureBets, updatedAt: latest(sureBets.flatMap((bet) => bet.legs.map((leg) => leg.updatedAt))) };
}

/**
 * Every price of an upcoming event-market whose expected value after the tax on winnings is at least
 * MIN_NET_EV_PCT, where at least MIN_CONSENSUS_BOOKMAKERS confirmed bookmakers price the whole market
 * (fair prices by consensus, decision 018); the largest expected value after tax first, each with its
 * value before tax too (docs/design.md, Value bets; decision 037). A price above its fair price that
 * the tax leaves with less is no value bet, as a sure bet lost to tax is no sure bet.
 */
export function findValueBets(events: readonly OddsEvent[], book: LinkBook, now: number, markets: MarketLookup = referenceDescriptor): ValueBets {
  const found: { bet: ValueBet; net: number }[] = [];
  for (const { event, marketId, market, rows } of candidates(events, now, markets)) {
    if (rows.length < MIN_CONSENSUS_BOOKMAKERS) continue;
    const fair = fairProbabilities(market, rows);
    if (!fair) continue;
    for (const row of rows) {
      for (const { selectionTypeId, value: price } of row.odds) {
        const probability = fair.get(selectionTypeId);
        if (probability === undefined) continue;
        const net = netEvPct(price, probability);
        if (net < MIN_NET_EV_PCT) continue;
        const { provider, updatedAt } = row;
        const bet = { event, marketId, selectionTypeId, provider, value: price, fairPrice: round(1 / probability, 2), valuePct: round(valuePct(price, probability), 1), netEvPct: round(net, 1), updatedAt, link: linkOf(book, event.id, provider), ...boostedMark(row, selectionTypeId) };
        found.push({ bet, net });
      }
    }
  }
  const order = (a: ValueBet, b: ValueBet) => byEvent(a, b) || a.selectionTypeId - b.selectionTypeId || a.provider - b.provider;
  const valueBets = found.sort((a, b) => b.net - a.net || order(a.bet, b.bet)).map((f) => f.bet);
  return { minNetEvPct: MIN_NET_EV_PCT, valueBets, updatedAt: latest(valueBets.map((bet) => bet.updatedAt)) };
}

/** The events a board shows: their links are read for it, and the first to kick off ends it. */
export function eventsShown(sureBets: SureBets, valueBets: ValueBets): EventHeading[] {
  const shown = new Map<string, EventHeading>();
  for (const { event } of [...sureBets.sureBets, ...valueBets.valueBets]) shown.set(event.id, event);
  return [...shown.values()];
}
