import type { RequestHandler } from "express";

/** What an answer that belongs to one user says: no cache keeps it (OWASP ASVS 8.2.1). */
export const PRIVATE_NO_STORE = "private, no-store";

/** `Cache-Control: private, no-store` on every answer below this point. */
export const privateNoStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", PRIVATE_NO_STORE);
  next();
};
