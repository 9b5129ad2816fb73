import { useEffect, useState } from "react";
import { ENDPOINTS, type BrowserAnswer, type BrowserRequest } from "#shared/contract.ts";
import { ApiError } from "#shared/error-decoding.ts";
import { apiCall } from "../backend/http.ts";
import { PUSH_WORKER_URL } from "./push-worker-url.ts";

/**
 * This browser's push subscription (docs/design.md, Channels: Web Push): whether it has one, and
 * turning it on (permission, the worker at /push-worker.js, the Push API with the site's VAPID key,
 * then the web tier told) or off (the web tier told, then the Push API).
 */

type Status = "checking" | "off" | "on" | "denied" | "working";

/** Whether this browser can receive push alerts: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function base64url(bytes: ArrayBuffer | null | undefined): string {
  if (!bytes) return "";
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const text = atob(key.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const post = <K extends "pushSubscribe" | "pushUnsubscribe">(name: K, body: BrowserRequest<K>) => apiCall<BrowserAnswer<K>>(ENDPOINTS[name].method, ENDPOINTS[name].path, body);

/** Tells the web tier about this browser's subscription (the same again is one row). */
function saveSubscription(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return post("pushSubscribe", { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Registers the worker and subscribes with the site's key; an old subscription made with another key is ended first. */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(PUSH_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing && base64url(existing.options.applicationServerKey) === publicKey) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

const failure = (what: string, error: unknown) => `${what}: ${error instanceof ApiError || error instanceof Error ? error.message : "please try again"}.`.replace(/\.\.$/, ".");


export interface PushSubscriptionControl {
  status: Status;
  problem: string | null;
  turnOn(): Promise<void>;
  turnOff(): Promise<void>;
}

export function usePushSubscription({ supported, available, publicKey, subscriptions }: { supported: boolean; available: boolean; publicKey: string | null; subscriptions: number }): PushSubscriptionControl {
  const [status, setStatus] = useState<Status>("checking");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!supported || !available) return;
    let live = true;
    if (Notification.permission === "denied") {
      setStatus("denied");
      return;
    }
    currentSubscription()
      .then(async (found) => {
        // One made with another key (the site's keys changed) reaches nothing: it counts as off.
        const subscription = found && base64url(found.options.applicationServerKey) === publicKey ? found : null;
        // The server forgot this browser (its push service once answered 404): it is told again.
        if (subscription && subscriptions === 0) await saveSubscription(subscription);
        if (live) setStatus(subscription ? "on" : "off");
      })
      .catch(() => live && setStatus("off"));
    return () => {
      live = false;
    };
  }, [supported, available, publicKey, subscriptions]);

  async function turnOn() {
    setProblem(null);
    setStatus("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission === "granted") await saveSubscription(await subscribe(publicKey ?? ""));
      else if (permission !== "denied") setProblem("Notifications were not allowed. Tap the button again and choose Allow.");
      setStatus(permission === "granted" ? "on" : permission === "denied" ? "denied" : "off");
    } catch (error) {
      setStatus("off");
      setProblem(failure("Push alerts could not be turned on", error));
    }
  }

  async function turnOff() {
    setProblem(null);
    setStatus("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await post("pushUnsubscribe", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setStatus("off");
    } catch (error) {
      setStatus("on");
      setProblem(failure("Push alerts could not be turned off", error));
    }
  }

  return { status, problem, turnOn, turnOff };
}
