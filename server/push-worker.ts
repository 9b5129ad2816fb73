import type { RequestHandler } from "express";

/**
 * The Web Push service worker (docs/design.md, Channels: Web Push), plain JavaScript served as it
 * is: only a bettor who turns push alerts on registers it, so it is no part of any page's
 * JavaScript. On a push it shows the alert (its tag the alert's topic, so a newer price replaces
 * the one shown); a tap opens, or focuses, the alert's page on this site. The message's fields are
 * api/alerts/push/push-sender.ts's PushMessage.
 */
export const PUSH_WORKER_SOURCE = `"use strict";
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const options = { body: String(message.body || ""), data: { url: String(message.url || "/") } };
  if (message.tag) {
    options.tag = String(message.tag);
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(String(message.title || "AfriOdds"), options));
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const given = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  const url = new URL(given.pathname + given.search + given.hash, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
`;

/** GET /push-worker.js: asked again by the browser on each registration, so never cached for long. */
export const pushWorker: RequestHandler = (_req, res) => {
  res.setHeader("Content-Type", "text/javascript; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache");
  res.send(PUSH_WORKER_SOURCE);
};
