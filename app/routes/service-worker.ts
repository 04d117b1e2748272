/**
 * GET /sw.js — the service worker that shows push alerts (issue 23 item 5, docs/decisions/116). It does nothing
 * but notifications: no fetch handler, no cache, so pages behave as without it. A push's payload
 * (core/alerts/alert-push.ts) becomes a notification; a click opens the listing on this site (only the path of
 * the payload's URL is used: a notification never opens another origin) or focuses a tab already showing it.
 */
import type { Route } from "./+types/service-worker";

const source = `"use strict";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (_) {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "casa.it";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      icon: typeof data.icon === "string" ? data.icon : undefined,
      tag: typeof data.tag === "string" ? data.tag : undefined,
      lang: data.lang === "en" ? "en" : "it",
      data: { url: typeof data.url === "string" ? data.url : "/" },
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target;
  try {
    const u = new URL(event.notification.data && event.notification.data.url, self.location.origin);
    target = new URL(u.pathname + u.search, self.location.origin).href;
  } catch (_) {
    target = new URL("/", self.location.origin).href;
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === target && "focus" in w) return w.focus();
      return self.clients.openWindow(target);
    }),
  );
});
`;

export function loader(_: Route.LoaderArgs): Response {
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // Browsers check for a new worker on navigations; no-cache keeps that check honest.
      "Cache-Control": "no-cache",
    },
  });
}
