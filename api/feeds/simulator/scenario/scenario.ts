/**
 * Seeded situations the simulator plays over its normal prices (SIM_SCENARIO), so a browser test
 * can count on finding them. `bettor-tools` (docs/design.md, Seeded scenario): in each league the soonest
 * upcoming fixture that all five bookmakers list carries a sure bet in 1X2 that stays profitable after
 * the tax on winnings, the next one a value bet that is no sure bet, and the one after a sure bet before
 * tax only, which the tax turns into a loss (scenario-bets.ts;
 * docs/design.md, Tax on sure bets and value bets). Only those fixtures' 1X2 changes; the rest is
 * priced as without a scenario.
 */
import { BOOKMAKER_KEYS, type BookmakerKey } from "../../types.ts";
import { outcomeProbabilities } from "./goals-model.ts";
import { consensusGoals, listedByAll, PRICE_STEP_MS, quoteFixture, type QuoteOptions, type QuotedMarket } from "./pricing.ts";
import { LOST_TO_TAX_PROFIT, SURE_PROFIT, withSureBet, withValueBet, type Book1x2 } from "./scenario-bets.ts";
import { LISTING_WINDOW_MS, upcomingFixtures, type SimFixture } from "./schedule.ts";

/** The scenarios SIM_SCENARIO may name; unset (or empty) plays none. */
export const SIM_SCENARIOS = ["bettor-tools"] as const;
export type SimScenario = (typeof SIM_SCENARIOS)[number];

export type ScenarioRole = "sure-bet" | "value-bet" | "lost-to-tax";

/**
 * The part a fixture plays at real instant `now`: its league's first three upcoming fixtures that
 * every bookmaker lists, by kick-off. The first stays first until it kicks off.
 */
export function scenarioRole(seed: number, fixture: SimFixture, now: number): ScenarioRole | undefined {
  const [sure, value, lost] = upcomingFixtures(seed, now, fixture.competitionId).filter((f) => listedByAll(seed, f));
  if (fixture.serial === sure?.serial) return "sure-bet";
  if (fixture.serial === value?.serial) return "value-bet";
  if (fixture.serial === lost?.serial) return "lost-to-tax";
  return undefined;
}

/** Every bookmaker's 1X2 for the fixture at t; `known` spares quoting one book twice. */
function matchResults(seed: number, fixture: SimFixture, t: number, stepMs: number, known?: [BookmakerKey, QuotedMarket[]]): Book1x2 | undefined {
  const books: Book1x2 = new Map();
  for (const bk of BOOKMAKER_KEYS) {
    const markets = known?.[0] === bk ? known[1] : quoteFixture(seed, bk, fixture, t, stepMs, { markets: "main" });
    const prices = markets?.find((m) => m.kind === "1X2")?.prices;
    if (!prices) return undefined;
    books.set(bk, prices);
  }
  return books;
}

const sureBets = new Map<string, Book1x2 | undefined>();

/**
 * A sure-bet fixture's 1X2, the same at every instant: the books' prices when the fixture was
 * listed, with the sure bet played over them (profitable after tax for "sure-bet", before tax only
 * for "lost-to-tax"). Its legs never move, so a test reads the same legs from every collection,
 * however the collector's fetches of the five books interleave.
 */
function sureBetMarket(seed: number, fixture: SimFixture, stepMs: number, role: "sure-bet" | "lost-to-tax"): Book1x2 | undefined {
  const key = `${seed}:${fixture.serial}:${stepMs}:${role}`;
  if (!sureBets.has(key)) {
    // A pure function of its key: five books quoted at another instant, worked out once.
    if (sureBets.size >= 256) sureBets.clear();
    const listed = matchResults(seed, fixture, fixture.kickoff - LISTING_WINDOW_MS, stepMs);
    sureBets.set(key, listed && withSureBet(seed, fixture.serial, listed, role === "sure-bet" ? SURE_PROFIT : LOST_TO_TAX_PROFIT));
  }
  return sureBets.get(key);
}

/**
 * The value bet's selection, the same for the fixture's whole life: the least likely result by
 * the model's consensus when the fixture was listed (a price a few percent off is likelier there).
 */
function longShot(seed: number, fixture: SimFixture): number {
  const p = outcomeProbabilities(consensusGoals(seed, fixture, fixture.kickoff - LISTING_WINDOW_MS));
  const chances = [p.home, p.draw, p.away];
  return chances.indexOf(Math.min(...chances));
}

const valueBets = new Map<string, Book1x2 | undefined>();

/**
 * The value-bet fixture's 1X2 over the books' prices at one instant. The five books are fetched
 * separately, each asking for the same market: worked out once per set of prices, as the
 * search for the value price is the simulator's costliest step.
 */
function valueBetMarket(seed: number, fixture: SimFixture, books: Book1x2): Book1x2 {
  const key = `${seed}:${fixture.serial}:${[...books].map(([bk, prices]) => `${bk}=${prices.join(",")}`).join(";")}`;
  let played = valueBets.get(key);
  if (!played) {
    if (valueBets.size >= 256) valueBets.clear();
    valueBets.set(key, (played = withValueBet(seed, fixture.serial, books, longShot(seed, fixture))));
  }
  return played;
}

/** quoteFixture, with the scenario's 1X2 on the fixtures it plays on. */
export function quoteInScenario(seed: number, bk: BookmakerKey, fixture: SimFixture, now: number, stepMs = PRICE_STEP_MS, options: QuoteOptions = {}): QuotedMarket[] | null {
  const own = quoteFixture(seed, bk, fixture, now, stepMs, options);
  const role = own ? scenarioRole(seed, fixture, now) : undefined;
  if (!own || !role) return own;
  let played: Book1x2 | undefined;
  if (role === "sure-bet" || role === "lost-to-tax") played = sureBetMarket(seed, fixture, stepMs, role);
  else {
    // The value bet moves with the market, rebuilt from the books' prices at this instant.
    const books = matchResults(seed, fixture, now, stepMs, [bk, own]);
    played = books && valueBetMarket(seed, fixture, books);
  }
  // Never suspended, so the bet is there at every collection; NairaBet's boost flag would mislabel the prices.
  return own.map((m) => (m.kind === "1X2" && played?.has(bk) ? { ...m, prices: played.get(bk)!, suspended: false, boosted: false } : m));
}
