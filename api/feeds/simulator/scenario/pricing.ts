/**
 * One bookmaker's prices for one fixture at one instant. Everything is a hash of
 * (seed, bookmaker, fixture, time step), so prices are reproducible at any instant without
 * state and constant within a price step (PRICE_STEP_MS unless SIM_STEP_S sets another).
 *
 * Like a real book, a bookmaker holds a market's prices until its traders reprice it: at each
 * step a small share of markets is repriced from the drifting goals model, and now and then a
 * fixture has team news and every bookmaker reprices all of its markets within a few steps. So
 * most prices stand still from one step to the next, and an arrow means something.
 */
import { BOOKMAKER_KEYS, type BookmakerKey } from "../../types.ts";
import { outcomeProbabilities, TOTAL_LINES, type GoalExpectation } from "./goals-model.ts";
import { leagueById } from "../leagues.ts";
import { applyMargin, applyMarginQuick, ENHANCED_MARGIN, MARGIN_PROFILES, roundPrice, type CatalogueKind, type MarketKind } from "./margins.ts";
import { catalogueKindsOf, kindLines } from "./catalogue-kinds.ts";
import { MarketModel } from "./market-model.ts";
import { signedUnit, unit } from "./random.ts";
import { DAY_MS } from "./schedule.ts";

/**
 * The model's price step: prices only change on these boundaries of the model's clock.
 * Kick-offs fall on the schedule's own 5-minute grid (schedule.ts), whatever the price step.
 */
export const PRICE_STEP_MS = 5 * 60_000;

/**
 * The instant the price model sees at real instant t when prices move every `stepMs`
 * (SIM_STEP_S): the model's clock runs PRICE_STEP_MS / stepMs times as fast, so each real
 * step is one model step and drift, news and boosts keep their proportions. The default
 * step is the identity, so default prices are exactly those of the model.
 */
export function priceTime(t: number, stepMs: number = PRICE_STEP_MS): number {
  return stepMs === PRICE_STEP_MS ? t : (t / stepMs) * PRICE_STEP_MS;
}

export interface QuotedMarket {
  kind: MarketKind;
  /** Goal line of an over/under market, the goals added to home of a handicap, else null. */
  line: number | null;
  /** In the market's selection order: 1/X/2, 1X/12/X2, over/under, yes/no; the catalogue's for the other types (catalogue-kinds.ts). */
  prices: number[];
  suspended: boolean;
  /** Only NairaBet marks boosts ("1x2 - Enhanced Prices"); the others carry no such flag. */
  boosted: boolean;
}

/**
 * What the model reads of a fixture: the four leagues' SimFixture, or a board fixture
 * (board/board-source.ts) carrying its competition's goals per team and listed per world.json.
 */
export interface ModelFixture {
  serial: number;
  competitionId?: number;
  /** The competition's mean goals per team (world.json); the four leagues' table when absent. */
  goalsPerTeam?: number;
  home: { key: string; strength: number };
  away: { key: string; strength: number };
  /** Which books list it is the world's to say (world.json), so no book drops it at random. */
  listedByWorld?: boolean;
}

const HOME_ADVANTAGE = 0.12;
/** Log expected goals per strength point on each side: 18 points apart is about 2.6 v 0.7. */
const STRENGTH_SCALE = 0.03;
/** Slow drift of the consensus [period, amplitude in log expected goals]: what a reprice picks up. */
const DRIFT_OCTAVES: [number, number][] = [
  [6 * PRICE_STEP_MS, 0.03],
  [48 * PRICE_STEP_MS, 0.045],
  [DAY_MS, 0.05],
];
/** Share of a bookmaker's markets its traders reprice at a step (besides team news). */
const REPRICE_SHARE = 0.06;
/** Every market is repriced at least once a day, whatever the draws. */
const STEPS_PER_DAY = DAY_MS / PRICE_STEP_MS;
/** Each fixture has team news about twice a day; bookmakers react within NEWS_LAG_STEPS. */
const NEWS_PERIOD_MS = 12 * 60 * 60_000;
const NEWS_LAG_STEPS = 3;
/** How far team news moves a side's expected goals (log scale). */
const NEWS_SHIFT = 0.1;
const SERVED_LINES: Record<BookmakerKey, readonly number[]> = {
  // Bet9ja's league list carries O/U 0.5-6.5 (docs/design.md, Bet9ja feed); the others stop at 4.5.
  bet9ja: TOTAL_LINES,
  sportybet: [0.5, 1.5, 2.5, 3.5, 4.5],
  betking: [0.5, 1.5, 2.5, 3.5, 4.5],
  nairabet: [0.5, 1.5, 2.5, 3.5, 4.5],
  "1xbet": [0.5, 1.5, 2.5, 3.5, 4.5],
};
/**
 * Share of fixtures where a bookmaker does not offer a market at all, so the data looks real.
 * Shares of one market add up to at most 1, and at most one bookmaker misses a market of a
 * fixture (see `absentee`), so every market of every fixture is compared across four or more.
 */
