/**
 * A publisher's photo upload made into what the portal serves (docs/decisions/119): told by its first bytes,
 * decoded by sharp with a pixel cap, turned upright, resized to WebP renditions with no metadata (EXIF and
 * its GPS position, ICC names, XMP: sharp keeps none unless asked), and hashed (SHA-256 of the upload, dHash
 * of the picture). Nothing is stored here: a photo that fails any step leaves nothing behind.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { dHash, PHOTO_MAX_PIXELS, PHOTO_WIDTHS, photoMessages, sniffPhoto } from "../../core/publisher/photo.ts";
import type { NewPhoto } from "../../db/listing-photos.ts";

/** Why an upload is refused: the status it answers and its message key. */
export type PhotoProblem = { status: 400 | 413 | 415; message: keyof typeof photoMessages };

export async function processPhoto(bytes: Buffer): Promise<{ ok: true; photo: NewPhoto } | { ok: false; problem: PhotoProblem }> {
  if (bytes.length === 0) return { ok: false, problem: { status: 400, message: "empty" } };
  const sniffed = sniffPhoto(bytes);
  if (!sniffed.ok) return { ok: false, problem: { status: 415, message: sniffed.reason === "heic" ? "heic" : "notAnImage" } };
  // Decoding errors (truncated or corrupt data) fail rather than give a half-grey picture.
  const source = () => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error", animated: false }).rotate();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS }).metadata();
    if (meta.format !== sniffed.kind) {
      return { ok: false, problem: { status: 415, message: "notAnImage" } };
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) return { ok: false, problem: { status: 413, message: "tooManyPixels" } };
    // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height! : meta.width!;
    height = turned ? meta.width! : meta.height!;
  } catch {
    return { ok: false, problem: { status: 400, message: "unreadable" } };
  }
  try {
    const renditions = await Promise.all(
      PHOTO_WIDTHS.map(async (w) => ({
        width: w,
        bytes: await source().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    const grey = await source().removeAlpha().toColourspace("b-w").resize(9, 8, { fit: "fill" }).raw().toBuffer();
    return {
      ok: true,
      photo: {
        sourceSha256: createHash("sha256").update(bytes).digest("hex"),
        dhash: dHash(new Uint8Array(grey.buffer, grey.byteOffset, grey.length)),
        width,
        height,
        renditions,
      },
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      return { ok: false, problem: { status: 413, message: "tooManyPixels" } };
    return { ok: false, problem: { status: 400, message: "unreadable" } };
  }
}
