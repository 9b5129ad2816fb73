/**
 * The one inline script of every page (docs/decisions/008-boot-after-first-paint.md): it starts the
 * app after the first paint. The page's HTML and inline CSS paint without waiting on (or sharing a
 * slow link with) script bytes, which is what a phone on slow 4G sees first (docs/design.md, Latency: LCP
 * at most 1.5 s). Then it preloads the entry's chunks (and, on a signed-in page, the page's own and
 * the betslip's: server/render/render.tsx), adds the full stylesheet when the page inlined only its
 * own rules, and imports the entry once that stylesheet has loaded, so nothing rendered after
 * hydration (dialogs, the odds preview) shows unstyled. A page whose inline rules cover every state
 * it renders (the dashboard: scripts/build/dashboard-states.ts) imports the entry first and adds the
 * sheet once the app's script has arrived: on a slow link the sheet would otherwise hold the app back
 * by its own transfer (docs/design.md, Latency: controls usable).
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
/** Whether the page's inline rules cover all it renders until a tap, so the app need not wait for the full sheet. */
declare const BOOT_SCRIPT_FIRST: boolean;

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
  if (BOOT_STYLESHEET && !BOOT_SCRIPT_FIRST) {
    preload();
    // Loaded or failed, the app starts: a missing sheet must not leave the page without its app.
    const sheet = addLink("stylesheet", BOOT_STYLESHEET);
    sheet.onload = sheet.onerror = importEntry;
    return;
  }
  // The entry first: on a slow link with six connections a host, a request made after forty
  // preloads waits behind them all, and the entry is what the app starts from.
  const app = importEntry();
  preload();
  if (BOOT_STYLESHEET) {
    const sheet = BOOT_STYLESHEET;
    // Loaded or failed, the sheet follows: a page that lost its app still gets its dialogs' rules.
    void app.finally(() => addLink("stylesheet", sheet));
  }
}

// After the first frame is drawn; the timer starts it where no frame is ever drawn (a background tab).
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 250);
