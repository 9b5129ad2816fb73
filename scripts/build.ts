import { buildAll } from "./build/all.ts";

/** `npm run build`: everything under dist/, with the sizes that docs/design.md, Page weight budgets. */
const started = Date.now();
const report = await buildAll("dist");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`client entry: ${report.entry}`);
console.log(`css: ${kb(report.cssRawBytes)} raw, ${kb(report.cssGzipBytes)} gzip (purged Bulma: inlined by rendered pages, ${report.stylesheet} after the first paint of prerendered ones)`);
console.log(`css inlined by the prerendered public pages: ${kb(report.publicCssGzipBytes)} gzip (the rules their markup uses)`);
console.log(`css inlined by /dashboard: ${kb(report.dashboardCssGzipBytes)} gzip (the rules its states use; the full sheet after its first paint)`);
console.log(`precompressed ${report.compressed} assets (.br, .gz)`);
for (const [path, page] of Object.entries(report.pages)) console.log(`prerendered ${path.padEnd(22)} ${page.gzipBytes} B gzip (budget 14,600)`);
console.log(`built dist/ in ${Date.now() - started} ms`);
