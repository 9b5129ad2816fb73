import { create, type StoreApi } from "zustand";
import type { Betslip, BetslipLeg, SessionUser } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { api } from "../backend/endpoints.ts";
import { useSession } from "../session/store.ts";
import { planImport, sendImport, type ImportMode, type ImportPlan } from "./sync/import-legs.ts";
import { EMPTY_SLIP, learnLegNames, plainLeg, sameLeg, selectionName, slipKey, withLeg, withoutLeg, type SlipContent } from "./slip.ts";

export const SAVE_FAILED_MESSAGE = "Your betslip could not be saved. Please try again.";
export const LOAD_FAILED_MESSAGE = "Your betslip could not be loaded. Please try again.";

/**
 * A change the user made: `change` shows it on the slip as the API last confirmed it, `send` asks
 * the API for it as one operation (add, remove or stake) on the slip as stored, so what another
 * device saved meanwhile stays (docs/decisions/024-betslip-per-selection-writes.md). A change the
 * API refuses drops out, and the changes queued after it still apply (to the slip without it).
 */
type Change = (slip: SlipContent) => SlipContent;
interface Queued {
  change: Change;
  send(): Promise<Betslip>;
  /** Settles the caller's promise once the API answered for this change. */
  done(): void;
}

/** How an import of a booking code's selections went: what went on the slip, or why nothing did (also the notice's). */
export type ImportOutcome = { ok: true; plan: ImportPlan } | { ok: false; error: unknown };

export interface SlipNotice {
  tone: "info" | "error";
  text: string;
}

/**
 * The signed-in user's betslip (docs/design.md, Betslip). `legs` and `stake` are what the user sees: the
 * API's last confirmed slip (`saved`) with the changes still being saved applied, so a tap shows at
 * once and a refused change rolls back. Saves go one at a time, each one selection or the stake,
 * never the whole slip: the slip each answers with, other devices' changes included, is `saved`.
 */
export interface BetslipState extends SlipContent {
  /** Whose slip this is: the session user's id, null when nobody is signed in. */
  owner: string | null;
  status: "idle" | "loading" | "ready" | "failed";
  saved: SlipContent;
  queue: Queued[];
  /** Counts the saves the API accepted: a view of the slip read before the latest one is out of date. */
  revision: number;
  /** What the last tap did that the user must be told: a replaced selection, or why a save failed. */
  notice: SlipNotice | null;
  loading: Promise<void> | null;
  load(owner: string): Promise<void>;
  reset(): void;
  /** Adds the selection, or removes it when it is on the slip already; a selection of an event on the slip replaces that event's. */
  toggle(leg: BetslipLeg, eventName: string): Promise<void>;
  remove(leg: BetslipLeg): Promise<void>;
  setStake(stake: number): Promise<void>;
  /**
   * A booking code's selections in place of the slip's, or added to them (docs/design.md, Booking codes): one
   * whole-slip write from the slip as stored (client/betslip/sync/import-legs.ts). Null when the slip could not be read first.
   */
  importLegs(legs: readonly BetslipLeg[], mode: ImportMode): Promise<ImportOutcome | null>;
  /** Takes a slip read from the API (the betslip page's), unless a save happened since it was asked for (`asOf`, a revision) or is under way. */
  adopt(slip: Betslip, asOf: number): void;
  /** Reads the slip again, for changes made on another device, and adopts it (nothing when not ready, or the user changed meanwhile). */
  refresh(): Promise<void>;
  dismiss(): void;
}

/** The session's user once the start-up check has ended: a tap right after the page appeared waits for it. */
function checkedUser(): Promise<SessionUser | null> {
  const { loading, user } = useSession.getState();
  if (!loading) return Promise.resolve(user);
  return new Promise((resolve) => {
    const stop = useSession.subscribe((state) => {
      if (state.loading) return;
      stop();
      resolve(state.user);
    });
  });
}

/** The stake and plain legs of a slip; an API answer's names for legs beyond the eight are kept for the page's notices and buttons. */
function contentOf(slip: Betslip | SlipContent): SlipContent {
  if ("bookmakers" in slip) learnLegNames(slip.legs);
  return { stake: slip.stake, legs: slip.legs.map(plainLeg) };
}
const applied = (saved: SlipContent, queue: readonly Queued[]): SlipContent => queue.reduce((slip, item) => item.change(slip), saved);

function failure(error: unknown): SlipNotice {
  return { tone: "error", text: error instanceof ApiError ? error.message : SAVE_FAILED_MESSAGE };
}

function replacedNotice(before: BetslipLeg, after: BetslipLeg, eventName: string): SlipNotice {
  return { tone: "info", text: `One selection per match: ${eventName} is now ${selectionName(after)} instead of ${selectionName(before)}.` };
}

type Data = Omit<BetslipState, "load" | "reset" | "toggle" | "remove" | "setStake" | "importLegs" | "adopt" | "refresh" | "dismiss">;
const initial = (): Data => ({ owner: null, status: "idle", ...EMPTY_SLIP, saved: EMPTY_SLIP, queue: [], revision: 0, notice: null, loading: null });

type SetSlip = StoreApi<BetslipState>["setState"];
type GetSlip = StoreApi<BetslipState>["getState"];

/**
 * The save queue: `enqueue` shows a change at once and sends it after the ones before it, one at a
 * time; each answer becomes `saved`, a refusal drops its change and tells the user why.
 */
