/**
 * Whether each rule fires, and on what figure (docs/design.md, Detection): pure functions of the rule,
 * its `last_fired` and the listing. A rule fires only past its threshold and further than the figure
 * it last fired on, so a price bouncing around a target does not nag.
 */
import type { OddsEvent, OutcomeDrop, SureBet } from "#shared/contract.ts";
import { netPrice } from "#shared/math/bettor-math.ts";
import { bookmakerName } from "#shared/reference.ts";
import type { AlertKind } from "../../db/schema.ts";
import type { LegMarkets } from "../../betslip/leg-markets.ts";
import type { AlertPayload } from "../outbox.ts";
import type { RuleRow } from "../rules/repository.ts";
import { outcomeWords, priceText } from "../rules/subject.ts";
import { bestPricesOf, outcomeKey, type BestPrice } from "./prices.ts";

/** A leg a booking code is minted for, at the books that price it (best first). */
export interface CodeAsk {
  legs: { eventId: string; marketId: number; selectionTypeId: number }[];
  /** The books pricing the legs, best first: the code is minted at the first one that can. */
  providers: number[];
  /** The figure the code is minted at: one code per content, book and price, shared by every follower. */
  priceKey: string;
}

export interface Firing {
  rule: RuleRow;
  kind: AlertKind;
  /** The rule's `last_fired` after this alert. */
  lastFired: string;
  /** Rule and subject: a newer unsent alert of one topic replaces the older. */
  topic: string;
  /** The figure fired on, for the idempotency key. */
  figure: string;
  urgent: boolean;
  payload: AlertPayload;
  code?: CodeAsk | undefined;
}

/** A figure kept without an alert: where a rule starts from. */
export interface Baseline {
  rule: RuleRow;
  lastFired: string;
}

export interface Judged {
  firings: Firing[];
  baselines: Baseline[];
}

/** Percent figures fire again only this many points further than they last fired. */
const FURTHER_POINTS = 1;

const parse = <T>(json: string | null): Partial<T> => (json ? (JSON.parse(json) as Partial<T>) : {});
const matchPath = (eventId: string) => `/match/${encodeURIComponent(eventId)}`;
const pctText = (value: number) => `${value.toFixed(1)} %`;
const sign = (value: number) => (value > 0 ? `+${pctText(value)}` : `-${pctText(-value)}`);
const matchWords = (event: OddsEvent) => `${event.home} v ${event.away}`;

/** The books quoting an outcome, best price first. */
function booksFor(event: OddsEvent, marketId: number, selectionTypeId: number): number[] {
  const rows = event.markets.find((m) => m.marketId === marketId)?.odds ?? [];
  return rows
    .filter((row) => !row.stale)
    .flatMap((row) => row.odds.filter((o) => o.selectionTypeId === selectionTypeId).map((o) => ({ provider: row.provider, value: o.value })))
    .sort((a, b) => b.value - a.value || a.provider - b.provider)
    .map((p) => p.provider);
}

/** A code for one outcome at its best book that can mint, at its best price now; none when no fresh book quotes it. */
function outcomeCode(event: OddsEvent, marketId: number, selectionTypeId: number): CodeAsk | undefined {
  const providers = booksFor(event, marketId, selectionTypeId);
  const best = bestPricesOf(event).get(outcomeKey(marketId, selectionTypeId));
  if (providers.length === 0 || !best) return undefined;
  return { legs: [{ eventId: event.id, marketId, selectionTypeId }], providers, priceKey: String(best.price) };
}

