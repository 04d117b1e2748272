/** GET /media/publisher/{id}/logo.svg: an agency's generated logo. */
import { logoSvg } from "../../core/media/placeholder-images.ts";
import { parseId } from "../../core/ids.ts";
import { findPublisherBrand } from "../../db/media.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/media.publisher-logo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) return new Response("Logo non trovato", { status: 404 });
  const brand = await findPublisherBrand(services(context).database.readDb, id);
  if (!brand) return new Response("Logo non trovato", { status: 404 });
  return new Response(logoSvg(brand.name, brand.logoColor ?? "#455a64"), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
