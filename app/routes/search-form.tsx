/**
 * /cerca/?… — where the results page's filter form submits (GET, so it works without JavaScript).
 * Reads the form's raw filter fields leniently (core/search/search-form.ts) and redirects to the
 * canonical search address; never renders a page of its own.
 */
import { redirect } from "react-router";
import { searchUrlFromForm } from "../../core/search/search-form.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/search-form";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const directory = await getPlaceDirectory(services(context).database.readDb);
  throw redirect(localizePath(searchUrlFromForm(url.searchParams.entries(), directory), localeFromPath(url.pathname)), 302);
}

export default function SearchForm() {
  return null;
}
