import { act, cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import type { SessionUser } from "#shared/contract.ts";
import { useSession } from "../session/store.ts";
import { DialogHost } from "./dialog-host.tsx";
import { useDialogs } from "./store.ts";

/** A reply of the stubbed web tier: `{data}` on success, the contract's error envelope otherwise. */
export type Reply =
  | { status?: number; data: unknown }
  | { status: number; error: { code: string; description: string; type?: string } };

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export const USER: SessionUser = {
  id: "u1",
  username: "ada",
  country: "1",
  registrationDate: "2025-01-02T03:04:05.000Z",
};

/**
 * Stubs globalThis.fetch as the web tier: each "METHOD /api/path" answers its queue of replies in
 * turn (the last one repeats). Analytics beacons are accepted and recorded like any other call.
 */
export function stubApi(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : [reply]]),
  );
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    const queue = queues.get(key);
    const reply: Reply =
      key === "POST /api/events"
        ? { data: { ok: true } }
        : queue && queue.length > 1
          ? queue.shift()!
          : (queue?.[0] ?? { status: 599, error: { code: "UNSTUBBED", description: key } });
    const status = reply.status ?? 200;
    const payload = "error" in reply ? { error: { type: "server", ...reply.error } } : { data: reply.data };
    // A minimal Response: real ones read their body through streams, which fake timers could stall.
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => JSON.stringify(payload),
    } as Response;
  });
  vi.stubGlobal("fetch", fetchStub);
  return {
    calls,
    /** Calls to one endpoint, e.g. "POST /api/users/login". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export function errorReply(status: number, code: string, description = code): Reply {
  return { status, error: { code, description } };
}

/** Fake clock for every dialog test: the 300 ms minimum, the 300 ms exit and the 60 s cooldown run on it. */
export function setupDialogTests() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    // Testing Library drains its async wrapper with a setTimeout(0) that it advances only when it
    // sees Jest's fake timers; this tells it about vitest's, or every user-event call would hang.
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    useDialogs.setState({ open: null, email: "", verifyContext: "registration" });
    useSession.setState({ user: null, loading: false });
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** Lets `ms` of fake time pass, with React updates and pending promises flushed. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export function showDialog(...args: Parameters<ReturnType<typeof useDialogs.getState>["show"]>) {
  act(() => useDialogs.getState().show(...args));
}

/** The host as the shell mounts it: once, above the pages, inside a data router with "/" and "/dashboard". */
export function renderHost() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <Outlet />
            <DialogHost />
          </>
        ),
        children: [
          {
            index: true,
            element: (
              <button type="button" onClick={() => useDialogs.getState().show("login")}>
                Open login
              </button>
            ),
          },
          { path: "dashboard", element: <h1>Dashboard page</h1> },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(<RouterProvider router={router} />);
  return { router, user, path: () => router.state.location.pathname };
}

export function dialog() {
  return screen.getByRole("dialog");
}
