import type { RequestHandler } from "express";
import { API_PREFIX, ENDPOINTS } from "#shared/contract.ts";

/**
 * The Web Push service worker (docs/design.md, Channels: Web Push), plain JavaScript served as it
 * is: only a bettor who turns push alerts on registers it, so it is no part of any page's
 * JavaScript. On a push it shows the alert (its tag the alert's topic, so a newer price replaces
 * the one shown); a tap opens, or focuses, the alert's page on this site; a subscription the push
 * service renews is told to the site. The message's fields are api/alerts/push/push-sender.ts's
 * PushMessage.
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
// The push service renewed or ended the subscription: the renewed one is told to the site (the
// bettor's session cookies go with it) and the old one forgotten, so alerts keep coming.
self.addEventListener("pushsubscriptionchange", (event) => {
  const post = (path, body) =>
    fetch(path, { method: "POST", credentials: "same-origin", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: JSON.stringify(body) });
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription || null;
      const renewed = event.newSubscription || (old && old.options ? await self.registration.pushManager.subscribe(old.options) : null);
      if (renewed) {
        const json = renewed.toJSON();
        await post("${API_PREFIX}${ENDPOINTS.pushSubscribe.path}", { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
      }
      if (old && (!renewed || renewed.endpoint !== old.endpoint)) await post("${API_PREFIX}${ENDPOINTS.pushUnsubscribe.path}", { endpoint: old.endpoint });
    })(),
  );
});
`;

/** GET /push-worker.js: asked again by the browser on each registration, so never cached for long. */
export const pushWorker: RequestHandler = (_req, res) => {
  res.setHeader("Content-Type", "text/javascript; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache");
  res.send(PUSH_WORKER_SOURCE);
};
