import { createHash } from "node:crypto";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import { WORLD_DIST_FOLDER } from "#api/feeds/simulator/world/world-schema.ts";
import { BOOT_FILE, PAGE_ASSETS_FILE, ROUTE_BOOTS_FILE } from "#server/render/assets.ts";
import { PREVIEW_PATH, renderPreviewHtml } from "#server/render/preview-page.ts";
import { compileBoot, type BootValues } from "./boot.ts";
import { DASHBOARD_PATH, renderDashboardStates } from "./dashboard-states.ts";
import { buildClient, buildNode, type ClientManifest } from "./bundles.ts";
import { precompress } from "./compress.ts";
import { publicGraph } from "./public-graph.ts";
import { renderPublicPages, writePrerendered } from "./prerender.ts";
import { routePageModules, withPreloads } from "./route-boots.ts";
import { previewSample } from "./preview-sample.ts";
import { buildStyles, stylesForMarkup } from "./styles.ts";

const PUBLIC_ENTRY = "client/public-entry.tsx";
/** The betslip a signed-in page loads as it hydrates (its top bar's badge, its odds tables' toggles). */
const SIGNED_IN_MODULE = "client/betslip/signed-in.tsx";

export interface BuildReport {
  entry: string;
  cssRawBytes: number;
  cssGzipBytes: number;
  /** The rules the prerendered public pages inline; the rest arrives with the full stylesheet. */
  publicCssGzipBytes: number;
  /** The rules the dashboard's first HTML inlines. */
  dashboardCssGzipBytes: number;
  stylesheet: string;
  compressed: number;
  pages: Record<string, { gzipBytes: number }>;
}

/**
 * The boot scripts of signed-in pages, by route id (server/render/render.tsx picks one): each
 * preloads, beside the entry's chunks, its page's chunks and the signed-in betslip's, which the page
 * would otherwise ask for one round trip after another while it hydrates (docs/design.md, Latency:
 * controls usable). `only` keeps the listed routes.
 */
async function signedInBoots(manifest: ClientManifest, values: BootValues, only?: string[]): Promise<Record<string, string>> {
  const boots: Record<string, string> = {};
  for (const [id, page] of routePageModules()) {
    if (only && !only.includes(id)) continue;
    boots[id] = await compileBoot({ ...values, preloads: withPreloads(values.preloads, manifest.modules[page], manifest.modules[SIGNED_IN_MODULE]) });
  }
  return boots;
}

/** The whole build into `dist`: client bundle, boot scripts, purged CSS, prerendered public pages, Node bundles. */
export async function buildAll(dist: string, options: { node?: boolean } = {}): Promise<BuildReport> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(`${dist}/client/assets`, { recursive: true });
  // The prerendered public pages start without the client router (decision 021); every other page with it.
  const manifest = await buildClient({ entry: "client/entry.tsx", public: PUBLIC_ENTRY }, `${dist}/client/assets`, "/assets", [
    publicGraph(PUBLIC_ENTRY, "client/boot/app.tsx"),
  ]);
  const styles = await buildStyles("client/styles/main.scss", ["client/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"]);
  // Inlined by pages rendered per request; served as a hashed asset to prerendered ones.
  await writeFile(`${dist}/client/styles.css`, styles.css);
  const stylesheetName = `styles-${createHash("sha256").update(styles.css).digest("base64url").slice(0, 10)}.css`;
  await writeFile(`${dist}/client/assets/${stylesheetName}`, styles.css);
  const compressed = await precompress(`${dist}/client/assets`);
  const entry = manifest.entries.entry;
  const publicEntry = manifest.entries.public;
  if (!entry || !publicEntry) throw new Error("the client bundle lacks an entry");
  const scripts = { entry, preloads: manifest.imports.entry ?? [] };
  // Pages rendered per request inline the whole sheet, so their boot script adds none.
  const boot = await compileBoot(scripts);
  await writeFile(`${dist}/client/${BOOT_FILE}`, boot);
  await writeFile(`${dist}/client/${ROUTE_BOOTS_FILE}`, JSON.stringify(await signedInBoots(manifest, scripts)));
  // Public pages inline only the rules their own markup uses: render once for the markup, purge, render again.
  const markup = await renderPublicPages({ boot, css: "" });
  const publicCss = await stylesForMarkup(styles.css, markup.map((page) => page.html));
  // The Nigeria page gets its preview's cards at run time (server/render/preview-page.ts): it keeps their rules too.
  const preview = await renderPreviewHtml({ boot, css: "" }, "http://localhost", previewSample(Date.now()), Date.now());
  const nigeriaCss = await stylesForMarkup(styles.css, [markup.find((page) => page.path === PREVIEW_PATH)?.html ?? "", preview ?? ""]);
  const stylesheet = `/assets/${stylesheetName}`;
  const publicBoot = await compileBoot({ entry: publicEntry, preloads: manifest.imports.public ?? [], stylesheet });
  const nigeriaAssets = { boot: publicBoot, css: nigeriaCss.css };
  // The dashboard's first HTML inlines only the rules its states use; the full sheet follows its first paint.
  const dashboardCss = await stylesForMarkup(styles.css, await renderDashboardStates({ boot, css: "" }, Date.now()));
  const dashboardScripts = { ...scripts, stylesheet };
  const dashboardAssets = { boot: await compileBoot(dashboardScripts), css: dashboardCss.css, routeBoots: await signedInBoots(manifest, dashboardScripts, ["dashboard"]) };
  await writeFile(`${dist}/client/${PAGE_ASSETS_FILE}`, JSON.stringify({ [PREVIEW_PATH]: nigeriaAssets, [DASHBOARD_PATH]: dashboardAssets }));
  const pages = await writePrerendered(dist, await renderPublicPages({ boot: publicBoot, css: publicCss.css }, "http://localhost", { [PREVIEW_PATH]: nigeriaAssets }));
  if (options.node !== false) {
    await buildNode("server/main.ts", `${dist}/server/main.js`);
    await buildNode("api/main.ts", `${dist}/api/main.js`);
    await buildNode("api/embedded.ts", `${dist}/api/embedded.js`);
    // The simulated board's data files, read at run time under SIM_WORLD=board (docs/design.md, Simulated world).
    await cp("api/feeds/simulator/data", `${dist}/api/${WORLD_DIST_FOLDER}`, { recursive: true });
    // The container's HEALTHCHECK (Dockerfile).
    await buildNode("server/healthcheck.ts", `${dist}/server/healthcheck.js`);
  }
  return { entry, cssRawBytes: styles.rawBytes, cssGzipBytes: styles.gzipBytes, publicCssGzipBytes: publicCss.gzipBytes, dashboardCssGzipBytes: dashboardCss.gzipBytes, stylesheet, compressed, pages };
}