const GAPS: Partial<Record<string, Partial<Record<BookmakerKey, number>>>> = {
  "OU0.5": { bet9ja: 0.3 },
  "OU4.5": { betking: 0.2 },
  BTTS: { nairabet: 0.15, "1xbet": 0.3 },
  // The other types' gaps: outer lines some books do not hang (docs/design.md, Simulator).
  "HOU2.5": { betking: 0.3 },
  "AOU2.5": { betking: 0.3, bet9ja: 0.2 },
  "1HOU2.5": { bet9ja: 0.25 },
  "2HOU1.5": { sportybet: 0.15 },
  DNB: { bet9ja: 0.1 },
  "HCP-2": { betking: 0.3 },
  "HCP2": { betking: 0.3 },
  CS: { betking: 0.2 },
};
/**
 * An Asian line is hung only where the fixture is near balanced on it (fair home chance within
 * this band of 0.5), as books hang the few lines around the main one; BetKing no quarter lines.
 */
const ASIAN_BAND = 0.38;
/** Share of fixtures one bookmaker does not list at all. */
const UNLISTED_SHARE = 0.15;
/** Share of a fixture's markets with one bookmaker suspended, per SUSPENSION_STEPS steps. */
const SUSPENDED_SHARE = 0.03;
const SUSPENSION_STEPS = 3;
const BOOSTED_SHARE = 0.3;
const BOOST_PERIOD_MS = 6 * 60 * 60_000;

const stepOf = (t: number) => Math.floor(t / PRICE_STEP_MS);

/** One of the five bookmakers, picked by a uniform draw. */
const pick = (u: number): BookmakerKey => BOOKMAKER_KEYS[Math.min(BOOKMAKER_KEYS.length - 1, Math.floor(u * BOOKMAKER_KEYS.length))]!;

function drift(seed: number, fixture: ModelFixture, side: string, t: number): number {
  return DRIFT_OCTAVES.reduce(
    (sum, [period, amplitude]) =>
      sum + amplitude * signedUnit(seed, "drift", fixture.serial, side, period, Math.floor(t / period)),
    0,
  );
}

/** Team news: which news period a fixture is in at t (each fixture's periods start at its own phase). */
function newsIndex(seed: number, fixture: ModelFixture, t: number): number {
  const phase = unit(seed, "news-phase", fixture.serial) * NEWS_PERIOD_MS;
  return Math.floor((t - phase) / NEWS_PERIOD_MS);
}

/** The market's consensus expected goals: strengths, home advantage, a fixture twist, news, drift. */
export function consensusGoals(seed: number, fixture: ModelFixture, t: number): GoalExpectation {
  const base = fixture.goalsPerTeam ?? leagueById(fixture.competitionId ?? 0)?.goalsPerTeam ?? 1.35;
  const gap = STRENGTH_SCALE * (fixture.home.strength - fixture.away.strength);
  const news = newsIndex(seed, fixture, t);
  const shift = (side: string) =>
    0.06 * signedUnit(seed, "twist", fixture.serial, side) +
    NEWS_SHIFT * signedUnit(seed, "news", fixture.serial, side, news) +
    drift(seed, fixture, side, t);
  return {
    home: base * Math.exp(gap + HOME_ADVANTAGE + shift("h")),
    away: base * Math.exp(-gap - HOME_ADVANTAGE + shift("a")),
  };
}

