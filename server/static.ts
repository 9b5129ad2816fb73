import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Request, Response, NextFunction, RequestHandler } from "express";
import express from "express";
import { chooseCoding, codedEtag, type Coding } from "#lib/node/content-coding.ts";
import { errorEnvelope } from "#shared/error-codes.ts";

const SUFFIX: Record<Exclude<Coding, "identity">, string> = { br: ".br", gzip: ".gz" };

const CONTENT_TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json" };

/**
 * A hashed asset's path: segments of safe characters, each starting with a letter or digit (the
 * build writes code-split chunks under `chunks/`). Anything else (`..`, a backslash, an encoded
 * byte, NUL) is refused before the file system is touched, so the answer tells nothing about
 * files outside the assets folder.
 */
const ASSET_NAME = /^(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;

/** The path as the file system would read it, or undefined when it does not decode. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Each coding its own ETag (RFC 9110 8.8.3): send's size-and-mtime tag, suffixed like the other answers'. */
function tagRepresentation(res: Response, _path: string, stat: { size: number; mtime: Date }): void {
  const coding = res.getHeader("Content-Encoding");
  const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
  res.setHeader("ETag", codedEtag(etag, coding === "br" || coding === "gzip" ? coding : "identity"));
}

/** Hashed assets: immutable for a year, answered from the precompressed copy the build wrote (docs/design.md, Assets and styles). */
export function hashedAssets(dir: string): RequestHandler {
  const serve = express.static(dir, { immutable: true, maxAge: "365d", index: false, fallthrough: false, setHeaders: tagRepresentation });
  return (req: Request, res: Response, next: NextFunction) => {
    const name = decodedPath(req.path);
    if (name === undefined) return void res.status(400).json(errorEnvelope("VALIDATION_ERROR", "The URL is not valid."));
    if (!ASSET_NAME.test(name) || name.includes("..")) return void res.status(404).json(errorEnvelope("NOT_FOUND", "Not found."));
    const ext = req.path.slice(req.path.lastIndexOf("."));
    const contentType = CONTENT_TYPES[ext];
    res.vary("Accept-Encoding");
    if (contentType) {
      const precompressed = (["br", "gzip"] as const).filter((coding) => existsSync(join(dir, `${req.path}${SUFFIX[coding]}`)));
      const coding = chooseCoding(req.headers, precompressed);
      if (coding !== "identity") {
        req.url = `${req.path}${SUFFIX[coding]}`;
        res.setHeader("Content-Encoding", coding);
        res.setHeader("Content-Type", contentType);
      }
    }
    serve(req, res, next);
  };
}
