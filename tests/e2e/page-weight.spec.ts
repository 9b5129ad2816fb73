import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { expect, test, type Response } from "@playwright/test";
import type { MatchDetail } from "../../shared/contract.ts";
import { fetchOddsInPage, gotoHydrated, PUBLIC_PATHS, signedIn, site, uniqueUser } from "./helpers.ts";

/** docs/design.md, Page weight. */
const FIRST_RESPONSE_BUDGET = 14_600;
/**
 * JavaScript a public page loads before any dialog opens: docs/design.md, Page weight.
 * Public pages start without the client router (decision 021).
 */
const SCRIPT_BUDGET = 100 * 1024;
/** JavaScript a public page loads in all, the dialogs' included: docs/design.md, Page weight. */
const SCRIPT_WITH_DIALOGS_BUDGET = 120 * 1024;
const isDialogs = (url: string) => /\/dialogs-[^/]*\.js$/.test(url);

/** The bytes on the wire for a GET with `Accept-Encoding: gzip` (Node's http client does not decompress). */
function fetchGzip(url: string, headers: Record<string, string> = {}): Promise<{ status: number; encoding: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, encoding: String(res.headers["content-encoding"] ?? "identity"), bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Gzip size as served; a response the server did not compress is measured as gzip level 9 of its body. */
async function gzipBytes(url: string, headers: Record<string, string> = {}): Promise<{ bytes: number; served: boolean }> {
  const answer = await fetchGzip(url, headers);
  expect(answer.status, url).toBe(200);
  if (answer.encoding === "gzip") return { bytes: answer.bytes.length, served: true };
  return { bytes: gzipSync(answer.bytes, { level: 9 }).length, served: false };
}

/** Gzip bytes of each script, as served; the ones the server did not send gzip-encoded are listed. */
async function scriptBytes(urls: Iterable<string>): Promise<{ bytes: number; notServedGzip: string[] }> {
  let bytes = 0;
  const notServedGzip: string[] = [];
  for (const url of urls) {
    const size = await gzipBytes(url);
    bytes += size.bytes;
    if (!size.served) notServedGzip.push(url);
  }
  return { bytes, notServedGzip };
}

test("each public page's first response is at most 14,600 bytes gzip, its JavaScript at most 100 KB gzip before a dialog opens and 120 KB with the dialogs", async ({ browser }) => {
  const { baseURL } = site();
  const rows: string[] = [];
  for (const path of PUBLIC_PATHS) {
    const html = await gzipBytes(`${baseURL}${path}`);

    // A fresh context per page: an empty cache, as a first visit.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("response", (res: Response) => {
      if (res.request().resourceType() === "script") scripts.add(res.url());
    });
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    const beforeDialogs = [...scripts];
    // Touching Login fetches the dialogs (client/dialogs/dialog-host.tsx): the rest of the page's JavaScript.
    await page.getByRole("banner").getByRole("button", { name: "Login" }).hover();
    await expect.poll(() => [...scripts].filter(isDialogs).length, `${path}: the dialogs load on a touch of Login`).toBe(1);
    await page.waitForLoadState("networkidle");
    await context.close();
    const before = await scriptBytes(beforeDialogs);
    const all = await scriptBytes(scripts);

    rows.push(
      `${path.padEnd(22)} html ${String(html.bytes).padStart(6)} B gzip${html.served ? "" : " (gzip -9 of body)"}   ` +
        `js ${String(before.bytes).padStart(7)} B gzip in ${beforeDialogs.length} scripts, ${String(all.bytes).padStart(7)} B with the dialogs` +
        `${all.notServedGzip.length ? ` (${all.notServedGzip.length} not served gzip)` : ""}`,
    );
    expect.soft(beforeDialogs.length, `${path} loads its JavaScript`).toBeGreaterThan(0);
    // The dialogs load on first use, not with the page.
    expect.soft(beforeDialogs.filter(isDialogs), `${path}: dialog code before any dialog opens`).toEqual([]);
    expect.soft(html.bytes, `${path}: first response, gzip bytes`).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET);
    expect.soft(before.bytes, `${path}: JavaScript before a dialog opens, gzip bytes`).toBeLessThanOrEqual(SCRIPT_BUDGET);
    expect.soft(all.bytes, `${path}: JavaScript with the dialogs, gzip bytes`).toBeLessThanOrEqual(SCRIPT_WITH_DIALOGS_BUDGET);
  }
  console.log(
    `Page weight (budgets: first response ${FIRST_RESPONSE_BUDGET} B, JavaScript ${SCRIPT_BUDGET} B before a dialog opens, ` +
      `${SCRIPT_WITH_DIALOGS_BUDGET} B with the dialogs):\n  ${rows.join("\n  ")}`,
  );
  test.info().annotations.push({ type: "page weight", description: rows.join("\n") });
});

test("the dialogs' code arrives when a Login button is first touched, and the dialog opens", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (res: Response) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  await gotoHydrated(page, "/");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(isDialogs)).toEqual([]);
  const login = page.getByRole("banner").getByRole("button", { name: "Login" });
  await login.hover();
  await expect.poll(() => scripts.filter(isDialogs).length).toBe(1);
  await login.click();
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
});

/**
 * JavaScript the signed-in dashboard loads until its app runs (docs/design.md, Page weight). Its
 * controls work before then as the page's own forms (docs/design.md, Latency: controls usable); this
 * is what a slow phone downloads before the app takes them over. React DOM and React Router's data
 * router are about 94 KB of it; it measured 138.7 KB when the budget was set.
 */
const DASHBOARD_SCRIPT_BUDGET = 145 * 1024;

