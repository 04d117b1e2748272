/**
 * GET /media/listing/{id}/foto/{photoId}-{width}.webp: a rendition of a photo a publisher uploaded
 * (docs/decisions/119), read from the database. A photo id is never reused, so the file never changes.
 */
import { parseId } from "../../core/ids.ts";
import { PHOTO_WIDTHS } from "../../core/publisher/photo.ts";
import { listingPhotoFile } from "../../db/listing-photos.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/media.listing-photo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const file = /^(\d{1,15})-(\d{3,4})\.webp$/.exec(params.file);
  const width = Number(file?.[2]);
  if (id === null || !file || !PHOTO_WIDTHS.some((w) => w === width)) return new Response("Immagine non trovata", { status: 404 });
  const photoId = parseId(file[1]);
  const bytes = photoId === null ? null : await listingPhotoFile(services(context).database.readDb, id, photoId, width);
  if (!bytes) return new Response("Immagine non trovata", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
