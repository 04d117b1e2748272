/**
 * The category pages of seed 000 §2 — /vendita/{category}/ and /affitto/residenziale/{type}/ — moved
 * onto the search URL scheme (core/search/url.ts) with a 301: residenziale is the group "case"
 * (stanza → the group "stanze" for rent), a type becomes `propertyTypes`, a town, province or region
 * slug in the type's place becomes the search's place. Anything else is 404.
 * See docs/decisions/018-home-search.md.
 */
import { data, redirect } from "react-router";
import { PlaceLevel } from "../../core/places.ts";
import { ownValue } from "../../core/errors.ts";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { propertyTypeGroups } from "../../core/search/vocabulary.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/category-redirect";

/** Plural and common spellings people type for the home types. */
const typeAliases: Readonly<Record<string, string>> = {
  appartamenti: "appartamento",
  attici: "attico-mansarda",
  mansarde: "attico-mansarda",
  attico: "attico-mansarda",
  ville: "villa",
  villette: "villetta-a-schiera",
  "case-indipendenti": "casa-indipendente",
  loft: "loft",
  stanze: "stanza",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const channel = params.channel;
  if (channel !== "vendita" && channel !== "affitto") throw data("pagina non trovata", { status: 404 });
  const raw = (params.type ?? "").toLowerCase();
  const type = ownValue(typeAliases, raw) ?? raw;
  const directory = await getPlaceDirectory(services(context).database.readDb);
  let filters: Record<string, unknown>;
  let places: string[] = [];
  if (!type) filters = { channel, propertyTypeGroup: "case" };
  else if (type === "stanza" && channel === "affitto") filters = { channel, propertyTypeGroup: "stanze" };
  else if ((propertyTypeGroups.case as readonly string[]).includes(type))
    filters = { channel, propertyTypeGroup: "case", propertyTypes: [type] };
  else {
    // "/vendita/residenziale/milano/": a town, province or region in place of the type.
    const place = [PlaceLevel.town, PlaceLevel.province, PlaceLevel.region].map((level) => directory.bySlug(level, type)).find(Boolean);
    if (!place) throw data("pagina non trovata", { status: 404 });
    filters = { channel, propertyTypeGroup: "case" };
    places = [place.id];
  }
  throw redirect(localizePath(encodeSearchUrl(parseSearch(filters, places), directory), locale), 301);
}

export default function CategoryRedirect() {
  return null;
}
