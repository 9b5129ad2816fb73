// @vitest-environment happy-dom
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { constants, runInThisContext } from "node:vm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { compileBoot } from "./boot.ts";

declare global {
  var booted: number | undefined;
}

// A real module the compiled script imports: it counts its own evaluations.
const entry = (tag: string) => `data:text/javascript,${encodeURIComponent(`globalThis.booted = (globalThis.booted ?? 0) + 1; // ${tag}`)}`;
const preloads = ["/assets/chunks/chunk-A.js", "/assets/chunks/chunk-B.js"];

/** Runs the compiled script the way a page does: as a classic script whose import() loads a real module. */
async function runBoot(values: Parameters<typeof compileBoot>[0]) {
  const code = await compileBoot(values);
  runInThisContext(code, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  return code;
}

/** Serves the full stylesheet, holding each answer until the test lets it go (a slow link). */
const held: ServerResponse[] = [];
const sheets = createServer((req, res) => {
  if (req.url === "/assets/styles-TEST.css") held.push(res.writeHead(200, { "content-type": "text/css" }));
  else res.writeHead(404).end();
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => sheets.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(sheets.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => sheets.close(resolve)));

const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)];
const entryImported = () => vi.waitFor(() => expect(globalThis.booted).toBe(1));

describe("the compiled boot script", () => {
  beforeEach(() => {
    globalThis.booted = undefined;
    document.head.innerHTML = "";
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("waits for the first frame, then preloads the entry's chunks and imports the entry once", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    await runBoot({ entry: entry("first-frame"), preloads });
    expect(links("modulepreload")).toHaveLength(0);
    frames.forEach((frame) => frame(performance.now()));
    await vi.waitFor(() => expect(links("modulepreload").map((l) => l.getAttribute("href"))).toEqual(preloads));
    await entryImported();
    expect(links("stylesheet")).toHaveLength(0);
    // The 250 ms timer fires too and starts nothing twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(links("modulepreload")).toHaveLength(preloads.length);
    expect(globalThis.booted).toBe(1);
  });

  it("starts after 250 ms where no frame is ever drawn (a background tab)", async () => {
    vi.spyOn(window, "requestAnimationFrame").mockImplementation(() => 0);
    const started = Date.now();
    await runBoot({ entry: entry("background-tab"), preloads });
    await entryImported();
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(links("modulepreload")).toHaveLength(preloads.length);
  });

  it("adds the full stylesheet and imports the entry only once it has loaded", async () => {
    const stylesheet = `${origin}/assets/styles-TEST.css`;
    await runBoot({ entry: entry("stylesheet"), preloads, stylesheet });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(links("stylesheet").map((l) => l.getAttribute("href"))).toEqual([stylesheet]);
    expect(links("modulepreload")).toHaveLength(preloads.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(globalThis.booted).toBeUndefined();
    held.shift()!.end(".modal-card{display:flex}");
    await entryImported();
  });

  it("imports the entry when the full stylesheet fails, so the page still gets its app", async () => {
    await runBoot({ entry: entry("stylesheet-failed"), preloads: [], stylesheet: `${origin}/assets/styles-MISSING.css` });
    await vi.waitFor(() => expect(links("stylesheet")).toHaveLength(1));
    await entryImported();
  });

  it("carries no stylesheet code for a page that inlined every rule, and keeps its names out of the global scope", async () => {
    const code = await runBoot({ entry: entry("no-sheet"), preloads });
    expect(code).not.toMatch(/stylesheet/);
    expect(code).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\)$/);
    await entryImported();
  });
});
