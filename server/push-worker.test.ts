import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PUSH_WORKER_SOURCE } from "./push-worker.ts";

/** The worker run as a browser runs it: its listeners on a `self` of our own, each event's waitUntil awaited. */
function worker(options: { subscribe?: (options: unknown) => Promise<unknown> } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: { path: string; method: string; body: unknown }[] = [];
  const shown: { title: string; options: { body: string; tag?: string; data: { url: string } } }[] = [];
  const opened: string[] = [];
  const self = {
    location: { origin: "https://afriodds.ng" },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, shownOptions: (typeof shown)[number]["options"]) => void shown.push({ title, options: shownOptions }),
      pushManager: { subscribe: options.subscribe ?? (async () => null) },
    },
    clients: { matchAll: async () => [], openWindow: async (url: string) => void opened.push(url) },
  };
  const fetch = async (path: string, init: { method: string; body: string }) => {
    fetched.push({ path, method: init.method, body: JSON.parse(init.body) });
    return { ok: true };
  };
  runInNewContext(PUSH_WORKER_SOURCE, { self, fetch, URL, JSON, String });
  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { dispatch, fetched, shown, opened };
}

const subscription = (endpoint: string) => ({ endpoint, options: { userVisibleOnly: true, applicationServerKey: "key" }, toJSON: () => ({ endpoint, keys: { p256dh: `p-${endpoint}`, auth: `a-${endpoint}` } }) });

describe("the push service worker (docs/design.md, Channels: Web Push)", () => {
  it("shows a pushed alert with its tag, and a tap opens its page on this site only", async () => {
    const w = worker();
    await w.dispatch("push", { data: { json: () => ({ title: "Arsenal to win at 2.60", body: "Best at SportyBet", url: "https://afriodds.ng/match/x", tag: "t1" }) } });
    expect(w.shown).toEqual([{ title: "Arsenal to win at 2.60", options: { body: "Best at SportyBet", data: { url: "https://afriodds.ng/match/x" }, tag: "t1", renotify: true } }]);
    await w.dispatch("notificationclick", { notification: { close: () => undefined, data: { url: "https://elsewhere.example/phish?x=1" } } });
    expect(w.opened).toEqual(["https://afriodds.ng/phish?x=1"]);
  });

  it("tells the site of a subscription the push service renewed, and forgets the old one", async () => {
    const w = worker();
    await w.dispatch("pushsubscriptionchange", { oldSubscription: subscription("https://push.example/old"), newSubscription: subscription("https://push.example/new") });
    expect(w.fetched).toEqual([
      { path: "/api/users/push/subscriptions", method: "POST", body: { endpoint: "https://push.example/new", keys: { p256dh: "p-https://push.example/new", auth: "a-https://push.example/new" } } },
      { path: "/api/users/push/subscriptions/remove", method: "POST", body: { endpoint: "https://push.example/old" } },
    ]);
  });

  it("subscribes again with the old subscription's options when the browser gives no new one", async () => {
    const asked: unknown[] = [];
    const w = worker({ subscribe: async (options) => (asked.push(options), subscription("https://push.example/again")) });
    await w.dispatch("pushsubscriptionchange", { oldSubscription: subscription("https://push.example/old") });
    expect(asked).toEqual([{ userVisibleOnly: true, applicationServerKey: "key" }]);
    expect(w.fetched.map((f) => [f.path, (f.body as { endpoint: string }).endpoint])).toEqual([
      ["/api/users/push/subscriptions", "https://push.example/again"],
      ["/api/users/push/subscriptions/remove", "https://push.example/old"],
    ]);
  });
});
