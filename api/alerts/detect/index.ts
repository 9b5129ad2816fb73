/**
 * Alert detection (docs/design.md, Detection): after each rebuild of the odds cache, the rules of
 * the events that changed are judged against the listing, `sure` and `drop` rules against the tools'
 * boards, `slip` rules against the saved slips; what fires is written to the outbox with the rules'
 * `last_fired` and the sender is woken. One replica detects: the holder of its own advisory lock on
 * PostgreSQL (every replica's cache follows the store), the one process on SQLite.
 */
import type { Logger } from "pino";
import type { OddsEvent } from "#shared/contract.ts";
import type { BonusPlan } from "#shared/math/bookmaker-rules.ts";
import { legMarketsOf } from "../../betslip/leg-markets.ts";
import type { BookingService } from "../../booking/index.ts";
import type { Catalogue } from "../../catalogue/catalogue.ts";
import { catalogueMarkets } from "../../catalogue/market-descriptors.ts";
import type { Db } from "../../db/database.ts";
import { holdsLock, leaderLock, releaseLock, type LeaderLock } from "../../feeds/collector/leader-lock.ts";
import type { OddsService } from "../../odds/read/service.ts";
import { readDrops } from "../../odds/tools/dropping.ts";
import { findSureBets } from "../../odds/tools/sure-and-value.ts";
import type { RuleRow } from "../rules/repository.ts";
import { rulesVersion } from "../rules/repository.ts";
import { alertCodes, type AlertCodes } from "./codes.ts";
import { readReach, writeFirings } from "./deliver.ts";
import { bestPricesByEvent, judgeDrop, judgeMove, judgeSure, judgeTarget, type Baseline, type Firing, type Judged } from "./judge.ts";
import { judgeSlips } from "./slips.ts";

/** The detecting replica's advisory lock (the collector's is 7_274_637_001, the sender's 7_274_637_002). */
const ALERT_DETECT_LOCK = 7_274_637_003;
/** The window dropping-odds rules read, as the page's default (docs/design.md, Dropping odds). */
const DROP_WINDOW_HOURS = 24;

export interface DetectionDeps {
  db: Db;
  databaseUrl: string;
  odds: OddsService;
  booking: BookingService;
  catalogue: () => Catalogue;
  intervalS: number;
  bonusPlan: () => Promise<BonusPlan | undefined>;
  clock: () => number;
  logger: Logger;
  kickSender(): void;
}

/** What the last pass did: for the logs, the tests and the bench figure. */
export interface PassReport {
  judged: number;
  fired: number;
  written: number;
  ms: number;
}

export interface Detection {
  /** A rule was written on this replica: reload and judge its event in a pass now. */
  rulesWritten(): void;
  /** Resolves once no pass is running or waiting. */
  settled(): Promise<void>;
  lastPass(): PassReport | undefined;
  codes: AlertCodes;
  stop(): Promise<void>;
}

interface RulesIndex {
  version: number;
  byEvent: Map<string, RuleRow[]>;
  sure: RuleRow[];
  drop: RuleRow[];
  slip: RuleRow[];
}

function indexRules(rows: readonly RuleRow[], version: number): RulesIndex {
  const index: RulesIndex = { version, byEvent: new Map(), sure: [], drop: [], slip: [] };
  for (const row of rows) {
    if (row.event_id !== null && (row.kind === "target" || row.kind === "move")) {
      const list = index.byEvent.get(row.event_id);
      if (list) list.push(row);
      else index.byEvent.set(row.event_id, [row]);
    } else if (row.kind === "sure" || row.kind === "drop" || row.kind === "slip") index[row.kind].push(row);
  }
  return index;
}

const detections = new WeakMap<OddsService, Detection>();

/** The detection listening to this odds service, if one was started (tests wait on it). */
export function detectionOf(odds: OddsService): Detection | undefined {
  return detections.get(odds);
}

/** The events of the listing by id, built once per listed version. */
function listedById(odds: OddsService): () => Map<string, OddsEvent> {
  let version = -1;
  let byId = new Map<string, OddsEvent>();
  return () => {
    const listed = odds.cache.listed();
    if (listed.version !== version) {
      version = listed.version;
      byId = new Map(listed.events.map((e) => [e.id, e]));
    }
    return byId;
  };
}

