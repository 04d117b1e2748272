/** GET /media/listing/{id}/{n}.svg (photo n, from 0) and /media/listing/{id}/planimetria.svg. */
import { floorPlanSvg, listingPhotoSvg } from "../../core/media/placeholder-images.ts";
import { parseId } from "../../core/ids.ts";
import { findListingMedia } from "../../db/media.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/media.listing";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const file = /^(?:(\d{1,2})|(planimetria))\.svg$/.exec(params.file);
  if (id === null || !file) return new Response("Immagine non trovata", { status: 404 });
  const media = await findListingMedia(services(context).database.readDb, id);
  if (!media) return new Response("Immagine non trovata", { status: 404 });
  let body: string;
  if (file[2]) {
    if (!media.hasFloorPlan) return new Response("Immagine non trovata", { status: 404 });
    body = floorPlanSvg(id, media.rooms ?? 1);
  } else {
    const index = Number(file[1]);
    if (index >= media.photoCount) return new Response("Immagine non trovata", { status: 404 });
    body = listingPhotoSvg(id, index);
  }
  return new Response(body, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
