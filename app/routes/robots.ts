/** GET /robots.txt — what crawlers may read, and where the sitemap index is (docs/decisions/090). */
import { robotsResponse } from "../seo/sitemaps.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return robotsResponse(services(context).publicOrigin);
}
