import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtDist } from "../../tests/helpers/web.ts";
import { loadBuild } from "./assets.ts";

// React gives the bootstrap script this id.
const bootOf = (html: string) => /<script id="_R_">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("the build's boot scripts", () => {
  it("gives pages rendered per request a boot script that imports the built entry and adds no stylesheet", async () => {
    const dist = await builtDist();
    const manifest = JSON.parse(readFileSync(join(dist, "client", "assets", "manifest.json"), "utf8")) as { entries: { entry: string }; imports: { entry: string[] } };
    const { assets } = loadBuild(dist);
    expect(assets.boot).toContain(`import("${manifest.entries.entry}")`);
    for (const chunk of manifest.imports.entry) expect(assets.boot).toContain(JSON.stringify(chunk));
    expect(assets.boot).toMatch(/requestAnimationFrame/);
    expect(assets.boot).not.toMatch(/stylesheet/);
  });

  it("gives prerendered pages a boot script that adds the full stylesheet, allowed by the page's CSP hash", async () => {
    const { assets, prerendered } = loadBuild(await builtDist());
    const landing = prerendered.get("/")!;
    const boot = bootOf(landing.html.toString("utf8"));
    expect(boot).toMatch(/"stylesheet","\/assets\/styles-[\w-]+\.css"/);
    expect(boot).toContain(assets.boot.match(/import\("[^"]+"\)/)![0]);
    expect(landing.scriptHashes).toContain(sha256(boot));
  });
});
