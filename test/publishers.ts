/**
 * A publishing API key made as an agency user makes one (the /area-agenzia/ form), and an agency's listings as a
 * visitor finds them in search: the steps the publishing tests share.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { CookieClient } from "./http-client.ts";

/**
 * Posts one of the dashboard's forms (/area-agenzia/) as a browser would, with the CSRF token of the browser's
 * session read from `tokenPage` (a user who is no publisher finds no form on the dashboard, but has a token).
 */
export async function postDashboardForm(
  c: CookieClient,
  fields: Record<string, string>,
  tokenPage = "/area-agenzia/",
): Promise<{ html: string; status: number }> {
  const page = await c.get(tokenPage, { accept: "text/html" });
  const csrf = /name="csrf" value="([^"]*)"/.exec(await page.text())?.[1] ?? "";
  const res = await c.request("/area-agenzia/", {
    method: "POST",
    body: new URLSearchParams({ csrf, ...fields }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
  });
  return { html: await res.text(), status: res.status };
}

/** Creates a key through the dashboard's form; the new key is shown once in the page. */
export async function createPublisherKey(c: CookieClient, label: string): Promise<{ key: string; html: string; status: number }> {
  const { html, status } = await postDashboardForm(c, { intent: "create-key", label });
  return { key: /id="new-api-key"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "", html, status };
}

/** The agency's listings in search: sales and rents of homes, as a visitor finds them. */
export async function listingsInSearch(portalUrl: string, publisherId: number): Promise<number> {
  let total = 0;
  for (const channel of ["vendita", "affitto"]) {
    const res = await fetch(`${portalUrl}/portal-srp/api/v1/search/availableresults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filters: { pId: publisherId, channel } }),
    });
    total += ((await res.json()) as { total: number }).total;
  }
  return total;
}

/**
 * A valid listing input for a JSON Lines feed (the API's shape): a flat for sale at the address of one of the
 * dataset's listings, so its place checks pass.
 */
export async function feedListingInput(db: Kysely<Database>, title: string, description: string): Promise<Record<string, unknown>> {
  const town = await db
    .selectFrom("listings")
    .select(["townId", "exactLat", "exactLon", "street"])
    .where("channel", "=", "vendita")
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    channel: "vendita",
    propertyType: "appartamento",
    price: 250_000,
    surface: 80,
    rooms: 3,
    baths: 1,
    floor: 1,
    energyClass: "D",
    energyIndex: 120,
    title,
    description,
    address: { townId: town.townId, street: town.street, streetNumber: "1", lat: town.exactLat, lon: town.exactLon },
  };
}