function saveQueue(set: SetSlip, get: GetSlip): (change: Change, send: () => Promise<Betslip>) => Promise<void> {
  /** Sends the queued changes one after another; stops when the queue was dropped meanwhile (logout: reset). */
  async function drain() {
    let item: Queued | undefined;
    while ((item = get().queue[0])) {
      const outcome = await item.send().then(
        (slip) => ({ slip }),
        (error: unknown) => ({ error }),
      );
      if (get().queue[0] !== item) return item.done();
      const queue = get().queue.slice(1);
      const saved = "slip" in outcome ? contentOf(outcome.slip) : get().saved;
      const accepted = "slip" in outcome ? { revision: get().revision + 1 } : { notice: failure(outcome.error) };
      set({ saved, queue, ...applied(saved, queue), ...accepted });
      item.done();
    }
  }

  return function enqueue(change, send) {
    return new Promise<void>((done) => {
      const queue = [...get().queue, { change, send, done }];
      set({ queue, ...applied(get().saved, queue) });
      if (queue.length === 1) void drain();
    });
  };
}

/** The slip must be known before it is changed: whether a tap adds or removes, and what the change shows on, depend on it. */
async function slipReady(set: SetSlip, get: GetSlip): Promise<boolean> {
  const owner = (await checkedUser())?.id;
  if (!owner) return false;
  if (get().owner !== owner || get().status !== "ready") await get().load(owner);
  // Signed out (and perhaps someone else in) while the slip was read: the tap was the last user's.
  if (get().owner !== owner) return false;
  if (get().status === "ready") return true;
  set({ notice: { tone: "error", text: LOAD_FAILED_MESSAGE } });
  return false;
}

/** Reading the slip: loading the user's, dropping it, and taking a newer read when no save is under way. */
function readingSlice(set: SetSlip, get: GetSlip): Pick<BetslipState, "load" | "reset" | "adopt" | "refresh"> {
  let refreshing: Promise<void> | null = null;
  return {
    load(owner) {
      const state = get();
      if (state.owner === owner && state.status === "ready") return Promise.resolve();
      if (state.owner === owner && state.loading) return state.loading;
      get().reset();
      const loading = api.betslip().then(
        (slip) => {
          if (get().owner === owner) set({ status: "ready", saved: contentOf(slip), ...contentOf(slip), loading: null });
        },
        () => {
          if (get().owner === owner) set({ status: "failed", loading: null });
        },
      );
      set({ owner, status: "loading", loading });
      return loading;
    },
    reset() {
      const { queue } = get();
      set(initial());
      for (const item of queue) item.done();
    },
    adopt(slip, asOf) {
      const state = get();
      if (state.status !== "ready" || state.queue.length > 0 || state.revision !== asOf) return;
      if (slipKey(contentOf(slip)) === slipKey(state.saved)) return;
      set({ saved: contentOf(slip), ...contentOf(slip) });
    },
    refresh() {
      const { owner, status, revision } = get();
      // Focus and visibility come together when a tab is shown again: one read for both.
      if (!owner || status !== "ready" || refreshing) return refreshing ?? Promise.resolve();
      refreshing = api.betslip().then(
        // adopt() knows saves, not users: a slip read for someone who has signed out since is not taken.
        (slip) => {
          if (get().owner === owner) get().adopt(slip, revision);
        },
        () => undefined,
      );
      return refreshing.finally(() => (refreshing = null));
    },
  };
}

/** The user's changes: each waits for the slip to be known, shows at once and joins the save queue. */
function editingSlice(set: SetSlip, get: GetSlip): Pick<BetslipState, "toggle" | "remove" | "setStake" | "importLegs" | "dismiss"> {
  const enqueue = saveQueue(set, get);

  /** Removes exactly this selection: another of its match, picked on another device since, stays. */
  function removeLeg(leg: BetslipLeg): Promise<void> {
    set({ notice: null });
    const removed = plainLeg(leg);
    return enqueue((slip) => ({ ...slip, legs: withoutLeg(slip.legs, removed) }), () => api.removeFromBetslip(removed));
  }

  return {
    async toggle(leg, eventName) {
      if (!(await slipReady(set, get))) return;
      const { legs } = get();
      if (legs.some((l) => sameLeg(l, leg))) return removeLeg(leg);
      const replaced = legs.find((l) => l.eventId === leg.eventId);
      set({ notice: replaced ? replacedNotice(replaced, leg, eventName) : null });
      const added = plainLeg(leg);
      // The API replaces the match's selection in place too (one per match).
      return enqueue((slip) => ({ ...slip, legs: withLeg(slip.legs, added) }), () => api.addToBetslip(added));
    },
    async remove(leg) {
      if (!(await slipReady(set, get))) return;
      return removeLeg(leg);
    },
    async setStake(stake) {
      if (!(await slipReady(set, get))) return;
      set({ notice: null });
      return enqueue((slip) => ({ ...slip, stake }), () => api.changeBetslipStake({ stake }));
    },
    async importLegs(incoming, mode) {
      if (!(await slipReady(set, get))) return null;
      set({ notice: null });
      let outcome: ImportOutcome = { ok: false, error: undefined };
      await enqueue(
        (slip) => ({ ...slip, legs: planImport(slip.legs, incoming, mode).legs }),
        () =>
          sendImport(incoming, mode).then(
            ({ slip, plan }) => ((outcome = { ok: true, plan }), slip),
            (error: unknown) => {
              outcome = { ok: false, error };
              throw error;
            },
          ),
      );
      return outcome;
    },
    dismiss: () => set({ notice: null }),
  };
}

export const useBetslip = create<BetslipState>((set, get) => ({ ...initial(), ...readingSlice(set, get), ...editingSlice(set, get) }));
