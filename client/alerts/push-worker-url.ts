/**
 * Where the web tier serves the Web Push service worker (server/push-worker.ts): at the root, so its
 * scope is the whole site, and outside the hashed assets and the public JavaScript budget
 * (docs/design.md, Channels: Web Push).
 */
export const PUSH_WORKER_URL = "/push-worker.js";
