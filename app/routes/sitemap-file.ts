/** GET /sitemaps/{type}-{it|en}-{part}.xml — one file of the sitemap set, streamed (docs/decisions/090). */
import { data } from "react-router";
import { parseSitemapFile } from "../../core/seo/sitemaps.ts";
import { sitemapFileResponse } from "../seo/sitemaps.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/sitemap-file";

export async function loader({ params, context }: Route.LoaderArgs) {
  const svc = services(context);
  const file = parseSitemapFile(params.file);
  const response = file && (await sitemapFileResponse(svc.database.readDb, svc.publicOrigin, file));
  if (!response) throw data("sitemap non trovata", { status: 404 });
  return response;
}