/** Each book's own view: a standing lean on some clubs plus its traders' view, revised every 15 minutes. */
function bookmakerGoals(seed: number, bk: BookmakerKey, fixture: ModelFixture, t: number): GoalExpectation {
  const xg = consensusGoals(seed, fixture, t);
  const bucket = Math.floor(t / (3 * PRICE_STEP_MS));
  const lean = (side: string, club: string) =>
    0.015 * signedUnit(seed, "lean", bk, club) +
    0.015 * signedUnit(seed, "view", bk, fixture.serial, side, bucket);
  return {
    home: xg.home * Math.exp(lean("h", fixture.home.key)),
    away: xg.away * Math.exp(lean("a", fixture.away.key)),
  };
}

/** Whether the bookmaker reprices this market of this fixture at this step. */
function reprices(seed: number, bk: BookmakerKey, fixture: ModelFixture, code: string, step: number): boolean {
  const daily = Math.floor(unit(seed, "daily", bk, fixture.serial, code) * STEPS_PER_DAY);
  if (step % STEPS_PER_DAY === daily) return true;
  if (unit(seed, "reprice", bk, fixture.serial, code, step) < REPRICE_SHARE) return true;
  // Team news: the whole fixture, a few steps after the news for the slower books.
  const lag = Math.floor(unit(seed, "news-lag", bk, fixture.serial) * NEWS_LAG_STEPS);
  const heard = (step - lag) * PRICE_STEP_MS;
  return newsIndex(seed, fixture, heard) !== newsIndex(seed, fixture, heard - PRICE_STEP_MS);
}

/** The instant of the last step, at or before t, at which the market was repriced. */
function pricedAt(seed: number, bk: BookmakerKey, fixture: ModelFixture, code: string, t: number): number {
  const now = stepOf(t);
  let step = now;
  while (step > now - STEPS_PER_DAY && !reprices(seed, bk, fixture, code, step)) step -= 1;
  return step * PRICE_STEP_MS;
}

/** The one bookmaker that does not list the fixture, if any. */
function unlistedBy(seed: number, fixture: ModelFixture): BookmakerKey | null {
  if (fixture.listedByWorld) return null;
  return unit(seed, "unlisted", fixture.serial) < UNLISTED_SHARE ? pick(unit(seed, "unlisted-by", fixture.serial)) : null;
}

/**
 * The one bookmaker missing a market of a fixture at t, if any: the bookmaker not listing the
 * fixture, else one that does not offer the market, else one that has it suspended. Never two.
 */
function absentee(seed: number, fixture: ModelFixture, code: string, t: number): { bk: BookmakerKey; suspended: boolean } | null {
  const unlisted = unlistedBy(seed, fixture);
  if (unlisted) return { bk: unlisted, suspended: false };
  let draw = unit(seed, "gap", fixture.serial, code);
  for (const [bk, share] of Object.entries(GAPS[code] ?? {}) as [BookmakerKey, number][]) {
    if (draw < share) return { bk, suspended: false };
    draw -= share;
  }
  const bucket = Math.floor(stepOf(t) / SUSPENSION_STEPS);
  if (unit(seed, "suspend", fixture.serial, code, bucket) < SUSPENDED_SHARE) {
    return { bk: pick(unit(seed, "suspend-by", fixture.serial, code, bucket)), suspended: true };
  }
  return null;
}

export function listsFixture(seed: number, bk: BookmakerKey, fixture: ModelFixture): boolean {
  return unlistedBy(seed, fixture) !== bk;
}

/** Whether all five bookmakers list the fixture (then each prices its 1X2: no gap touches that market). */
export function listedByAll(seed: number, fixture: ModelFixture): boolean {
  return unlistedBy(seed, fixture) === null;
}

/** The markets a bookmaker serves, in the order it lists them. */
function marketsServedBy(bk: BookmakerKey): { kind: "1X2" | "DC" | "OU" | "BTTS"; line: number | null }[] {
  return [
    { kind: "1X2", line: null },
    { kind: "DC", line: null },
    ...SERVED_LINES[bk].map((line) => ({ kind: "OU" as const, line })),
    { kind: "BTTS", line: null },
  ];
}

/** The model's probability of each selection of one market, in selection order. */
function selectionProbabilities(kind: "1X2" | "DC" | "OU" | "BTTS", line: number | null, p: ReturnType<typeof outcomeProbabilities>): number[] {
  if (kind === "1X2") return [p.home, p.draw, p.away];
  if (kind === "DC") return [p.home + p.draw, p.home + p.away, p.draw + p.away];
  if (kind === "BTTS") return [p.bothScore, 1 - p.bothScore];
  return [p.over.get(line ?? 2.5) ?? 0.5, 1 - (p.over.get(line ?? 2.5) ?? 0.5)];
}

