import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "@playwright/test";
import { formatOdds } from "#shared/format.ts";
import { bookmakerName, marketLabel, marketSelections, selectionLabel } from "#shared/reference.ts";
import { signedInPage } from "../browser.ts";
import { referenceStream, writeTimes, type MarketChange } from "./live-reference.ts";
import { percentile } from "../load.ts";
import type { BenchUser, Stack } from "../stack.ts";

/** A price cell whose shown price changed: its table's caption, row and column, the new text, and when (epoch ms). */
interface DomChange {
  key: string;
  text: string;
  at: number;
}

export interface DomFigures {
  /** DOM changes paired with the write that made them. */
  paired: number;
  /** DOM changes with no write of that value to that cell before them (should be 0). */
  unpaired: number;
  p50: number;
  p95: number;
  /** Changes the API's own stream carried during the run (all views), with their write times known. */
  changes: number;
}

declare global {
  interface Window {
    benchDomChanges?: DomChange[];
  }
}

/**
 * Runs in the page: notes every price cell (client/odds/table/odds-cell.tsx, in `table.odds-table`)
 * whose shown price changes, keyed by caption ("Home vs Away, 1X2 (Match Result)"), bookmaker row
 * and selection column, with `performance.timeOrigin + performance.now()`: the page's epoch clock, taken in
 * the observer's microtask right after the render wrote the DOM.
 */
function observeOddsCells() {
  const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const price = (td: Element) => /^\s*(\d+\.\d+|-)/.exec(td.textContent ?? "")?.[1] ?? "";
  const keyOf = (td: HTMLTableCellElement) => {
    const table = td.closest("table");
    const row = td.closest("tr");
    const head = table?.tHead?.rows[0]?.cells[td.cellIndex];
    // The row header's own text is the bookmaker; a stale marker inside it must not change the key.
    const bookmaker = [...(row?.cells[0]?.childNodes ?? [])].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent);
    return [clean(table?.caption?.textContent), clean(bookmaker.join("")), clean(head?.textContent)].join("|");
  };
  const shown = new Map<string, string>();
  const changes: DomChange[] = [];
  const scan = (record: boolean) => {
    const at = performance.timeOrigin + performance.now();
    for (const td of document.querySelectorAll<HTMLTableCellElement>("table.odds-table tbody td")) {
      // The last column is the margin ('Ov', client/odds/table/odds-table.tsx), not a price.
      if (td.cellIndex === (td.parentElement as HTMLTableRowElement).cells.length - 1) continue;
      const key = keyOf(td);
      const text = price(td);
      const before = shown.get(key);
      if (record && before !== undefined && before !== text) changes.push({ key, text, at });
      shown.set(key, text);
    }
  };
  scan(false);
  window.benchDomChanges = changes;
  new MutationObserver(() => scan(true)).observe(document.body, { childList: true, characterData: true, subtree: true });
}

/** Every (cell key, shown price) a reference change wrote, with the change's sequence. */
function cellWrites(changes: MarketChange[]): Map<string, { text: string; seq: number }[]> {
  const writes = new Map<string, { text: string; seq: number }[]>();
  for (const { seq, event } of changes) {
    for (const market of event.markets) {
      for (const row of market.odds) {
        // A selection the bookmaker no longer offers is shown as '-'.
        for (const id of new Set([...marketSelections(market.marketId), ...row.odds.map((o) => o.selectionTypeId)])) {
          const key = `${event.name}, ${marketLabel(market.marketId)}|${bookmakerName(row.provider)}|${selectionLabel(id)}`;
          const list = writes.get(key) ?? [];
          list.push({ text: formatOdds(row.odds.find((o) => o.selectionTypeId === id)?.value), seq });
          writes.set(key, list);
        }
      }
    }
  }
  return writes;
}

/** Pairs each DOM change with the newest write of that price to that cell before it: its latency. */
function pair(dom: DomChange[], changes: MarketChange[], written: Map<number, number>): DomFigures {
  const writes = cellWrites(changes);
  const latencies: number[] = [];
  let unpaired = 0;
  for (const change of dom) {
    const times = (writes.get(change.key) ?? []).filter((w) => w.text === change.text).map((w) => written.get(w.seq) ?? Infinity);
    const before = times.filter((t) => t <= change.at);
    if (before.length === 0) unpaired += 1;
    else latencies.push(change.at - Math.max(...before));
  }
  latencies.sort((a, b) => a - b);
  const timed = changes.filter((c) => written.has(c.seq)).length;
  return { paired: latencies.length, unpaired, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), changes: timed };
}

async function openDashboard(page: Page, origin: string) {
  // tsx compiles with esbuild's keepNames, whose `__name(fn, "name")` calls come along in the
  // serialised observer: the page needs a no-op of that name.
  await page.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  await page.goto(`${origin}/dashboard`, { waitUntil: "load" });
  await page.locator("table.odds-table").first().waitFor({ timeout: 15_000 });
  await page.evaluate(observeOddsCells);
}

/**
 * docs/design.md, Latency: from the collector's write to the browser's DOM. A signed-in dashboard in
 * Chromium for `seconds`, on a stack whose simulator moves prices every few seconds; each cell
 * change is paired with the change (API reference stream) that wrote its new price and that
 * change's `odds_changes.at`.
 */
export async function writeToDom(stack: Stack, user: BenchUser, seconds: number): Promise<DomFigures> {
  const reference = await referenceStream(stack, user);
  let cutAt: number | undefined;
  void reference.connection.ended.then(() => (cutAt ??= Date.now()));
  const { browser, page } = await signedInPage(stack.web, user.cookie);
  try {
    await openDashboard(page, stack.web);
    const started = Date.now();
    await sleep(seconds * 1000);
    const dom = await page.evaluate(() => window.benchDomChanges ?? []);
    // The API cuts a stream that stops reading (its slow-consumer guard): what came after is unknown to the reference.
    if (cutAt !== undefined) throw new Error(`the reference stream ended ${((cutAt - started) / 1000).toFixed(1)} s into the run: the changes after it cannot be paired`);
    const firstSeq = Math.min(...reference.changes.map((c) => c.seq)) - 1;
    const written = writeTimes(stack, Number.isFinite(firstSeq) ? firstSeq : 0);
    return pair(dom, reference.changes, written);
  } finally {
    reference.connection.close();
    await browser.close();
  }
}
