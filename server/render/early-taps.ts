/**
 * The first script of every page, in its <head>, before anything that can be tapped: taps on
 * buttons before the app has hydrated are held, and the app replays them once it has
 * (client/boot/start.ts calls `window.__earlyTaps`, which also stops the holding), and so are taps on
 * the links that act as buttons (role="button": client/dialogs/dialog-opener.tsx), which would
 * otherwise leave for the page they stand for. React never sees
 * a tap that comes before it starts, and a page shows its buttons long before then: a page loaded
 * as a document (a link from a public page, decision 021; a logout) and, while a streamed page is
 * still arriving, its top bar. Held from the boot script at the end of the shell instead, a tap on
 * a streamed page's top bar before that script arrived reached neither (the browser suite's
 * "Account" tap right after sign-up, lost on a loaded machine). Links work without the app.
 *
 * Plain ES5 in a string: it runs before any bundle, and the page's nonce or CSP hash covers it.
 */
/** How long a tap on a link that acts as a button waits for the app before the link is followed as a link. */
export const LINK_HOLD_MS = 5_000;

export const EARLY_TAPS_SCRIPT =
  "(function(){var held=[],started=false;" +
  "function hold(e){var b=e.target instanceof Element?e.target.closest('button,a[role=button]'):null;if(!b)return;" +
  "e.preventDefault();e.stopPropagation();if(held.indexOf(b)<0)held.push(b);" +
  // A link held while the app never starts (its script lost on a bad connection) is followed after all.
  "if(b.tagName==='A')setTimeout(function(){if(!started)location.assign(b.href)}," + LINK_HOLD_MS + ")}" +
  "document.addEventListener('click',hold,true);" +
  "window.__earlyTaps=function(){started=true;document.removeEventListener('click',hold,true);return held.splice(0)}})()";
