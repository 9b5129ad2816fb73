import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PUSH_WORKER_SOURCE } from "./push-worker.ts";

/** The worker run as a browser runs it: its listeners on a stand-in `self`, events dispatched to them. */
function startWorker(windows: { url: string; focused: boolean }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://afriodds.ng" },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows.map((window) => ({ url: window.url, focus: async () => void (window.focused = true) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  runInNewContext(PUSH_WORKER_SOURCE, { self, URL });
  /** Dispatches an event; resolves once the work it handed to waitUntil is done. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { shown, opened, dispatch };
}

const pushOf = (body: string) => ({ data: { json: () => JSON.parse(body) as unknown, text: () => body } });

describe("the push service worker", () => {
  it("shows a pushed alert with its body, its page and its topic as the tag, so a newer one replaces it", async () => {
    const worker = startWorker();
    await worker.dispatch("push", pushOf(JSON.stringify({ title: "Arsenal reached 2.60", body: "Arsenal to win\nat SportyBet", url: "https://afriodds.ng/match/1", tag: "abc" })));
    expect(worker.shown).toEqual([{ title: "Arsenal reached 2.60", options: { body: "Arsenal to win\nat SportyBet", data: { url: "https://afriodds.ng/match/1" }, tag: "abc", renotify: true } }]);
  });

  it("still shows something for a push that is not its JSON", async () => {
    const worker = startWorker();
    await worker.dispatch("push", { data: { json: () => JSON.parse("plain"), text: () => "plain" } });
    expect(worker.shown).toEqual([{ title: "AfriOdds", options: { body: "plain", data: { url: "/" } } }]);
  });

  it("on a tap, focuses a window already on the alert's page, else opens it on this site only", async () => {
    const windows = [{ url: "https://afriodds.ng/match/1", focused: false }];
    const worker = startWorker(windows);
    let closed = 0;
    const tap = (url: string) => worker.dispatch("notificationclick", { notification: { data: { url }, close: () => void (closed += 1) } });
    await tap("https://afriodds.ng/match/1");
    expect(windows[0]!.focused).toBe(true);
    expect(worker.opened).toEqual([]);
    await tap("https://afriodds.ng/sure-bets?x=1");
    await tap("https://elsewhere.example/phish");
    expect(worker.opened).toEqual(["https://afriodds.ng/sure-bets?x=1", "https://afriodds.ng/phish"]);
    expect(closed).toBe(3);
  });
});