/** The model's probability of each selection of one of the other types, in the catalogue's selection order. */
export function catalogueProbabilities(kind: CatalogueKind, line: number | null, model: MarketModel): number[] {
  const at = line ?? 0;
  switch (kind) {
    case "HOU":
      return model.total("h", at);
    case "AOU":
      return model.total("a", at);
    case "1HOU":
      return model.halfTotal("1H", at);
    case "2HOU":
      return model.halfTotal("2H", at);
    case "DNB":
      return model.drawNoBet();
    case "1H1X2":
      return model.firstHalfResult();
    case "HTFT":
      return model.htft();
    case "CS":
      return model.correctScore();
    case "HCP":
      return model.handicap(at);
    case "AH":
      return model.asian(at);
    case "HWEH":
      return model.winsEitherHalf("home");
    case "AWEH":
      return model.winsEitherHalf("away");
    case "1UP":
      return model.earlyPayout(1);
    case "2UP":
      return model.earlyPayout(2);
  }
}

/** Whether a book hangs this line of a type at all, given the fixture's model (see ASIAN_BAND). */
function hangsLine(bk: BookmakerKey, kind: CatalogueKind, line: number | null, model: MarketModel): boolean {
  if (kind !== "AH" || line === null) return true;
  if (bk === "betking" && !Number.isInteger(line * 2)) return false;
  return Math.abs((model.asian(line)[0] ?? 0.5) - 0.5) <= ASIAN_BAND;
}

/**
 * The catalogue's other types one book quotes (those markets.json gives it ids for), priced from
 * market-model.ts. Every draw is keyed on the market's own code, none of the four families', so
 * their prices stay exactly as they were; a type's lines are repriced together (keyed on the type).
 */
function quoteCatalogueKinds(seed: number, bk: BookmakerKey, fixture: ModelFixture, t: number): QuotedMarket[] {
  const profile = MARGIN_PROFILES[bk];
  const models = new Map<number, MarketModel>();
  const modelAt = (at: number) => {
    let model = models.get(at);
    if (!model) models.set(at, (model = new MarketModel(bookmakerGoals(seed, bk, fixture, at))));
    return model;
  };
  const markets: QuotedMarket[] = [];
  for (const kind of catalogueKindsOf(bk)) {
    const at = pricedAt(seed, bk, fixture, `type:${kind}`, t);
    const model = modelAt(at);
    for (const line of kindLines(kind)) {
      const code = `${kind}${line ?? ""}`;
      const absent = absentee(seed, fixture, code, t);
      if ((absent?.bk === bk && !absent.suspended) || !hangsLine(bk, kind, line, model)) continue;
      const probabilities = catalogueProbabilities(kind, line, model);
      // 1UP and 2UP's selections overlap (a side can lead and lose): their set covers its own sum.
      const covered = kind === "1UP" || kind === "2UP" ? probabilities.reduce((s, q) => s + q, 0) : 1;
      const biasBucket = Math.floor(at / (6 * PRICE_STEP_MS));
      const leaned = probabilities.map(
        (q, i) => q * Math.exp(0.012 * signedUnit(seed, "bias", bk, fixture.serial, code, i, biasBucket)),
      );
      const scale = covered / leaned.reduce((s, q) => s + q, 0);
      const margin = profile.margins[kind] + 0.004 * signedUnit(seed, "margin", bk, fixture.serial, code);
      markets.push({
        kind,
        line,
        prices: applyMarginQuick(
          leaned.map((q) => q * scale),
          margin,
          covered,
        ).map((price) => roundPrice(price, profile.decimals)),
        suspended: absent?.bk === bk && absent.suspended,
        boosted: false,
      });
    }
  }
  return markets;
}

export interface QuoteOptions {
  /** "main" (the default): the four families only, what the books' listings carry; "all": every type the book quotes. */
  markets?: "main" | "all";
}

/**
 * All markets one bookmaker quotes for a fixture at real instant `now`, or null when it does not
 * list it; prices move every `stepMs` of real time. The four families, as before; with
 * `markets: "all"` the catalogue's other types the book quotes after them.
 */
