/**
 * GET /media/listing/{id}/{n}.svg (photo n, from 0) and /media/listing/{id}/planimetria.svg. Photo n of a
 * listing whose publisher uploaded photos redirects to its WebP (docs/decisions/119): cards carry a photo
 * count, not addresses, so this one address stands for "photo n" whatever it is made of.
 */
import { floorPlanSvg, listingPhotoSvg } from "../../core/media/placeholder-images.ts";
import { parseId } from "../../core/ids.ts";
import { PHOTO_WIDTHS, photoFilePath } from "../../core/publisher/photo.ts";
import { listingPhotoAt } from "../../db/listing-photos.ts";
import { findListingMedia } from "../../db/media.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/media.listing";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const file = /^(?:(\d{1,2})|(planimetria))\.svg$/.exec(params.file);
  if (id === null || !file) return new Response("Immagine non trovata", { status: 404 });
  const db = services(context).database.readDb;
  const media = await findListingMedia(db, id);
  if (!media) return new Response("Immagine non trovata", { status: 404 });
  let body: string;
  if (file[2]) {
    if (!media.hasFloorPlan) return new Response("Immagine non trovata", { status: 404 });
    body = floorPlanSvg(id, media.rooms ?? 1);
  } else {
    const index = Number(file[1]);
    if (index >= media.photoCount) return new Response("Immagine non trovata", { status: 404 });
    const uploaded = await listingPhotoAt(db, id, index);
    if (uploaded) {
      return new Response(null, {
        status: 302,
        headers: { Location: photoFilePath(id, uploaded.id, PHOTO_WIDTHS[1]), "Cache-Control": "public, max-age=300" },
      });
    }
    body = listingPhotoSvg(id, index);
  }
  return new Response(body, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
