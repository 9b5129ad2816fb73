import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OddsResponse } from "#shared/contract.ts";
import { rawGet } from "../helpers/web.ts";
import { useWebSuite } from "../helpers/web-suite.ts";

const suite = useWebSuite();

const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

// docs/product.md, Preview odds in the first HTML.
describe("the Nigeria page's preview in its first HTML", () => {
  it("re-renders the prerendered page with the sample's matches, served cacheable for half a minute with its own ETag and CSP hashes", async () => {
    const before = await suite.stack.http.get("/nigeria");
    const sample = (await suite.stack.http.get("/api/odds/sample?country=1")).body as { data: OddsResponse };
    const names = sample.data.events.slice(0, 2).map((e) => e.name);
    expect(names.length).toBe(2);

    expect(await suite.stack.web.refreshPreview()).toBe(true);
    const res = await suite.stack.http.get("/nigeria");
    expect(res.status).toBe(200);
    for (const name of names) expect(res.text).toContain(`>${name.replace(/&/g, "&amp;")}<`);
    expect(res.text).not.toContain("Loading preview odds...");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(res.headers.etag).not.toBe(before.headers.etag);
    const csp = res.headers["content-security-policy"]!;
    for (const body of inlineScripts(res.text)) expect(csp).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    expect((await suite.stack.http.get("/nigeria").set("if-none-match", res.headers.etag!)).status).toBe(304);
    // Still one round trip (docs/design.md, Page weight): the bytes as served, headers included.
    const gzip = await rawGet(suite.stack.web.app, "/nigeria", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headerBytes + gzip.body.length).toBeLessThanOrEqual(14_600);
  });

  it("renders nothing new while the sample is unchanged", async () => {
    await suite.stack.web.refreshPreview();
    const first = await suite.stack.http.get("/nigeria");
    expect(await suite.stack.web.refreshPreview()).toBe(false);
    expect((await suite.stack.http.get("/nigeria")).headers.etag).toBe(first.headers.etag);
  });

  it("serves the build's page again, which fetches in the browser, once the API cannot give a preview", async () => {
    const withOdds = await suite.stack.http.get("/nigeria");
    expect(withOdds.text).not.toContain("Loading preview odds...");
    suite.stack.proxy.failNext("GET", "/odds/sample", { status: 503 });
    expect(await suite.stack.web.refreshPreview()).toBe(false);
    const built = await suite.stack.http.get("/nigeria");
    expect(built.headers.etag).not.toBe(withOdds.headers.etag);
    expect(built.text).toContain("Loading preview odds...");
    expect(built.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    // And back with the odds at the next answer.
    expect(await suite.stack.web.refreshPreview()).toBe(true);
    expect((await suite.stack.http.get("/nigeria")).text).not.toContain("Loading preview odds...");
  });
});