export function quoteFixture(
  seed: number,
  bk: BookmakerKey,
  fixture: ModelFixture,
  now: number,
  stepMs: number = PRICE_STEP_MS,
  options: QuoteOptions = {},
): QuotedMarket[] | null {
  if (!listsFixture(seed, bk, fixture)) return null;
  const t = priceTime(now, stepMs);
  const profile = MARGIN_PROFILES[bk];
  const models = new Map<number, ReturnType<typeof outcomeProbabilities>>();
  const modelAt = (at: number) => {
    let p = models.get(at);
    if (!p) models.set(at, (p = outcomeProbabilities(bookmakerGoals(seed, bk, fixture, at))));
    return p;
  };
  const boosted =
    bk === "nairabet" && unit(seed, "boost", fixture.serial, Math.floor(t / BOOST_PERIOD_MS)) < BOOSTED_SHARE;
  const markets: QuotedMarket[] = [];
  for (const { kind, line } of marketsServedBy(bk)) {
    const code = `${kind}${line ?? ""}`;
    const absent = absentee(seed, fixture, code, t);
    if (absent?.bk === bk && !absent.suspended) continue;
    const at = pricedAt(seed, bk, fixture, code, t);
    const probabilities = selectionProbabilities(kind, line, modelAt(at));
    const covered = kind === "DC" ? 2 : 1;
    // A small per-selection lean that changes every half hour, so the best price moves between books.
    const biasBucket = Math.floor(at / (6 * PRICE_STEP_MS));
    const leaned = probabilities.map(
      (q, i) => q * Math.exp(0.012 * signedUnit(seed, "bias", bk, fixture.serial, code, i, biasBucket)),
    );
    const scale = covered / leaned.reduce((s, q) => s + q, 0);
    // NairaBet's "Enhanced Prices" 1X2 switches on and off on its own schedule, repriced or not.
    const enhanced = boosted && kind === "1X2";
    const margin = enhanced
      ? ENHANCED_MARGIN
      : profile.margins[kind] + 0.004 * signedUnit(seed, "margin", bk, fixture.serial, code);
    // Altenar serves some Double Chance prices unrounded (1.2858 in the captured payload).
    const rawDc = bk === "nairabet" && kind === "DC" && unit(seed, "raw-dc", fixture.serial) < 0.3;
    const decimals = rawDc ? 4 : profile.decimals;
    markets.push({
      kind,
      line,
      prices: applyMargin(
        leaned.map((q) => q * scale),
        margin,
        covered,
      ).map((price) => roundPrice(price, decimals)),
      suspended: absent?.bk === bk && absent.suspended,
      boosted: enhanced,
    });
  }
  if (options.markets === "all") markets.push(...quoteCatalogueKinds(seed, bk, fixture, t));
  return markets;
}

const MIRRORED_KIND: Partial<Record<MarketKind, MarketKind>> = { HOU: "AOU", AOU: "HOU", HWEH: "AWEH", AWEH: "HWEH" };

/**
 * A market as a book listing the sides the other way round reads it: results backwards (1X2, DC,
 * first-half 1X2, Draw No Bet, 1UP, 2UP, HT/FT's nine), a team's total or either half the other
 * team's, correct scores with home and away swapped, a handicap given to the other side (its line
 * negated, its sides swapped); match totals and BTTS as they were.
 */
export function mirrored(m: QuotedMarket): QuotedMarket {
  switch (m.kind) {
    case "OU":
    case "BTTS":
    case "1HOU":
    case "2HOU":
      return m;
    case "HOU":
    case "AOU":
    case "HWEH":
    case "AWEH":
      return { ...m, kind: MIRRORED_KIND[m.kind] ?? m.kind };
    case "CS": {
      // Selections run 0:0, 0:1 ... 4:4 (home first), then any other: h:a becomes a:h.
      const side = Math.sqrt(m.prices.length - 1);
      const scores = m.prices.slice(0, -1).map((_, i) => m.prices[(i % side) * side + Math.floor(i / side)] ?? 0);
      return { ...m, prices: [...scores, m.prices.at(-1) ?? 0] };
    }
    case "HCP":
    case "AH":
      return { ...m, line: m.line === null || m.line === 0 ? m.line : -m.line, prices: [...m.prices].reverse() };
    default:
      return { ...m, prices: [...m.prices].reverse() };
  }
}