/** One detection's state, shared by the functions of its passes. */
interface DetectState {
  deps: DetectionDeps;
  lock: LeaderLock;
  codes: AlertCodes;
  events: () => Map<string, OddsEvent>;
  index: RulesIndex | undefined;
  reload: boolean;
  report: PassReport | undefined;
}

/**
 * The events of `target` and `move` rules new to the index or given another threshold since: they
 * are judged in this pass whether their prices changed or not, so a rule whose condition already
 * holds when it is made (or changed, on any replica) does not wait for the next price change. All of
 * them at the first load: a rule made while no replica detected is judged too.
 */
function writtenEvents(before: RulesIndex | undefined, after: RulesIndex): Set<string> {
  const known = new Map<string, RuleRow>();
  for (const rules of before?.byEvent.values() ?? []) for (const rule of rules) known.set(rule.id, rule);
  const events = new Set<string>();
  for (const [eventId, rules] of after.byEvent) {
    const written = rules.some((rule) => {
      const was = known.get(rule.id);
      return !was || was.threshold !== rule.threshold;
    });
    if (written) events.add(eventId);
  }
  return events;
}

/** The rules as indexed, read again when the rules version moved or this replica wrote one; with the events of rules written since. */
async function currentIndex(state: DetectState): Promise<{ rules: RulesIndex; written: ReadonlySet<string> }> {
  const { db } = state.deps;
  const version = await rulesVersion(db.kysely);
  if (state.reload || !state.index || state.index.version !== version) {
    state.reload = false;
    const before = state.index;
    state.index = indexRules(await db.kysely.selectFrom("alert_rules").selectAll().execute(), version);
    return { rules: state.index, written: writtenEvents(before, state.index) };
  }
  return { rules: state.index, written: new Set() };
}

/** `target` and `move` rules of the changed events (of every followed event after a reset). */
function judgeEvents(state: DetectState, rules: RulesIndex, changed: ReadonlySet<string> | undefined, now: number, judged: Judged): number {
  const byId = state.events();
  const markets = legMarketsOf(state.deps.catalogue());
  const best = bestPricesByEvent();
  let count = 0;
  for (const eventId of changed ?? rules.byEvent.keys()) {
    const event = byId.get(eventId);
    if (!event || Date.parse(event.date) <= now) continue;
    for (const rule of rules.byEvent.get(eventId) ?? []) {
      if (!live(rule, now)) continue;
      count += 1;
      const found: Firing | Baseline | undefined = rule.kind === "target" ? judgeTarget(rule, event, best(event), markets, now) : judgeMove(rule, event, best(event), markets, now);
      if (found && isFiring(found)) judged.firings.push(found);
      else if (found) judged.baselines.push(found);
    }
  }
  return count;
}

/** `sure` and `drop` rules against the boards as rebuilt, when anything changed; `slip` rules as due. */
async function judgeBoards(state: DetectState, rules: RulesIndex, changed: ReadonlySet<string> | undefined, now: number, judged: Judged): Promise<number> {
  const { deps } = state;
  const byId = state.events();
  const markets = legMarketsOf(deps.catalogue());
  const anyChange = changed === undefined || changed.size > 0;
  const listed = new Set(byId.keys());
  const sure = anyChange ? rules.sure.filter((rule) => live(rule, now)) : [];
  if (sure.length > 0) {
    const bets = findSureBets([...byId.values()], new Map(), now, catalogueMarkets(deps.catalogue())).sureBets;
    for (const rule of sure) merge(judged, judgeSure(rule, bets, listed, markets, now));
  }
  const drop = anyChange ? rules.drop.filter((rule) => live(rule, now)) : [];
  if (drop.length > 0) {
    const drops = await readDrops(deps.db.kysely, { now, hours: DROP_WINDOW_HOURS, intervalMs: deps.intervalS * 1000 });
    for (const rule of drop) merge(judged, judgeDrop(rule, drops, byId, markets, now));
  }
  const kickoffOf = (id: string) => {
    const event = byId.get(id);
    return event ? Date.parse(event.date) : undefined;
  };
  merge(judged, await judgeSlips({ db: deps.db.kysely, intervalS: deps.intervalS, catalogue: deps.catalogue, bonusPlan: deps.bonusPlan }, rules.slip, changed, kickoffOf, now));
  return sure.length + drop.length + rules.slip.length;
}

