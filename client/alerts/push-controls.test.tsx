import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PushControls } from "./push-controls.tsx";

/** A VAPID public key as the API gives it: URL-safe base64 of a 65-byte point. */
const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString("base64url");
const OTHER_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 3)]).toString("base64url");
const KEYS = { p256dh: "BP256dh-of-this-browser", auth: "auth-secret-16" };

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): { endpoint: string; expirationTime: null; keys: typeof KEYS };
  unsubscribe: () => Promise<boolean>;
}

/**
 * The browser's push stack, the stand-in for what happy-dom lacks: a service worker container,
 * the Push API and notifications' permission; `subscribed` starts it with a subscription made with `key`.
 */
function pushBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean; key?: string } = {}) {
  let current: FakeSubscription | null = null;
  let made = 0;
  const subscription = (key: Uint8Array | ArrayBuffer): FakeSubscription => {
    made += 1;
    const endpoint = `https://push.example.com/send/${made}`;
    const self: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
      unsubscribe: vi.fn(async () => {
        if (current === self) current = null;
        return true;
      }),
    };
    return self;
  };
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async (asked: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => (current = subscription(asked.applicationServerKey))),
  };
  const registration = { pushManager };
  let registered = false;
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: async () => (registered ? registration : undefined),
  };
  if (options.subscribed) {
    registered = true;
    current = subscription(Buffer.from(options.key ?? PUBLIC_KEY, "base64url"));
  }
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: serviceWorker });
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", { permission: options.permission ?? "default", requestPermission: vi.fn(async () => options.answer ?? "granted") });
  return { serviceWorker, pushManager, current: () => current };
}

/** The web tier: every call answered `status`, each recorded with its JSON body. */
function webTier(status = 201) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, method: String(init.method), body: JSON.parse(String(init.body)) });
      const body = status < 300 ? { data: { ok: true } } : { error: { code: "INTERNAL_ERROR", type: "server", description: "Something went wrong. Please try again." } };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const view = (props: Partial<Parameters<typeof PushControls>[0]> = {}) => (
  <MemoryRouter>
    <PushControls available publicKey={PUBLIC_KEY} subscriptions={0} {...props} />
  </MemoryRouter>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("the push alert controls", () => {
  it("without JavaScript (the server's page), say this browser cannot receive push alerts and offer Telegram or e-mail", () => {
    pushBrowser();
    const html = renderToString(view());
    expect(html).toContain("This browser cannot receive push alerts.");
    expect(html).toContain('href="/profile"');
    expect(html).toContain("by e-mail");
    expect(html).not.toContain("<button");
  });

  it("in a browser without push (Opera Mini: no service worker), say so and offer Telegram or e-mail", () => {
    render(view());
    expect(screen.getByText(/This browser cannot receive push alerts\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "your profile" }).getAttribute("href")).toBe("/profile");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("say push alerts are not available when the site has no VAPID keys", () => {
    pushBrowser();
    render(view({ available: false, publicKey: null }));
    expect(screen.getByText(/Push alerts are not available on this site right now\./)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("turn push on: permission asked, the worker registered, a subscription made with the site's key and sent to the web tier", async () => {
    const browser = pushBrowser();
    const calls = webTier();
    render(view());
    expect((await screen.findByRole("status")).textContent).toBe("Push alerts are off for this browser.");

    await userEvent.click(screen.getByRole("button", { name: "Turn on push alerts on this phone" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Push alerts are on for this browser."));
    expect(browser.serviceWorker.register).toHaveBeenCalledWith("/push-worker.js");
    const asked = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(asked.userVisibleOnly).toBe(true);
    expect(Buffer.from(asked.applicationServerKey).toString("base64url")).toBe(PUBLIC_KEY);
    expect(calls).toEqual([{ path: "/api/users/push/subscriptions", method: "POST", body: { endpoint: "https://push.example.com/send/1", keys: KEYS } }]);
    expect(screen.getByRole("button", { name: "Turn off push alerts on this browser" })).toBeTruthy();
  });

  it("count a subscription made with another key (the site's keys changed) as off, and replace it when turned on", async () => {
    const browser = pushBrowser({ subscribed: true, key: OTHER_KEY });
    const stale = browser.current()!;
    const calls = webTier();
    render(view({ subscriptions: 1 }));
    await userEvent.click(await screen.findByRole("button", { name: "Turn on push alerts on this phone" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Push alerts are on for this browser."));
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(Buffer.from(browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey).toString("base64url")).toBe(PUBLIC_KEY);
    expect(calls.map((call) => call.body)).toEqual([{ endpoint: "https://push.example.com/send/2", keys: KEYS }]);
  });

  it("when subscribed, say so and turn push off: the web tier told first, then the browser's subscription ended", async () => {
    const browser = pushBrowser({ subscribed: true });
    const subscription = browser.current()!;
    const calls = webTier(200);
    render(view({ subscriptions: 1 }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Push alerts are on for this browser."));
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Turn off push alerts on this browser" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Push alerts are off for this browser."));
    expect(calls).toEqual([{ path: "/api/users/push/subscriptions/remove", method: "POST", body: { endpoint: subscription.endpoint } }]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("tell the web tier again of a subscription it forgot (none counted for the bettor)", async () => {
    pushBrowser({ subscribed: true });
    const calls = webTier();
    render(view({ subscriptions: 0 }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Push alerts are on for this browser."));
    expect(calls.map((call) => call.path)).toEqual(["/api/users/push/subscriptions"]);
  });

  it("when notifications are blocked, say how to allow them and offer no button", async () => {
    pushBrowser({ permission: "denied" });
    render(view());
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/Notifications are blocked for this site/));
    expect(screen.getByText(/set Notifications to Allow/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("when the bettor refuses the permission, say how to allow it; when they dismiss it, ask again", async () => {
    pushBrowser({ answer: "denied" });
    webTier();
    render(view());
    await userEvent.click(await screen.findByRole("button", { name: "Turn on push alerts on this phone" }));
    await screen.findByText(/set Notifications to Allow/);

    cleanup();
    const dismissed = pushBrowser({ answer: "default" });
    render(view());
    await userEvent.click(await screen.findByRole("button", { name: "Turn on push alerts on this phone" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Tap the button again and choose Allow/);
    expect(dismissed.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("say when the web tier could not store the subscription, and stay off", async () => {
    pushBrowser();
    webTier(500);
    render(view());
    await userEvent.click(await screen.findByRole("button", { name: "Turn on push alerts on this phone" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Push alerts could not be turned on: Something went wrong/);
    expect(screen.getByRole("status").textContent).toBe("Push alerts are off for this browser.");
  });
});
