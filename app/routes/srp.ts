/**
 * /srp/?pId={publisher} (seed 000 §2, seed 001 §2 "Vedi tutti"): one publisher's listings as a search.
 * Redirects to the results page of the URL codec with the pId filter, in the channel and property group most of them are in.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { defaultQuery } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { channels, propertyTypeGroups, type Channel, type PropertyTypeGroup } from "../../core/search/vocabulary.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { publisherMainChannel } from "../../db/publishers.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/srp";

const pId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = pId.safeParse(new URL(request.url).searchParams.get("pId"));
  if (!parsed.success) throw data("Agenzia non trovata", { status: 404 });
  const db = services(context).database.readDb;
  const main = await publisherMainChannel(db, parsed.data);
  if (!main) throw data("Agenzia non trovata", { status: 404 });
  const query = {
    ...defaultQuery,
    channel: (channels as readonly string[]).includes(main.channel) ? (main.channel as Channel) : defaultQuery.channel,
    group: Object.hasOwn(propertyTypeGroups, main.group) ? (main.group as PropertyTypeGroup) : defaultQuery.group,
    filters: { ...defaultQuery.filters, publisherId: parsed.data },
  };
  const locale = localeFromPath(new URL(request.url).pathname);
  throw redirect(localizePath(encodeSearchUrl(query, await getPlaceDirectory(db)), locale), 302);
}
