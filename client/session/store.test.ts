// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "#shared/contract.ts";
import { AUTH_EXPIRED_MESSAGE } from "#shared/messages.ts";
import { api } from "../backend/endpoints.ts";
import { useSession } from "./store.ts";

const KEY = "auth-session";

const STORED: SessionUser = { id: "u1", username: "ada", country: "1", registrationDate: "2026-01-05T10:00:00.000Z" };
const FRESH: SessionUser = { ...STORED, username: "ada-renamed" };

function envelope(status: number, code: string, description = code) {
  return new Response(JSON.stringify({ error: { code, description, type: "auth" } }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ data }), { status: 200, headers: { "Content-Type": "application/json" } });

/** Stubs the web tier's answer to every call. */
function answer(reply: () => Response | Promise<Response>) {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => reply());
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

function store(user: SessionUser, timestamp = Date.now() - 60_000) {
  localStorage.setItem(KEY, JSON.stringify({ user, timestamp }));
}

const stored = () => {
  const raw = localStorage.getItem(KEY);
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ user: null, loading: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the start-up check", () => {
  it("keeps the loading flag on until /api/session answers, then takes its user", async () => {
    store(STORED);
    let reply: (response: Response) => void = () => undefined;
    const fetchStub = answer(() => new Promise<Response>((resolve) => (reply = resolve)));

    const checking = useSession.getState().check();
    expect(useSession.getState().loading).toBe(true);
    expect(String(fetchStub.mock.calls[0]?.[0])).toBe("/api/session");
    reply(ok({ user: FRESH }));
    await checking;

    expect(useSession.getState()).toMatchObject({ user: FRESH, loading: false });
    expect(stored()?.user).toEqual(FRESH);
  });

  it.each(["AUTH_EXPIRED", "AUTH_REQUIRED"])("logs out on a 401 %s", async (code) => {
    store(STORED);
    answer(() => envelope(401, code, code === "AUTH_EXPIRED" ? AUTH_EXPIRED_MESSAGE : "Log in"));
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
    expect(stored()).toBeNull();
  });

  it("logs out when the web tier says there is no session", async () => {
    store(STORED);
    answer(() => ok({ user: null }));
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
    expect(stored()).toBeNull();
  });

  // docs/product.md, Session.
  it("keeps the stored user when the check itself fails on the network", async () => {
    store(STORED);
    answer(() => {
      throw new TypeError("Failed to fetch");
    });
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: STORED, loading: false });
    expect(stored()?.user).toEqual(STORED);
  });

  it("keeps the stored user when the web tier cannot reach the API", async () => {
    store(STORED);
    answer(() => envelope(503, "UPSTREAM_UNAVAILABLE"));
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: STORED, loading: false });
  });

  it("is logged out after a network failure with nothing stored", async () => {
    answer(() => {
      throw new TypeError("Failed to fetch");
    });
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: null, loading: false, unavailable: false });
  });

  it("keeps the stored user and notes the outage when the web tier cannot reach the odds API", async () => {
    store(STORED);
    answer(() => envelope(502, "UPSTREAM_UNAVAILABLE", "down"));
    await useSession.getState().check();
    expect(useSession.getState()).toMatchObject({ user: STORED, loading: false, unavailable: true });
    expect(stored()?.user).toEqual(STORED);
  });
});

describe("AUTH_EXPIRED", () => {
  it("from any call clears the session and the stored copy", async () => {
    useSession.getState().signIn(STORED);
    answer(() => envelope(401, "AUTH_EXPIRED", AUTH_EXPIRED_MESSAGE));
    await expect(api.me()).rejects.toMatchObject({ code: "AUTH_EXPIRED", message: AUTH_EXPIRED_MESSAGE });
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
    expect(stored()).toBeNull();
  });

  it("is the only failure that does", async () => {
    useSession.getState().signIn(STORED);
    answer(() => envelope(500, "INTERNAL_ERROR"));
    await expect(api.feedback({ message: "hi" })).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
    expect(useSession.getState().user).toEqual(STORED);
    expect(stored()?.user).toEqual(STORED);
  });
});

describe("what localStorage keeps under auth-session", () => {
  // docs/design.md, Tokens in cookies.
  it("is exactly the user and a timestamp, never a token", async () => {
    const before = Date.now();
    useSession.getState().signIn(STORED);
    const kept = stored();
    expect(Object.keys(kept ?? {}).sort()).toEqual(["timestamp", "user"]);
    expect(kept?.user).toEqual(STORED);
    expect(kept?.timestamp).toBeGreaterThanOrEqual(before);
    expect(kept?.timestamp).toBeLessThanOrEqual(Date.now());

    answer(() => ok({ user: FRESH }));
    await useSession.getState().check();
    expect(Object.keys(stored() ?? {}).sort()).toEqual(["timestamp", "user"]);
    expect(localStorage.length).toBe(1);
  });

  it("is removed on logout", () => {
    useSession.getState().signIn(STORED);
    useSession.getState().clear();
    expect(stored()).toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, loading: false });
  });
});
