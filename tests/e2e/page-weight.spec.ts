import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { expect, test, type Response } from "@playwright/test";
import { PUBLIC_PATHS, site } from "./helpers.ts";

/** DESIGN section 8. */
const FIRST_RESPONSE_BUDGET = 14_600;
const SCRIPT_BUDGET = 120 * 1024;

/** The bytes on the wire for a GET with `Accept-Encoding: gzip` (Node's http client does not decompress). */
function fetchGzip(url: string): Promise<{ status: number; encoding: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
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
async function gzipBytes(url: string): Promise<{ bytes: number; served: boolean }> {
  const answer = await fetchGzip(url);
  expect(answer.status, url).toBe(200);
  if (answer.encoding === "gzip") return { bytes: answer.bytes.length, served: true };
  return { bytes: gzipSync(answer.bytes, { level: 9 }).length, served: false };
}

test("each public page's first response is at most 14,600 bytes gzip and its JavaScript at most 120 KB gzip", async ({ browser }) => {
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
    await page.goto(path, { waitUntil: "networkidle" });
    await context.close();
    let js = 0;
    const notServedGzip: string[] = [];
    for (const url of scripts) {
      const size = await gzipBytes(url);
      js += size.bytes;
      if (!size.served) notServedGzip.push(url);
    }

    rows.push(
      `${path.padEnd(22)} html ${String(html.bytes).padStart(6)} B gzip${html.served ? "" : " (gzip -9 of body)"}   ` +
        `js ${String(js).padStart(7)} B gzip in ${scripts.size} scripts${notServedGzip.length ? ` (${notServedGzip.length} not served gzip)` : ""}`,
    );
    expect.soft(scripts.size, `${path} loads its JavaScript`).toBeGreaterThan(0);
    // The dialogs load on first use (client/dialogs/dialog-host.tsx), not with the page.
    expect.soft([...scripts].filter((url) => /\/dialogs-[^/]*\.js$/.test(url)), `${path}: dialog code before any dialog opens`).toEqual([]);
    expect.soft(html.bytes, `${path}: first response, gzip bytes`).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET);
    expect.soft(js, `${path}: JavaScript, gzip bytes`).toBeLessThanOrEqual(SCRIPT_BUDGET);
  }
  console.log(`Page weight (budgets: first response ${FIRST_RESPONSE_BUDGET} B, JavaScript ${SCRIPT_BUDGET} B):\n  ${rows.join("\n  ")}`);
  test.info().annotations.push({ type: "page weight", description: rows.join("\n") });
});

test("the dialogs' code arrives when a Login button is first touched, and the dialog opens", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (res: Response) => {
    if (res.request().resourceType() === "script") scripts.push(res.url());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  expect(scripts.filter((url) => /\/dialogs-[^/]*\.js$/.test(url))).toEqual([]);
  const login = page.getByRole("banner").getByRole("button", { name: "Login" });
  await login.hover();
  await expect.poll(() => scripts.filter((url) => /\/dialogs-[^/]*\.js$/.test(url)).length).toBe(1);
  await login.click();
  await expect(page.getByRole("dialog", { name: "Log In" })).toBeVisible();
});
