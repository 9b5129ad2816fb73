import { setTimeout as sleep } from "node:timers/promises";
import type { CDPSession } from "@playwright/test";
import { signedInPage } from "../browser.ts";
import type { BenchUser, Stack } from "../stack.ts";

export interface OpenFigures {
  /** Bytes on the wire after the first load (headers and bodies, as Chromium counts them). */
  bytes: number;
  /** Requests that started after the first load. */
  requests: number;
  /** Event-stream messages the page received after the first load. */
  messages: number;
}

/**
 * Counts the page's network bytes from CDP Network events once `counting()` says so: a request
 * that finished counts its `loadingFinished` total (head and body), one still open (the event
 * stream) its head plus every `dataReceived` chunk. Chunks of requests started during the
 * first load count only when they arrive after it.
 */
function byteCounter(cdp: CDPSession, counting: () => boolean) {
  const before = new Set<string>();
  const open = new Map<string, number>();
  const totals = { finished: 0, requests: 0, messages: 0, lastRequestAt: Date.now() };
  cdp.on("Network.requestWillBeSent", (e) => {
    totals.lastRequestAt = Date.now();
    if (!counting()) before.add(e.requestId);
    else if (!open.has(e.requestId)) totals.requests += 1;
  });
  cdp.on("Network.responseReceived", (e) => {
    if (counting() && !before.has(e.requestId)) open.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on("Network.dataReceived", (e) => {
    if (counting()) open.set(e.requestId, (open.get(e.requestId) ?? 0) + e.encodedDataLength);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (!counting()) return;
    // The request's whole transfer, unless part of it came during the first load.
    totals.finished += before.has(e.requestId) ? (open.get(e.requestId) ?? 0) : e.encodedDataLength;
    open.delete(e.requestId);
  });
  cdp.on("Network.eventSourceMessageReceived", () => {
    if (counting()) totals.messages += 1;
  });
  return {
    figures: () => ({ bytes: totals.finished + [...open.values()].reduce((a, b) => a + b, 0), requests: totals.requests, messages: totals.messages }),
    quietForMs: () => Date.now() - totals.lastRequestAt,
  };
}

const QUIET_MS = 2_000;

/**
 * The first load ends when the page has had its load event and then asked for nothing new for
 * 2 s: the app boots after the first paint (decision 008), so its scripts, its data and the
 * opening of its live stream belong to the first load; the stream's frames after it do not.
 */
async function firstLoadDone(quietForMs: () => number) {
  const until = Date.now() + 30_000;
  while (quietForMs() < QUIET_MS && Date.now() < until) await sleep(100);
}

/**
 * docs/design.md, Page weight: a signed-in dashboard left open for `minutes` while the simulator moves
 * prices; what it transfers after its first load (the live stream, any polling, anything else).
 */
export async function dashboardLeftOpen(stack: Stack, user: BenchUser, minutes: number): Promise<OpenFigures> {
  const { browser, page } = await signedInPage(stack.web, user.cookie);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    let loaded = false;
    const counter = byteCounter(cdp, () => loaded);
    await page.goto(`${stack.web}/dashboard`, { waitUntil: "load" });
    // Signed in and showing odds, or the figure would be of some other page.
    await page.locator("table.odds-table").first().waitFor({ timeout: 15_000 });
    await firstLoadDone(counter.quietForMs);
    loaded = true;
    await sleep(minutes * 60_000);
    return counter.figures();
  } finally {
    await browser.close();
  }
}