test("the signed-in dashboard's JavaScript until its app runs is at most 145 KB gzip", async ({ browser }) => {
  const { baseURL } = site();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signedIn(page, uniqueUser("dashweight"));
  // An empty cache, as a first visit: a second context with the same cookies.
  const fresh = await browser.newContext({ baseURL, storageState: await context.storageState() });
  await context.close();
  const dashboard = await fresh.newPage();
  const scripts = new Set<string>();
  dashboard.on("response", (res: Response) => {
    if (res.request().resourceType() === "script") scripts.add(res.url());
  });
  await gotoHydrated(dashboard, "/dashboard?league=1&market=1");
  const loaded = [...scripts];
  await fresh.close();
  const before = await scriptBytes(loaded);
  console.log(`Signed-in dashboard: ${before.bytes} B gzip of JavaScript in ${loaded.length} scripts until its app runs (budget ${DASHBOARD_SCRIPT_BUDGET} B)`);
  expect(loaded.length).toBeGreaterThan(0);
  expect(before.notServedGzip).toEqual([]);
  expect(before.bytes).toBeLessThanOrEqual(DASHBOARD_SCRIPT_BUDGET);
});

/** docs/design.md, Page weight: a lite page (no script) of the signed-in dashboard with one league and market, and of the match page in any group. */
const LITE_BUDGET = 30 * 1024;

/** The match data a page's first HTML carries (the route's hydration data, its `detail`), gzip -9 as the wire would carry it in the page. */
function matchDataBytes(html: string): number {
  const raw = /window\.__staticRouterHydrationData = JSON\.parse\((".*?")\);/s.exec(html)?.[1];
  expect(raw, "the page's hydration data").toBeDefined();
  const data = JSON.parse(JSON.parse(raw!) as string) as { loaderData: Record<string, { detail?: unknown } | null> };
  return gzipSync(JSON.stringify(data.loaderData.match!.detail), { level: 9 }).length;
}

/** docs/design.md, Page weight: the match page's data, each group of every market, 5 bookmakers (decision 055). */
const MATCH_DATA_BUDGET = 6 * 1024;

test("the signed-in match page carries at most 6 KB gzip of match data in each group, every market the books quote, and its lite page at most 30 KB", async ({ page }) => {
  await signedIn(page, uniqueUser("matchweight"));
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const [odds] = await fetchOddsInPage(page, [[1, 1]]);
  const event = odds!.events.find((e) => Date.parse(e.date) > Date.now() + 10 * 60_000 && e.markets[0]?.odds.length === 5);
  expect(event, "a Premier League match all five bookmakers price").toBeDefined();
  const detail = await page.evaluate(async (id) => ((await (await fetch(`/api/odds/events/${encodeURIComponent(id)}`, { cache: "no-store" })).json()) as { data: MatchDetail }).data, event!.id);
  const groups = [...new Set(detail.event.markets.map((m) => m.group))];
  // Main, Goals and the simulated SportyBet's team totals at least: markets beyond the eight are among those weighed.
  expect(groups).toEqual(expect.arrayContaining(["main", "goals", "teams"]));
  const rows = [`every market in one answer: ${gzipSync(JSON.stringify(detail), { level: 9 }).length} B gzip, ${detail.event.markets.length} markets`];
  for (const group of groups) {
    const path = `/match/${encodeURIComponent(event!.id)}${group === "main" ? "" : `?group=${group}`}`;
    const full = await fetchGzip(`${site().baseURL}${path}`, { cookie, "accept-encoding": "identity" });
    const data = matchDataBytes(full.bytes.toString("utf8"));
    const lite = await gzipBytes(`${site().baseURL}${path}`, { cookie, "save-data": "on" });
    // The whole first response is logged, not held to the public pages' 14,600 B: its inline stylesheet and chart are a signed-in page's (decision 055).
    rows.push(`${path}: data ${data} B gzip, lite page ${lite.bytes} B gzip, whole page ${gzipSync(full.bytes, { level: 9 }).length} B gzip -9, ${detail.event.markets.filter((m) => m.group === group).length} markets`);
    expect.soft(data, `${path}: match data, gzip bytes`).toBeLessThanOrEqual(MATCH_DATA_BUDGET);
    expect.soft(lite.bytes, `${path}: lite page, gzip bytes`).toBeLessThanOrEqual(LITE_BUDGET);
  }
  console.log(`Match page (budgets: data ${MATCH_DATA_BUDGET} B, lite page ${LITE_BUDGET} B):\n  ${rows.join("\n  ")}`);
});


test("a lite page (Save-Data: on) of the signed-in dashboard with one league and market is at most 30 KB gzip, HTML and CSS, and loads no script", async ({ page }) => {
  await signedIn(page, uniqueUser("liteweight"));
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const url = `${site().baseURL}/dashboard?league=1&market=1`;
  const lite = await gzipBytes(url, { cookie, "save-data": "on" });
  console.log(`Lite dashboard, one league and market: ${lite.bytes} B gzip${lite.served ? "" : " (gzip -9 of body)"} (budget ${LITE_BUDGET} B)`);
  expect(lite.bytes).toBeLessThanOrEqual(LITE_BUDGET);

  // In a browser asking for lite pages: the odds are there and not one script is fetched or run.
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(req.url());
  });
  await page.context().setExtraHTTPHeaders({ "save-data": "on" });
  await page.goto("/dashboard?league=1&market=1");
  await expect(page.locator(".odds-table").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Refresh prices" })).toBeVisible();
  expect(await page.locator("script").count()).toBe(0);
  expect(scripts).toEqual([]);
});
