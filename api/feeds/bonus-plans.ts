/**
 * SportyBet's live bonus plan, read by the collecting replica and stored for every replica
 * (docs/design.md, Naira-true returns). A plan changes seldom, so it is asked at most every 10
 * minutes, after a cycle, through the feeds' fetcher (same proxy, retries, timeouts and
 * blocked-page handling; docs/design.md, Reaching the bookmakers). A failure is logged and fails
 * nothing: the stored plan stands until it is 24 h old (api/betslip/bonus-plan.ts).
 */
import { storeBonusPlan } from "../betslip/bonus-plan.ts";
import { bonusPlanRequest, decodeBonusPlan } from "./bookmakers/sportybet/sportybet-bonus-plan.ts";
import type { Collector } from "./collector/state.ts";
import { FeedBlockedError } from "./fetcher.ts";
import type { CycleReport } from "./collector/reports.ts";
import { BOOKMAKER_ID_BY_KEY } from "./types.ts";

/** The plan is asked at most this often. */
export const BONUS_PLAN_PERIOD_MS = 10 * 60 * 1000;

/** When the plan is next due (epoch ms, the collector's clock): 0 asks at the first cycle. */
export interface BonusPlanDue {
  at: number;
}

export type BonusPlanOutcome = "not-due" | "skipped" | "stored" | "no-plan" | "failed";

const BOOKMAKER = "sportybet";
const MIN_TIME_MS = 5_000;

/**
 * Reads SportyBet's plan if it is due and stores it. Never throws. A site that turned the feeds
 * away this cycle, or whose circuit is open, is not asked (decision 012: asking again only looks
 * more like a bot), and the plan stays due for the next cycle; any other attempt, failed or not,
 * waits the full period.
 */
export async function refreshBonusPlan(c: Collector, cycle: CycleReport | undefined, due: BonusPlanDue): Promise<BonusPlanOutcome> {
  const { clock, logger, sources, fetcher, gap, budgetMs, db, mayWrite } = c.deps;
  const now = clock();
  if (now < due.at) return "not-due";
  const source = sources.find((s) => s.adapter.key === BOOKMAKER);
  const report = cycle?.bookmakers.find((b) => b.key === BOOKMAKER);
  if (!source || !c.breaker.allows(BOOKMAKER) || report?.blocked) return "skipped";
  due.at = now + BONUS_PLAN_PERIOD_MS;
  // Bounded like a bookmaker's share of a cycle, so stopping never waits long for it; a short test interval
  // still leaves a few seconds.
  const signal = AbortSignal.timeout(Math.max(budgetMs, MIN_TIME_MS));
  let body: string;
  try {
    await gap(signal);
    body = await fetcher.fetch(bonusPlanRequest(source.baseUrl), signal);
  } catch (error) {
    logger.warn({ bookmaker: BOOKMAKER, err: error, blocked: error instanceof FeedBlockedError }, "reading the bonus plan failed: the stored plan stands");
    return "failed";
  }
  const read = decodeBonusPlan(body, new Date(clock()));
  if (!read.ok) {
    logger.warn({ bookmaker: BOOKMAKER, err: read.error, blocked: read.blocked === true }, "reading the bonus plan failed: the stored plan stands");
    return "failed";
  }
  if (!read.value) {
    logger.warn({ bookmaker: BOOKMAKER }, "the site answered no bonus plan: the stored plan stands until it is 24 h old");
    return "no-plan";
  }
  try {
    if (mayWrite && !(await mayWrite())) return "skipped";
    await storeBonusPlan(db, BOOKMAKER_ID_BY_KEY[BOOKMAKER], read.value);
  } catch (error) {
    logger.error({ bookmaker: BOOKMAKER, err: error }, "storing the bonus plan failed");
    return "failed";
  }
  logger.debug({ bookmaker: BOOKMAKER, plan: read.value.name }, "bonus plan stored");
  return "stored";
}
