/**
 * `slip` rules (docs/design.md, What a bettor follows): the bettor's saved slip, priced as the betslip
 * prices it. It fires when its best book changes, its best net payout moves by the threshold share,
 * a selection is suspended or starts, and 30 minutes before its first kick-off. A slip seen for the
 * first time (or changed by the bettor: its legs or its stake) becomes the rule's starting point
 * without an alert.
 */
import type { Kysely } from "kysely";
import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import type { BetslipLeg } from "#shared/contract.ts";
import { bookmakerName } from "#shared/reference.ts";
import { readLegViews } from "../../betslip/leg-reads.ts";
import { betslipView } from "../../betslip/view.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import type { Database } from "../../db/schema.ts";
import type { RuleRow } from "../rules/repository.ts";
import type { Firing, Judged } from "./judge.ts";

export const SLIP_WARNING_MS = 30 * 60_000;

export interface SlipDeps {
  db: Kysely<Database>;
  intervalS: number;
  catalogue: () => Catalogue;
  bonusPlan: () => Promise<BonusPlan | undefined>;
}

interface SlipFigure {
  at: number | null;
  /** The stake and legs it was judged on: a slip the bettor changed starts again. */
  slip: string;
  book: number | null;
  payout: number | null;
  started: string[];
  suspended: string[];
  /** The first kick-off already warned of. */
  warned: number | null;
}

/** Slips read per statement: well under both databases' bound-parameter limits. */
const USERS_PER_READ = 500;

const slipKey = (stakeKobo: number, legs: readonly BetslipLeg[]) => `${stakeKobo}:${legs.map((l) => `${l.eventId}/${l.marketId}/${l.selectionTypeId}`).sort().join(",")}`;
const naira = (value: number) => `₦${Math.round(value).toLocaleString("en-NG")}`;

/**
 * Whether a rule's slip needs judging now: its events changed, the bettor changed it, a leg left the
 * listing (started, or lost every price) that the rule has not said so of, or the warning of its
 * first kick-off still to come is due.
 */
function due(key: string, legs: readonly BetslipLeg[], last: Partial<SlipFigure>, changed: ReadonlySet<string> | undefined, kickoffOf: (eventId: string) => number | undefined, now: number): boolean {
  if (changed === undefined || legs.some((leg) => changed.has(leg.eventId)) || last.slip !== key) return true;
  const said = new Set([...(last.started ?? []), ...(last.suspended ?? [])]);
  const kickoffs = legs.map((leg) => ({ id: leg.eventId, at: kickoffOf(leg.eventId) }));
  if (kickoffs.some((k) => (k.at === undefined || k.at <= now) && !said.has(k.id))) return true;
  const first = Math.min(...kickoffs.map((k) => (k.at !== undefined && k.at > now ? k.at : Infinity)));
  return Number.isFinite(first) && first - now <= SLIP_WARNING_MS && last.warned !== first;
}

/** What fired, in words; `figure` takes what it fired on (the warned kick-off, the payout it moved to, else the last payout kept). */
function reasonsOf(rule: RuleRow, last: Partial<SlipFigure>, figure: SlipFigure, at: { first: number; now: number; name: (eventId: string) => string }): string[] {
  const { first, now, name } = at;
  const reasons: string[] = [];
  if (Number.isFinite(first) && first > now && first - now <= SLIP_WARNING_MS && last.warned !== first) {
    reasons.push(`Its first match kicks off in ${Math.max(1, Math.round((first - now) / 60_000))} minutes.`);
    figure.warned = first;
  }
  if (last.slip !== figure.slip) return reasons;
  for (const id of figure.started.filter((id) => !last.started?.includes(id))) reasons.push(`${name(id)} has started.`);
  for (const id of figure.suspended.filter((id) => !last.suspended?.includes(id))) reasons.push(`${name(id)} has no price at any book (suspended).`);
  if (last.book != null && figure.book !== null && figure.book !== last.book) reasons.push(`Its best book is now ${bookmakerName(figure.book)} (was ${bookmakerName(last.book)}).`);
  if (last.payout != null && figure.payout !== null && Math.abs(figure.payout - last.payout) / last.payout >= rule.threshold / 100) {
    reasons.push(`Its best payout moved from ${naira(last.payout)} to ${naira(figure.payout)}.`);
  } else if (last.payout != null) figure.payout = last.payout;
  return reasons;
}

