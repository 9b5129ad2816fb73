/**
 * The one inline script of every page (docs/decisions/008-boot-after-first-paint.md): it starts the
 * app after the first paint. The page's HTML and inline CSS paint without waiting on (or sharing a
 * slow link with) script bytes, which is what a phone on slow 4G sees first (docs/design.md, Latency: LCP
 * at most 1.5 s). Then it preloads the entry's chunks (and, on a signed-in page, the page's own and
 * the betslip's: server/render/render.tsx), adds the full stylesheet when the page inlined only its
 * own rules, and imports the entry once that stylesheet has loaded, so nothing rendered after
 * hydration (dialogs, the odds preview) shows unstyled. Added after the app's script instead, the
 * sheet's style work fell inside hydration: the dashboard's Lighthouse TBT went from 60-186 ms to
 * 307-380 ms (decision 041).
 *
 * The build compiles this module once per kind of page, with that page's values in place of the
 * BOOT_* constants (scripts/build/boot.ts); the render inlines the result.
 */

/** The client entry's URL. */
declare const BOOT_ENTRY: string;
/** The URLs of the chunks the entry imports statically. */
declare const BOOT_PRELOADS: string[];
/** The full stylesheet's URL when the page inlined only its own rules; null when it inlined them all. */
declare const BOOT_STYLESHEET: string | null;

function addLink(rel: string, href: string): HTMLLinkElement {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  document.head.append(link);
  return link;
}

let started = false;

function start(): void {
  if (started) return;
  started = true;
  const preload = () => {
    for (const href of BOOT_PRELOADS) addLink("modulepreload", href);
  };
  const importEntry = () => import(BOOT_ENTRY);
  if (BOOT_STYLESHEET) {
    preload();
    // Loaded or failed, the app starts: a missing sheet must not leave the page without its app.
    const sheet = addLink("stylesheet", BOOT_STYLESHEET);
    sheet.onload = sheet.onerror = importEntry;
    return;
  }
  // The entry first: on a slow link with six connections a host, a request made after forty
  // preloads waits behind them all, and the entry is what the app starts from.
  void importEntry();
  preload();
}

// After the first frame is drawn; the timer starts it where no frame is ever drawn (a background tab).
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 250);
