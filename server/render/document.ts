import { EARLY_TAPS_SCRIPT } from "./early-taps.ts";

/** The HTML around the React stream: head with the early-taps script and inline CSS, then the app root (whose script is client/boot/boot.ts). */

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The preview card a chat app (WhatsApp) shows for a shared link: Open Graph title and description in <head>, where its scraper reads them. */
export interface PageCard {
  title: string;
  description: string;
}

function cardTags(card: PageCard | undefined): string {
  if (!card) return "";
  const tag = (property: string, content: string) => `<meta property="${property}" content="${escapeAttr(content)}">`;
  return tag("og:site_name", "AfriOdds") + tag("og:type", "website") + tag("og:title", card.title) + tag("og:description", card.description);
}

export function documentHead(options: { css: string; nonce?: string | undefined; prerendered: boolean; card?: PageCard | undefined; scripts?: boolean }): string {
  const nonce = options.nonce ? ` nonce="${escapeAttr(options.nonce)}"` : "";
  return (
    `<!doctype html><html lang="en"${options.prerendered ? " data-prerendered" : ""}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    // Before any button: taps ahead of the app are held for it (early-taps.ts).
    (options.scripts === false ? "" : `<script${nonce}>${EARLY_TAPS_SCRIPT}</script>`) +
    // Each page renders its own <title> and description (client/components/page-meta.tsx).
    `<meta name="theme-color" content="#007a3d"><link rel="icon" href="data:,">` +
    cardTags(options.card) +
    `<style${nonce}>${options.css}</style></head><body><div id="root">`
  );
}

export const DOCUMENT_TAIL = "</div></body></html>";

/** Shown when the app shell itself fails to render: plain, static, no script. */
export const STATIC_500 =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>Something went wrong | AfriOdds</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
  `<h1>Something went wrong!</h1><p>AfriOdds could not show this page. Please refresh in a moment.</p><p><a href="/">Back to the home page</a></p></body></html>`;
