// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BetslipLeg } from "#shared/contract.ts";
import { errorReply, resetApp, stubApi, USER, type Reply } from "../../tests/client/harness.tsx";
import { betslipFixture, EMPTY_BETSLIP, leg, legView } from "../../tests/client/betslip-fixtures.ts";
import { useSession } from "../session/store.ts";
import { LOAD_FAILED_MESSAGE, useBetslip } from "./store.ts";

const GET = "GET /api/users/betslip";
const ADD = "POST /api/users/betslip/selections";
const STAKE = "PATCH /api/users/betslip";
/** DELETE of one selection, the event id as one encoded path segment. */
const removal = (l: BetslipLeg) => `DELETE /api/users/betslip/selections/${encodeURIComponent(l.eventId)}/${l.marketId}/${l.selectionTypeId}`;

const HOME = leg();
const DRAW = leg({ selectionTypeId: 2 });
const OVER = leg({ eventId: "c1:spurs-everton", marketId: 4, selectionTypeId: 8 });
const AWAY = leg({ eventId: "c2:real-getafe", selectionTypeId: 3 });

/** The slip the API answers a write with: the slip as stored after it, each leg re-read. */
const answered = (legs: BetslipLeg[], stake = 1000): Reply => ({ data: betslipFixture(legs.map((l) => legView(l)), { stake }) });

const slip = () => useBetslip.getState();
/** Every write sent, in order: "METHOD path" and the body (a DELETE sends {} only to go as JSON). */
const sent = (api: ReturnType<typeof stubApi>) => api.calls.filter((call) => call.method !== "GET" && call.path !== "/api/events").map((call) => [`${call.method} ${call.path}`, call.body]);

beforeEach(() => useSession.setState({ user: USER, loading: false }));
afterEach(resetApp);

async function loaded(replies: Record<string, Reply | Reply[]> = {}) {
  const api = stubApi(replies);
  await slip().load(USER.id);
  return api;
}