export async function judgeSlips(deps: SlipDeps, rules: readonly RuleRow[], changed: ReadonlySet<string> | undefined, kickoffOf: (eventId: string) => number | undefined, now: number): Promise<Judged> {
  const judged: Judged = { firings: [], baselines: [] };
  if (rules.length === 0) return judged;
  const users = [...new Set(rules.map((r) => r.user_id))];
  const slips = [];
  for (let i = 0; i < users.length; i += USERS_PER_READ) {
    slips.push(...(await deps.db.selectFrom("betslips").select(["user_id", "stake_kobo", "legs", "updated_at"]).where("user_id", "in", users.slice(i, i + USERS_PER_READ)).execute()));
  }
  const byUser = new Map(slips.map((s) => [s.user_id, s]));
  const plan = await deps.bonusPlan();
  for (const rule of rules) {
    const slip = byUser.get(rule.user_id);
    const legs = slip ? (JSON.parse(slip.legs) as BetslipLeg[]).map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId })) : [];
    if (!slip || legs.length === 0) continue;
    const last = (rule.last_fired ? JSON.parse(rule.last_fired) : {}) as Partial<SlipFigure>;
    const key = slipKey(slip.stake_kobo, legs);
    if (!due(key, legs, last, changed, kickoffOf, now)) continue;
    const views = await readLegViews({ db: deps.db, intervalS: deps.intervalS, catalogue: deps.catalogue }, legs, now);
    const view = betslipView(slip.stake_kobo, views, slip.updated_at, { now, plan });
    const best = view.bookmakers.find((b) => b.placeable && b.netPayout !== null);
    const first = Math.min(...views.filter((v) => !v.started && v.event).map((v) => Date.parse(v.event!.date)));
    const name = (id: string) => {
      const event = views.find((v) => v.eventId === id)?.event;
      return event ? `${event.home} v ${event.away}` : id;
    };
    const figure: SlipFigure = {
      at: last.at ?? null,
      slip: key,
      book: best?.provider ?? null,
      payout: best?.netPayout ?? null,
      started: views.filter((v) => v.started).map((v) => v.eventId),
      suspended: views.filter((v) => !v.started && v.prices.length === 0).map((v) => v.eventId),
      warned: last.warned ?? null,
    };
    const reasons = reasonsOf(rule, last, figure, { first, now, name });
    if (reasons.length === 0 || (rule.muted_until ?? 0) > now) {
      if (JSON.stringify(figure) !== rule.last_fired) judged.baselines.push({ rule, lastFired: JSON.stringify(figure) });
      continue;
    }
    figure.at = now;
    const firing: Firing = {
      rule,
      kind: "slip",
      lastFired: JSON.stringify(figure),
      topic: rule.id,
      // With when it last fired: a figure reached again later (a best book back and forth) is a new alert, a replayed pass is not.
      figure: `${last.at ?? ""}|${figure.slip}|${figure.book}|${figure.payout}|${figure.started.join("+")}|${figure.suspended.join("+")}|${figure.warned}`,
      urgent: false,
      payload: {
        title: `Your betslip: ${reasons[0]}`,
        lines: [...reasons.slice(1), ...(best ? [`Best: ${bookmakerName(best.provider)} pays ${naira(best.netPayout!)} after tax and bonus for ${naira(view.stake)}.`] : [])],
        path: "/betslip",
      },
      code: best ? { legs: views.filter((v) => !v.started && v.prices.length > 0).map(({ eventId, marketId, selectionTypeId }) => ({ eventId, marketId, selectionTypeId })), providers: view.bookmakers.filter((b) => b.placeable).map((b) => b.provider), priceKey: String(best.netPayout) } : undefined,
    };
    judged.firings.push(firing);
  }
  return judged;
}
