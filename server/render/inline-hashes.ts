import { createHash } from "node:crypto";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/** The CSP hashes of a page's inline scripts and styles, so it can be served without a nonce. */
export function inlineHashes(html: string): { scriptHashes: string[]; styleHashes: string[] } {
  const scriptHashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1] ?? ""));
  const styleHashes = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1] ?? ""));
  return { scriptHashes: [...new Set(scriptHashes)], styleHashes: [...new Set(styleHashes)] };
}

/** A page's strong ETag: the first 27 characters of its SHA-256 in base64url. */
export function pageEtag(html: string): string {
  return `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
}
