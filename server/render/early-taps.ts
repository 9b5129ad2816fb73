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
 * A held control shows at once that it was taken (`data-held`, styled in client/styles/_app.scss,
 * and `aria-busy`). What happens next depends on how near the app is. Once its code has arrived
 * (every chunk the boot script preloaded has loaded, or the app has said so: `__appArrived`) only
 * the page's hydration is left, and the tap waits for the app, at most APP_HOLD_MS. The tap is
 * judged TAP_GRACE_MS after it is made; if the app's code is not here by then, on a slow link, the
 * app may be seconds away: a link or a form's submit button then does at once what it
 * does without JavaScript (the link is followed, the form posted), so no tap waits for the app
 * (docs/design.md, Input before hydration; decision 041). A button with nothing to do without the
 * app waits for it.
 *
 * Plain ES5 in a string: it runs before any bundle, and the page's nonce or CSP hash covers it.
 */
/** How long a tap on a link or a form's button waits for an app whose code has arrived, before it takes its course without it. */
export const APP_HOLD_MS = 5_000;

/**
 * How long a tap waits before it is judged: on a fast link the app's code arrives within this,
 * and the app takes the tap; on a slow one it is still far, and the page's own form or link
 * answers.
 */
export const TAP_GRACE_MS = 300;

/** The attribute a held control carries until the app takes its tap or the tap takes its course. */
export const HELD_ATTRIBUTE = "data-held";

export const EARLY_TAPS_SCRIPT =
  "(function(){var held=[],started=false,arrived=false,loaded=0,passing=null;" +
  `function mark(b,on){if(on){b.setAttribute('${HELD_ATTRIBUTE}','');b.setAttribute('aria-busy','true')}else{b.removeAttribute('${HELD_ATTRIBUTE}');b.removeAttribute('aria-busy')}}` +
  // The boot script's preloads, counted as they end: all of them ended, the app's code is here.
  "function ended(e){var t=e.target;if(t&&t.tagName==='LINK'&&t.rel==='modulepreload')loaded++}" +
  "document.addEventListener('load',ended,true);document.addEventListener('error',ended,true);" +
  "function near(){var n=document.querySelectorAll('link[rel=modulepreload]').length;return arrived||(n>0&&loaded>=n)}" +
  // Without the app: a link is followed, a submit button's click is let through to its form. The
  // page's own loads stop first: the app's script still arriving would hold back the next page.
  "function own(b){var i=held.indexOf(b);if(started||i<0)return;held.splice(i,1);if(!near()&&window.stop)window.stop();" +
  "if(b.tagName==='A'){location.assign(b.href);return}passing=b;try{b.click()}finally{passing=null}}" +
  "function wait(b,until){if(started||held.indexOf(b)<0)return;if(Date.now()<until)setTimeout(function(){wait(b,until)},100);else own(b)}" +
  "function hold(e){var b=e.target instanceof Element?e.target.closest('button,a[role=button]'):null;if(!b||b===passing)return;" +
  "e.preventDefault();e.stopPropagation();if(held.indexOf(b)>=0)return;held.push(b);mark(b,true);" +
  "if(b.tagName!=='A'&&!(b.form&&b.type==='submit'))return;" +
  "var until=Date.now()+" + APP_HOLD_MS + ";setTimeout(function(){if(near())wait(b,until);else own(b)}," + TAP_GRACE_MS + ")}" +
  "document.addEventListener('click',hold,true);" +
  "window.__earlyTaps=function(){started=true;document.removeEventListener('click',hold,true);return held.splice(0)};" +
  "window.__earlyTapDone=function(b){mark(b,false)};" +
  "window.__appArrived=function(){arrived=true}})()";