describe("the betslip store", () => {
  it("reads the signed-in user's slip once", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(HOME)], { stake: 500 }) } });
    await slip().load(USER.id);

    expect(api.callsTo(GET)).toHaveLength(1);
    expect(slip()).toMatchObject({ owner: USER.id, status: "ready", stake: 500, legs: [HOME] });
  });

  it("adds a selection at once and sends that one selection, never the whole slip", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(OVER)]) }, [ADD]: "pending" });

    void slip().toggle(legView(HOME), "Arsenal vs Chelsea");

    // The save never answers: what shows is the change alone.
    await vi.waitFor(() => expect(slip().legs).toEqual([OVER, HOME]), { timeout: 5_000 });
    expect(sent(api)).toEqual([[ADD, HOME]]);
  });

  it("takes the slip the API answers once it accepted the save", async () => {
    const api = await loaded({ [ADD]: answered([HOME]) });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(sent(api)).toHaveLength(1);
    expect(slip()).toMatchObject({ legs: [HOME], saved: { stake: 1000, legs: [HOME] }, revision: 1, notice: null });
  });

  it("keeps what another device saved meanwhile: the API's answer holds both devices' selections", async () => {
    // This device read [OVER]; another added AWAY and raised the stake before this tap reached the API.
    await loaded({ [GET]: { data: betslipFixture([legView(OVER)]) }, [ADD]: answered([OVER, AWAY, HOME], 300) });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(slip()).toMatchObject({ stake: 300, legs: [OVER, AWAY, HOME], saved: { stake: 300, legs: [OVER, AWAY, HOME] } });
  });

  it("removes a selection tapped a second time, naming it alone", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(HOME), legView(OVER)]) }, [removal(HOME)]: answered([OVER]) });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(sent(api)).toEqual([[removal(HOME), {}]]);
    expect(slip().legs).toEqual([OVER]);
  });

  it("names a leg beyond the eight in its notices as the API's answer names it, never 'Market 13'", async () => {
    const awayTotal = leg({ marketId: 13, selectionTypeId: 27 });
    await loaded({ [GET]: { data: betslipFixture([legView(awayTotal, { marketName: "Away Over/Under 0.5", selectionName: "Over 0.5" })]) }, [ADD]: answered([HOME]) });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(slip().notice).toEqual({ tone: "info", text: "One selection per match: Arsenal vs Chelsea is now 1X2 (Match Result): Home instead of Away Over/Under 0.5: Over 0.5." });
  });

  it("replaces the leg of an event already on the slip, in its place, and says so", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(HOME), legView(OVER)]) }, [ADD]: answered([DRAW, OVER]) });

    await slip().toggle(DRAW, "Arsenal vs Chelsea");

    expect(sent(api)).toEqual([[ADD, DRAW]]);
    expect(slip().legs).toEqual([DRAW, OVER]);
    expect(slip().notice).toEqual({
      tone: "info",
      text: "One selection per match: Arsenal vs Chelsea is now 1X2 (Match Result): Draw instead of 1X2 (Match Result): Home.",
    });
  });

  it("rolls back a change the API refuses and shows the API's message", async () => {
    const full = "A betslip holds at most 50 selections.";
    const api = await loaded({ [GET]: { data: betslipFixture([legView(OVER)]) }, [ADD]: errorReply(400, "VALIDATION_ERROR", full) });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(sent(api)).toHaveLength(1);
    expect(slip()).toMatchObject({ legs: [OVER], saved: { legs: [OVER] }, revision: 0, notice: { tone: "error", text: full } });
  });

  it("saves one change at a time, and a later change survives an earlier refused one", async () => {
    const api = await loaded({
      [GET]: { data: betslipFixture([legView(OVER)]) },
      [ADD]: errorReply(400, "VALIDATION_ERROR", "Unknown selection."),
      [STAKE]: answered([OVER], 2500),
    });

    const adding = slip().toggle(HOME, "Arsenal vs Chelsea");
    const staking = slip().setStake(2500);
    await Promise.all([adding, staking]);

    // The stake went second, and as the stake alone: no legs this device shows ride along with it.
    expect(sent(api)).toEqual([
      [ADD, HOME],
      [STAKE, { stake: 2500 }],
    ]);
    expect(slip()).toMatchObject({ stake: 2500, legs: [OVER], revision: 1, notice: { tone: "error", text: "Unknown selection." } });
  });

  it("changes the stake of a slip another device changed since this tab read it, keeping that device's selection", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(OVER)]) }, [STAKE]: answered([OVER, AWAY], 2500) });

    await slip().setStake(2500);

    expect(sent(api)).toEqual([[STAKE, { stake: 2500 }]]);
    expect(slip()).toMatchObject({ stake: 2500, legs: [OVER, AWAY] });
  });

  it("removes a selection with remove", async () => {
    const api = await loaded({ [GET]: { data: betslipFixture([legView(HOME), legView(OVER)]) }, [removal(OVER)]: answered([HOME]) });

    await slip().remove(legView(OVER));

    expect(sent(api)).toEqual([[removal(OVER), {}]]);
    expect(slip().legs).toEqual([HOME]);
  });

  it("reads the slip before changing it, so a tap on a selection already saved removes it", async () => {
    const api = stubApi({ [GET]: { data: betslipFixture([legView(OVER)]) }, [removal(OVER)]: answered([]) });

    await slip().toggle(OVER, "Tottenham vs Everton");

    expect(api.callsTo(GET)).toHaveLength(1);
    expect(sent(api)).toEqual([[removal(OVER), {}]]);
  });

  it("changes nothing and says why when the slip cannot be read", async () => {
    const api = stubApi({ [GET]: errorReply(503, "UPSTREAM_UNAVAILABLE") });

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(sent(api)).toHaveLength(0);
    expect(slip()).toMatchObject({ status: "failed", legs: [], notice: { tone: "error", text: LOAD_FAILED_MESSAGE } });
  });

  it("does nothing for a visitor", async () => {
    useSession.setState({ user: null, loading: false });
    const api = stubApi();

    await slip().toggle(HOME, "Arsenal vs Chelsea");

    expect(api.calls).toHaveLength(0);
    expect(slip().legs).toEqual([]);
  });

  it("forgets the slip at reset (logout), and a save answered afterwards does not bring it back", async () => {
    let answerPut: (response: Response) => void = () => undefined;
    stubApi({ [GET]: { data: betslipFixture([legView(OVER)]) } });
    await slip().load(USER.id);
    const fetchStub = globalThis.fetch;
    globalThis.fetch = (input, init) => (init?.method === "POST" ? new Promise<Response>((resolve) => (answerPut = resolve)) : fetchStub(input, init));

    const adding = slip().toggle(HOME, "Arsenal vs Chelsea");
    await new Promise((resolve) => setTimeout(resolve, 0));
    slip().reset();
    answerPut(new Response(JSON.stringify({ data: betslipFixture([legView(OVER), legView(HOME)]) }), { status: 200 }));
    await adding;

    expect(slip()).toMatchObject({ owner: null, status: "idle", legs: [], saved: { legs: [] } });
  });

  it("drops a tap made while the slip was being read when its user signed out and another signed in meanwhile", async () => {
    const other = { ...USER, id: "u2", username: "bola" };
    const api = stubApi({ [GET]: { data: betslipFixture([legView(OVER)]) }, [ADD]: answered([OVER, HOME]) });
    const fetchStub = globalThis.fetch;
    let answerFirstRead: (response: Response) => void = () => undefined;
    let reads = 0;
    globalThis.fetch = (input, init) =>
      (init?.method ?? "GET") === "GET" && (reads += 1) === 1 ? new Promise<Response>((resolve) => (answerFirstRead = resolve)) : fetchStub(input, init);

    // Ada taps while her slip is on its way; she signs out and Bola signs in before it comes.
    const tapping = slip().toggle(HOME, "Arsenal vs Chelsea");
    await new Promise((resolve) => setTimeout(resolve, 0));
    slip().reset();
    useSession.setState({ user: other, loading: false });
    await slip().load(other.id);
    answerFirstRead(new Response(JSON.stringify({ data: EMPTY_BETSLIP }), { status: 200 }));
    await tapping;

    expect(sent(api)).toEqual([]);
    expect(slip()).toMatchObject({ owner: "u2", status: "ready", legs: [OVER] });
  });

  it("takes a slip read later from the API (another device's changes) when no save happened since", async () => {
    await loaded({ [GET]: { data: EMPTY_BETSLIP } });

    slip().adopt(betslipFixture([legView(HOME)], { stake: 300 }), 0);

    expect(slip()).toMatchObject({ stake: 300, legs: [HOME], saved: { stake: 300, legs: [HOME] } });
  });

  it("reads the slip again on refresh, so a tap on another device's new selection removes it", async () => {
    const api = await loaded({
      [GET]: [{ data: betslipFixture([legView(OVER)]) }, { data: betslipFixture([legView(OVER), legView(AWAY)], { stake: 300 }) }],
      [removal(AWAY)]: answered([OVER], 300),
    });

    await Promise.all([slip().refresh(), slip().refresh()]);
    expect(slip()).toMatchObject({ stake: 300, legs: [OVER, AWAY] });
    await slip().toggle(AWAY, "Real Madrid vs Getafe");

    // Focus and visibility together ask once.
    expect(api.callsTo(GET)).toHaveLength(2);
    expect(sent(api)).toEqual([[removal(AWAY), {}]]);
  });

  it("does not take a slip re-read for a user who signed out meanwhile", async () => {
    const other = { ...USER, id: "u2", username: "bola" };
    await loaded({ [GET]: [{ data: betslipFixture([legView(OVER)]) }, { data: EMPTY_BETSLIP }] });
    const fetchStub = globalThis.fetch;
    let answerReread: (response: Response) => void = () => undefined;
    globalThis.fetch = () => {
      globalThis.fetch = fetchStub;
      return new Promise<Response>((resolve) => (answerReread = resolve));
    };

    const refreshing = slip().refresh();
    slip().reset();
    useSession.setState({ user: other, loading: false });
    await slip().load(other.id);
    // Ada's slip, re-read before she signed out, arrives once Bola's is in.
    answerReread(new Response(JSON.stringify({ data: betslipFixture([legView(AWAY)]) }), { status: 200 }));
    await refreshing;

    expect(slip()).toMatchObject({ owner: "u2", legs: [] });
  });

  it("ignores a slip read before its latest save", async () => {
    await loaded({ [ADD]: answered([HOME]) });
    await slip().toggle(HOME, "Arsenal vs Chelsea");

    slip().adopt(EMPTY_BETSLIP, 0);

    expect(slip().legs).toEqual([HOME]);
  });

  it("ignores a slip read while a save is under way", async () => {
    await loaded({ [ADD]: "pending" });
    void slip().toggle(HOME, "Arsenal vs Chelsea");
    await new Promise((resolve) => setTimeout(resolve, 0));

    slip().adopt(EMPTY_BETSLIP, 0);

    expect(slip().legs).toEqual([HOME]);
  });
});
