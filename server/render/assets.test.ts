import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtDist } from "../../tests/helpers/web.ts";
import { PUBLIC_PATHS } from "#client/route-paths.ts";
import { loadBuild } from "./assets.ts";
import { bootFor } from "./render.tsx";

// React gives the bootstrap script this id.
const bootOf = (html: string) => /<script id="_R_">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

interface Manifest {
  entries: Record<"entry" | "public", string>;
  imports: Record<"entry" | "public", string[]>;
  modules: Record<string, string[]>;
}
const readManifest = (dist: string) => JSON.parse(readFileSync(join(dist, "client", "assets", "manifest.json"), "utf8")) as Manifest;

describe("the build's boot scripts", () => {
  it("gives pages rendered per request a boot script that imports the built entry and adds no stylesheet", async () => {
    const dist = await builtDist();
    const manifest = readManifest(dist);
    const { assets } = loadBuild(dist);
    expect(assets.boot).toContain(`import("${manifest.entries.entry}")`);
    for (const chunk of manifest.imports.entry) expect(assets.boot).toContain(JSON.stringify(chunk));
    expect(assets.boot).toMatch(/requestAnimationFrame/);
    expect(assets.boot).not.toMatch(/stylesheet/);
  });

  it("gives prerendered pages a boot script that starts the public pages' entry and adds the full stylesheet, allowed by the page's CSP hash", async () => {
    const dist = await builtDist();
    const manifest = readManifest(dist);
    const { assets, prerendered } = loadBuild(dist);
    for (const path of PUBLIC_PATHS) {
      const page = prerendered.get(path)!;
      const boot = bootOf(page.html.toString("utf8"));
      expect(boot, path).toMatch(/"stylesheet","\/assets\/styles-[\w-]+\.css"/);
      expect(boot, path).toContain(`import("${manifest.entries.public}")`);
      for (const chunk of manifest.imports.public) expect(boot, path).toContain(JSON.stringify(chunk));
      expect(page.scriptHashes, path).toContain(sha256(boot));
    }
    expect(assets.boot).not.toContain(manifest.entries.public);
  });

  // Decision 021: the public pages' graph has React Router's own copy without the data router; the app's has it.
  it("starts the public pages without React Router's data router, and the app's pages with it", async () => {
    const dist = await builtDist();
    const manifest = readManifest(dist);
    const started = (entry: "entry" | "public") => [manifest.entries[entry], ...manifest.imports[entry]].map((url) => readFileSync(join(dist, "client", url), "utf8")).join("\n");
    const DATA_ROUTER = "You must provide a non-empty routes array to createRouter";
    expect(started("entry")).toContain(DATA_ROUTER);
    expect(started("public")).not.toContain(DATA_ROUTER);
    // React DOM is one chunk both start with: the app's first page after a public one finds it cached.
    const reactDom = (entry: "entry" | "public") => [manifest.entries[entry], ...manifest.imports[entry]].filter((url) => readFileSync(join(dist, "client", url), "utf8").includes("_reactListening"));
    expect(reactDom("public")).toEqual(reactDom("entry"));
    expect(reactDom("public")).toHaveLength(1);
  });

  // docs/design.md, Latency: controls usable. Without them the page asked for its own chunks, then the betslip's, one round trip after another.
  it("gives each signed-in page a boot script that also preloads its page's chunks and the betslip's, and the dashboard its own with its stylesheet", async () => {
    const dist = await builtDist();
    const manifest = readManifest(dist);
    const { assets, pageAssets } = loadBuild(dist);
    const pageChunks = (page: string) => manifest.modules[page]!;
    expect(pageChunks("client/pages/match.tsx").length).toBeGreaterThan(0);
    const match = assets.routeBoots!.match!;
    for (const chunk of [...manifest.imports.entry, ...pageChunks("client/pages/match.tsx"), ...pageChunks("client/betslip/signed-in.tsx")]) expect(match).toContain(JSON.stringify(chunk));
    expect(assets.boot).not.toContain(JSON.stringify(pageChunks("client/pages/match.tsx")[0]));
    expect(bootFor(assets, "match", true)).toBe(match);
    expect(bootFor(assets, "match", false)).toBe(assets.boot);
    expect(bootFor(assets, "no-such-route", true)).toBe(assets.boot);
    const dashboard = pageAssets.get("/dashboard")!.routeBoots!.dashboard!;
    for (const chunk of pageChunks("client/pages/dashboard.tsx")) expect(dashboard).toContain(JSON.stringify(chunk));
    expect(dashboard).toMatch(/"stylesheet","\/assets\/styles-[\w-]+\.css"/);
    expect(dashboard).toContain(`import("${manifest.entries.entry}")`);
  });
});
