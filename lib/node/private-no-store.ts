import type { RequestHandler } from "express";

/** `Cache-Control: private, no-store` on an answer that belongs to one user (OWASP ASVS 8.2.1). */
export const privateNoStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "private, no-store");
  next();
};
