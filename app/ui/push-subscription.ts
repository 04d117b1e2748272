/**
 * Turning push alerts on for this device (issue 23 item 5, docs/decisions/116), from the save-search modal's
 * push switch: the browser's permission is asked only here, when the person turns push on, never when a page
 * or the modal opens. With permission, the portal's service worker (/sw.js) is registered, the browser subscribes
 * with the portal's VAPID key, and the subscription is stored for the logged-in user (one per device).
 */
import { useState } from "react";

export type PushSetup = "subscribed" | "denied" | "unsupported" | "failed";

async function post(path: string, body: unknown): Promise<Record<string, unknown> | null> {
  const res = await fetch(`/portal-srp/api/v1/mycasa/push/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return res.ok && json?.statusCode === 200 ? json : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Must be called from the click that turns push on: the permission prompt needs that user gesture. */
export async function enablePushOnThisDevice(): Promise<PushSetup> {
  if (typeof Notification === "undefined" || !("serviceWorker" in navigator) || typeof PushManager === "undefined") return "unsupported";
  // First, before any other await: browsers accept a permission request only during the user's gesture.
  // (Already granted: it answers at once, without a prompt.)
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    const key = await post("key", {});
    const publicKey = (key?.data as { publicKey?: unknown } | undefined)?.publicKey;
    if (typeof publicKey !== "string") return "failed";
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
    let subscription: PushSubscription;
    try {
      subscription = await registration.pushManager.subscribe(options);
    } catch (error) {
      // Subscribed before with another key (the portal's keys were made anew): start over with this one.
      const old = await registration.pushManager.getSubscription();
      if (!old) throw error;
      await old.unsubscribe();
      subscription = await registration.pushManager.subscribe(options);
    }
    return (await post("subscribe", { subscription: subscription.toJSON() })) ? "subscribed" : "failed";
  } catch {
    return "failed";
  }
}

/**
 * The modal's push switch: on → the browser's permission is asked now (never before); refused, unsupported or
 * failed, the switch goes back off with the reason (`notice`) in the person's language.
 */
export function usePushSwitch(
  initial: boolean,
  t: { pushDenied: string; pushUnsupported: string; pushFailed: string },
): [on: boolean, setOn: (on: boolean) => void, notice: string | null] {
  const [on, setOnOnly] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const setOn = (next: boolean) => {
    setOnOnly(next);
    setNotice(null);
    if (!next) return;
    void enablePushOnThisDevice().then((result) => {
      if (result === "subscribed") return;
      setOnOnly(false);
      setNotice(result === "denied" ? t.pushDenied : result === "unsupported" ? t.pushUnsupported : t.pushFailed);
    });
  };
  return [on, setOn, notice];
}
