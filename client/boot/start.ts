import { createElement, startTransition, useEffect, type JSX, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { HydrationState } from "react-router";

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
    /** Stops holding taps and gives those held before the app started (server/render/early-taps.ts, first in every page). */
    __earlyTaps?: () => HTMLElement[];
    /** Clears the mark that says a held tap was taken (server/render/early-taps.ts). */
    __earlyTapDone?: (button: HTMLElement) => void;
    /** Tells the early-taps script the app's code is here: a tap now waits for the app rather than leaving the page. */
    __appArrived?: () => void;
  }
}

/** Where and what the server rendered: the URL, its loaders' data, and whether the page was prerendered at build time. */
export interface ServerRendered {
  location: Location;
  hydrationData: HydrationState | undefined;
  prerendered: boolean;
}

/** Builds the element that hydrates what the server rendered. */
export type ServerRenderedApp = (rendered: ServerRendered) => Promise<JSX.Element>;

/** How long a held tap waits for its button's part of the page to hydrate. */
const REPLAY_WAIT_MS = 15_000;
const REPLAY_STEP_MS = 50;

/**
 * Whether React has taken `button` over: hydration keeps the server's node and gives it React's
 * props. A button under a Suspense boundary still waiting for its code (the betslip toggles' lazy
 * chunk) is the server's bare node until then, and a click on it reaches no handler.
 */
const hydrated = (button: HTMLElement) => Object.keys(button).some((key) => key.startsWith("__reactProps$"));

/** Taps each held button once React handles it, waiting for the parts still hydrating; gone or disabled ones are dropped. */
function replay(buttons: readonly HTMLElement[], until: number): void {
  const waiting: HTMLElement[] = [];
  for (const button of buttons) {
    if (!button.isConnected || (button instanceof HTMLButtonElement && button.disabled)) window.__earlyTapDone?.(button);
    else if (hydrated(button)) {
      window.__earlyTapDone?.(button);
      button.click();
    } else waiting.push(button);
  }
  if (waiting.length > 0 && Date.now() < until) setTimeout(() => replay(waiting, until), REPLAY_STEP_MS);
  else for (const button of waiting) window.__earlyTapDone?.(button);
}

/** Once the page has hydrated (its effects run after every child's), the buttons tapped before it are tapped again. */
function ReplayEarlyTaps({ children }: { children: ReactNode }): ReactNode {
  useEffect(() => replay(window.__earlyTaps?.() ?? [], Date.now() + REPLAY_WAIT_MS), []);
  return children;
}

/** Resolves in a new task: the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Starts the app in steps, each run in a task of its own (docs/design.md, Latency: TBT at most 200 ms on
 * a 4x slower phone, where all of it as one task took about 100 ms of module evaluation and 85 ms
 * of hydration): React DOM with the entry; then the app, `loadApp` (the router, the routes and the
 * shell: client/boot/app.tsx, or the public pages' lighter one: client/boot/public-app.tsx); then
 * the page the server rendered; then hydration, itself a transition that yields every few
 * milliseconds (a tap meanwhile is replayed once its part is hydrated). The boot script preloads
 * the steps' chunks with the entry (scripts/build/bundles.ts): no round trip is added.
 */
export async function start(loadApp: () => Promise<ServerRenderedApp>): Promise<void> {
  const container = document.getElementById("root");
  if (!container) return;
  window.__appArrived?.();
  await nextTask();
  const app = await loadApp();
  await nextTask();
  const element = await app({
    location: window.location,
    hydrationData: window.__staticRouterHydrationData,
    prerendered: document.documentElement.hasAttribute("data-prerendered"),
  });
  await nextTask();
  startTransition(() => {
    hydrateRoot(container, createElement(ReplayEarlyTaps, null, element));
  });
}