/** Each firing's booking code where one can be minted: one mint per content, book and price. */
async function withCodes(codes: AlertCodes, firings: readonly Firing[]): Promise<void> {
  await Promise.all(
    firings.map(async (firing) => {
      if (!firing.code) return;
      const code = await codes.codeFor(firing.code);
      if (code) firing.payload = { ...firing.payload, code };
    }),
  );
}

/** One pass: judge, mint, write with `last_fired`, wake the sender. */
async function pass(state: DetectState, changedEvents: ReadonlySet<string> | undefined): Promise<void> {
  const { deps } = state;
  if (!(await holdsLock(state.lock))) return;
  const started = Date.now();
  const { rules, written: rulesWritten } = await currentIndex(state);
  const changed = changedEvents && rulesWritten.size > 0 ? new Set([...changedEvents, ...rulesWritten]) : changedEvents;
  const now = deps.clock();
  const judged: Judged = { firings: [], baselines: [] };
  const count = judgeEvents(state, rules, changed, now, judged) + (await judgeBoards(state, rules, changed, now, judged));
  let written = 0;
  if (judged.firings.length > 0 || judged.baselines.length > 0) {
    await withCodes(state.codes, judged.firings);
    const reach = await readReach(deps.db.kysely, judged.firings.map((f) => f.rule.user_id));
    written = await writeFirings(deps.db.kysely, judged.firings, judged.baselines, reach, now, () => deps.kickSender());
    // The index keeps what was written, so the next pass judges against it without a reload.
    for (const { rule, lastFired } of [...judged.baselines, ...judged.firings]) rule.last_fired = lastFired;
  }
  state.report = { judged: count, fired: judged.firings.length, written, ms: Date.now() - started };
  if (judged.firings.length > 0) deps.logger.info(state.report, "alert detection pass");
}

export function startDetection(deps: DetectionDeps): Detection {
  const state: DetectState = {
    deps,
    lock: leaderLock({ dialect: deps.db.dialect, databaseUrl: deps.databaseUrl, logger: deps.logger, lockId: ALERT_DETECT_LOCK, role: "detects alerts" }),
    codes: alertCodes(deps.booking, deps.logger, deps.clock),
    events: listedById(deps.odds),
    index: undefined,
    reload: true,
    report: undefined,
  };
  // Events changed since the last pass; undefined: any may have.
  let pending: Set<string> | undefined = new Set();
  let queued = false;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  function schedule() {
    if (queued || stopped) return;
    queued = true;
    running = running
      .then(async () => {
        queued = false;
        const changed = pending;
        pending = new Set();
        if (!stopped) await pass(state, changed);
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "an alert detection pass failed; the next rebuild tries again"));
  }

  const unsubscribe = deps.odds.onRebuilt((changedEvents) => {
    if (changedEvents === undefined) pending = undefined;
    else if (pending !== undefined) for (const id of changedEvents) pending.add(id);
    schedule();
  });

  const detection: Detection = {
    rulesWritten() {
      state.reload = true;
      schedule();
    },
    async settled() {
      // A pass may queue another (a rebuild during it): wait until none is left.
      for (let current = running; ; current = running) {
        await current;
        if (current === running && !queued) return;
      }
    },
    lastPass: () => state.report,
    codes: state.codes,
    async stop() {
      stopped = true;
      unsubscribe();
      detections.delete(deps.odds);
      await running;
      await releaseLock(state.lock);
    },
  };
  detections.set(deps.odds, detection);
  return detection;
}

const live = (rule: RuleRow, now: number) => (rule.muted_until ?? 0) <= now;
const isFiring = (found: Firing | Baseline): found is Firing => "payload" in found;

function merge(into: Judged, from: Judged): void {
  into.firings.push(...from.firings);
  into.baselines.push(...from.baselines);
}
