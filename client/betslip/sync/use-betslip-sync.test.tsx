import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { resetApp, stubApi, USER } from "../../../tests/client/harness.tsx";
import { betslipFixture, leg, legView } from "../../../tests/client/betslip-fixtures.ts";
import { useSession } from "../../session/store.ts";
import { useBetslip } from "../store.ts";
import { useBetslipSync } from "./use-betslip-sync.ts";

const GET = "GET /api/users/betslip";
const HOME = leg();
const AWAY = leg({ eventId: "c2:real-getafe", selectionTypeId: 3 });

beforeEach(() => useSession.setState({ user: USER, loading: false }));
afterEach(resetApp);

describe("the betslip kept with the session", () => {
  it("reads the slip again when the window comes back, taking what another device saved meanwhile", async () => {
    const api = stubApi({ [GET]: [{ data: betslipFixture([legView(HOME)]) }, { data: betslipFixture([legView(HOME), legView(AWAY)]) }] });
    renderHook(() => useBetslipSync());
    await waitFor(() => expect(useBetslip.getState()).toMatchObject({ status: "ready", legs: [HOME] }));

    act(() => void window.dispatchEvent(new Event("focus")));

    await waitFor(() => expect(useBetslip.getState().legs).toEqual([HOME, AWAY]));
    expect(api.callsTo(GET)).toHaveLength(2);
  });

  it("stops listening and forgets the slip once the signed-in frame is gone", async () => {
    const api = stubApi({ [GET]: { data: betslipFixture([legView(HOME)]) } });
    const { unmount } = renderHook(() => useBetslipSync());
    await waitFor(() => expect(useBetslip.getState().status).toBe("ready"));

    unmount();
    act(() => void window.dispatchEvent(new Event("focus")));

    expect(useBetslip.getState()).toMatchObject({ owner: null, legs: [] });
    expect(api.callsTo(GET)).toHaveLength(1);
  });
});
