import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Request, Response, NextFunction, RequestHandler } from "express";
import express from "express";

const ENCODINGS = [
  { token: "br", ext: ".br" },
  { token: "gzip", ext: ".gz" },
] as const;

const CONTENT_TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".json": "application/json" };

/** Hashed assets: immutable for a year, answered from the precompressed copy the build wrote (docs/design.md, Assets and styles). */
export function hashedAssets(dir: string): RequestHandler {
  const serve = express.static(dir, { immutable: true, maxAge: "365d", index: false, fallthrough: false });
  return (req: Request, res: Response, next: NextFunction) => {
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const ext = req.path.slice(req.path.lastIndexOf("."));
    const contentType = CONTENT_TYPES[ext];
    res.vary("Accept-Encoding");
    for (const { token, ext: suffix } of ENCODINGS) {
      if (!contentType || !new RegExp(`\\b${token}\\b`).test(accepted)) continue;
      if (!existsSync(join(dir, `${req.path}${suffix}`))) continue;
      req.url = `${req.path}${suffix}`;
      res.setHeader("Content-Encoding", token);
      res.setHeader("Content-Type", contentType);
      break;
    }
    serve(req, res, next);
  };
}
