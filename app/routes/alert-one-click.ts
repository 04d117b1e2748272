/**
 * /deactivation-alerts/one-click?t=… — the URL of an alert mail's List-Unsubscribe header (RFC 8058,
 * docs/decisions/091). The mail client POSTs `List-Unsubscribe=One-Click` without cookies: the signed
 * token alone turns the alert off (once; again answers "already" or "used", still 200). A GET (a client
 * that opens the URL in a browser) goes to the page that asks first.
 */
import { deactivateAlertByLink } from "../../db/alert-links.ts";
import { linkToken } from "../alerts/alert-links.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/alert-one-click";

const text = (status: number, body: string) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return new Response(null, { status: 303, headers: { Location: `/deactivation-alerts/${url.search}` } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const svc = services(context);
  const form = await request.formData().catch(() => new FormData());
  if (form.get("List-Unsubscribe") !== "One-Click") return text(400, "expected List-Unsubscribe=One-Click");
  const claims = svc.alertLinks.read(linkToken(new URL(request.url)));
  if (!claims) return text(400, "invalid or expired link");
  const outcome = await deactivateAlertByLink(svc.database.db, claims, new Date());
  svc.logger.info({ savedSearchId: claims.s, channel: claims.c, outcome }, "alerts: one-click unsubscribe");
  return text(200, outcome);
}