/** `target`: the best price of one outcome at or past the threshold, and higher than it last fired at. */
export function judgeTarget(rule: RuleRow, event: OddsEvent, best: ReadonlyMap<string, BestPrice>, markets: LegMarkets, now: number): Firing | undefined {
  const subject = JSON.parse(rule.subject) as { eventId: string; marketId: number; selectionTypeId: number };
  const found = best.get(outcomeKey(subject.marketId, subject.selectionTypeId));
  if (!found || found.price < rule.threshold) return undefined;
  const last = parse<{ price: number }>(rule.last_fired).price;
  if (last !== undefined && found.price <= last) return undefined;
  const outcome = outcomeWords(markets, event, subject.marketId, subject.selectionTypeId);
  const book = bookmakerName(found.provider);
  return {
    rule,
    kind: "target",
    lastFired: JSON.stringify({ at: now, price: found.price }),
    topic: rule.id,
    figure: String(found.price),
    urgent: false,
    payload: {
      title: `${outcome} at ${priceText(found.price)}`,
      lines: [
        matchWords(event),
        `Best price ${priceText(found.price)} at ${book} (you asked for ${priceText(rule.threshold)} or more).`,
        `After the 5 % tax on winnings it pays ${priceText(netPrice(found.price))} for each naira staked.`,
      ],
      path: matchPath(event.id),
    },
    code: { legs: [subject], providers: booksFor(event, subject.marketId, subject.selectionTypeId), priceKey: String(found.price) },
  };
}

/**
 * `move`: any best price of the match moved by the threshold share or more against the price it
 * last fired on (or the rule started from); the moved prices become the new reference. An outcome
 * seen for the first time becomes a reference without an alert.
 */
export function judgeMove(rule: RuleRow, event: OddsEvent, best: ReadonlyMap<string, BestPrice>, markets: LegMarkets, now: number): Firing | Baseline | undefined {
  const last = parse<{ at: number | null; prices: Record<string, number> }>(rule.last_fired);
  const reference: Record<string, number> = { ...last.prices };
  const moved: { key: string; from: number; to: BestPrice; pct: number }[] = [];
  let learnt = false;
  for (const [key, to] of best) {
    const from = reference[key];
    if (from === undefined) {
      reference[key] = to.price;
      learnt = true;
      continue;
    }
    const pct = ((to.price - from) / from) * 100;
    if (Math.abs(pct) >= rule.threshold) {
      moved.push({ key, from, to, pct });
      reference[key] = to.price;
    }
  }
  if (moved.length === 0) return learnt ? { rule, lastFired: JSON.stringify({ at: last.at ?? null, prices: reference }) } : undefined;
  moved.sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct));
  const words = ({ key }: { key: string }) => {
    const [marketId, selectionTypeId] = key.split(":").map(Number) as [number, number];
    return outcomeWords(markets, event, marketId, selectionTypeId);
  };
  return {
    rule,
    kind: "move",
    lastFired: JSON.stringify({ at: now, prices: reference }),
    topic: rule.id,
    figure: moved.map((m) => `${m.key}=${m.to.price}`).join(","),
    urgent: false,
    payload: {
      title: `${matchWords(event)}: prices moved`,
      lines: moved.slice(0, 4).map((m) => `${words(m)}: ${priceText(m.from)} to ${priceText(m.to.price)} (${sign(m.pct)}) at ${bookmakerName(m.to.provider)}`),
      path: matchPath(event.id),
    },
  };
}

const sureKey = (bet: SureBet) => `${bet.event.id}:${bet.marketId}`;

/**
 * `sure`: each sure bet making the threshold after tax that the rule has not alerted, or now makes a
 * point more than when it did; urgent (docs/design.md, The sender). Bets of events no longer listed are forgotten.
 */
