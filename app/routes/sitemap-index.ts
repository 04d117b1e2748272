/** GET /sitemap.xml — the sitemap index: every per-type file in Italian and English (docs/decisions/090). */
import { sitemapIndexResponse } from "../seo/sitemaps.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/sitemap-index";

export function loader({ context }: Route.LoaderArgs) {
  const svc = services(context);
  return sitemapIndexResponse(svc.database.readDb, svc.publicOrigin);
}
