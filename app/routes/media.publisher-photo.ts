/** GET /media/publisher/{id}/photo.svg: an agent's generated portrait (demo data has no real photos). */
import { agentPhotoSvg } from "../../core/media/placeholder-images.ts";
import { findPublisher } from "../../db/publishers.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/media.publisher-photo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return new Response("Foto non trovata", { status: 404 });
  const p = await findPublisher(services(context).database.readDb, id);
  if (!p || !p.hasPhoto) return new Response("Foto non trovata", { status: 404 });
  return new Response(agentPhotoSvg(p.id), { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
