/**
 * POST /consenso-cookie — the cookie choice of the banner and of the preferences page (docs/decisions/089):
 * `scelta` (accetta | rifiuta | personalizza), the purposes' checkboxes, `ritorno` (the page to go back to).
 * A GET (a link followed by hand) goes to the preferences page.
 */
import { redirect } from "react-router";
import { saveConsent } from "../consent/consent.server.ts";
import type { Route } from "./+types/cookie-consent";

export function loader() {
  return redirect("/preferenze-cookie/");
}

export function action(args: Route.ActionArgs) {
  return saveConsent(args);
}
