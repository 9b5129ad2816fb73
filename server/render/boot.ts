import type { RenderAssets } from "./render.tsx";

/**
 * The one inline script of every page: it starts the app after the first paint. The page's HTML
 * and inline CSS paint without waiting on (or sharing a slow link with) script bytes, which is what
 * a phone on slow 4G sees first (DESIGN section 8: LCP at most 1.5 s). Then it preloads the entry's
 * chunks, adds the full stylesheet when the page inlined only its own rules, and imports the entry
 * once that stylesheet has loaded, so nothing rendered after hydration (dialogs, the odds preview)
 * shows unstyled. A timer starts it too where no frame is ever drawn (a background tab).
 */
export function bootScript(assets: Pick<RenderAssets, "entry" | "preloads" | "stylesheet">): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(()=>{let s=0;const a=(r,h)=>{const l=document.createElement("link");l.rel=r;l.href=h;document.head.append(l);return l};` +
    `const go=()=>{if(s++)return;for(const h of ${json(assets.preloads)})a("modulepreload",h);const e=()=>import(${json(assets.entry)});` +
    (assets.stylesheet ? `const c=a("stylesheet",${json(assets.stylesheet)});c.onload=c.onerror=e` : `e()`) +
    `};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,250)})()`
  );
}