export function judgeSure(rule: RuleRow, bets: readonly SureBet[], listed: ReadonlySet<string>, markets: LegMarkets, now: number): Judged {
  const last = parse<{ at: number | null; bets: Record<string, number> }>(rule.last_fired);
  const kept = Object.fromEntries(Object.entries(last.bets ?? {}).filter(([key]) => listed.has(key.slice(0, key.lastIndexOf(":")))));
  const firings: Firing[] = [];
  const fired: Record<string, number> = { ...kept };
  for (const bet of bets) {
    const key = sureKey(bet);
    const before = fired[key];
    if (bet.netProfitPct < rule.threshold || (before !== undefined && bet.netProfitPct < before + FURTHER_POINTS)) continue;
    fired[key] = bet.netProfitPct;
    const event = { ...bet.event, markets: [] };
    firings.push({
      rule,
      kind: "sure",
      lastFired: "",
      topic: `${rule.id}:${key}`,
      figure: `${key}=${bet.netProfitPct}`,
      urgent: true,
      payload: {
        title: `Sure bet: ${pctText(bet.netProfitPct)} after tax on ${matchWords(event)}`,
        lines: bet.legs.map((leg) => `${outcomeWords(markets, event, bet.marketId, leg.selectionTypeId)}: ${priceText(leg.value)} at ${bookmakerName(leg.provider)}`),
        path: "/sure-bets",
      },
    });
  }
  const lastFired = JSON.stringify({ at: firings.length > 0 ? now : (last.at ?? null), bets: fired });
  for (const firing of firings) firing.lastFired = lastFired;
  const changed = Object.keys(kept).length !== Object.keys(last.bets ?? {}).length;
  return { firings, baselines: firings.length === 0 && changed ? [{ rule, lastFired }] : [] };
}

const dropKey = (drop: OutcomeDrop) => `${drop.event.id}:${drop.marketId}:${drop.selectionTypeId}`;

/**
 * `drop`: outcomes in the chosen competitions (all when none) that fell by the threshold or more, a
 * point further than alerted; each with a code for the outcome at its best book now (`listed`: the
 * events as listed, by id).
 */
export function judgeDrop(rule: RuleRow, drops: readonly OutcomeDrop[], listed: ReadonlyMap<string, OddsEvent>, markets: LegMarkets, now: number): Judged {
  const subject = JSON.parse(rule.subject) as { competitions: number[] };
  const only = new Set(subject.competitions);
  const last = parse<{ at: number | null; drops: Record<string, number> }>(rule.last_fired);
  const kept = Object.fromEntries(Object.entries(last.drops ?? {}).filter(([key]) => listed.has(key.split(":").slice(0, -2).join(":"))));
  const fired: Record<string, number> = { ...kept };
  const firings: Firing[] = [];
  for (const drop of drops) {
    if (only.size > 0 && !only.has(drop.event.competitionId)) continue;
    const key = dropKey(drop);
    const before = fired[key];
    if (drop.dropPct < rule.threshold || (before !== undefined && drop.dropPct < before + FURTHER_POINTS)) continue;
    fired[key] = drop.dropPct;
    const event = { ...drop.event, markets: [] };
    const whole = listed.get(drop.event.id);
    firings.push({
      rule,
      kind: "drop",
      lastFired: "",
      topic: `${rule.id}:${key}`,
      figure: `${key}=${drop.dropPct}`,
      urgent: false,
      payload: {
        title: `Dropping: ${outcomeWords(markets, event, drop.marketId, drop.selectionTypeId)} down ${pctText(drop.dropPct)}`,
        lines: [matchWords(event), ...drop.books.slice(0, 3).map((b) => `${bookmakerName(b.provider)}: ${priceText(b.from)} to ${priceText(b.to)}`)],
        path: matchPath(drop.event.id),
      },
      code: whole && outcomeCode(whole, drop.marketId, drop.selectionTypeId),
    });
  }
  const lastFired = JSON.stringify({ at: firings.length > 0 ? now : (last.at ?? null), drops: fired });
  for (const firing of firings) firing.lastFired = lastFired;
  const changed = Object.keys(kept).length !== Object.keys(last.drops ?? {}).length;
  return { firings, baselines: firings.length === 0 && changed ? [{ rule, lastFired }] : [] };
}

/** Each event's best prices, computed once per pass however many rules follow it. */
export function bestPricesByEvent(): (event: OddsEvent) => Map<string, BestPrice> {
  const memo = new Map<string, Map<string, BestPrice>>();
  return (event) => {
    let found = memo.get(event.id);
    if (!found) memo.set(event.id, (found = bestPricesOf(event)));
    return found;
  };
}
