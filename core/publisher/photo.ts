/**
 * Publishers' photos (issue 24 item 2, docs/decisions/119): which uploads are images the portal takes,
 * told by their first bytes (never by a declared type or a name), the limits, the renditions made of them,
 * and the perceptual hash (dHash) that finds the same photo in two listings.
 */

/** The largest upload, in bytes. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** At most this many photos per listing. */
export const PHOTOS_PER_LISTING = 40;
/** Decoding stops beyond this many pixels: a small file that claims a huge image (a decompression bomb) fails. */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** The WebP widths kept of each photo: cards, the gallery, full screen. */
export const PHOTO_WIDTHS = [320, 960, 1920] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export type PhotoKind = "jpeg" | "png" | "webp";
/** What the first bytes say: an image the portal takes, HEIC (which this build cannot decode), or anything else. */
export type Sniffed = { ok: true; kind: PhotoKind } | { ok: false; reason: "heic" | "not-an-image" };

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Tells an upload's format by its magic bytes: JPEG, PNG and WebP are taken; SVG, HTML, HEIC and the rest are not. */
export function sniffPhoto(bytes: Uint8Array): Sniffed {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ok: true, kind: "jpeg" };
  if (bytes.length >= 8 && ascii(bytes, 1, 4) === "PNG" && bytes[0] === 0x89 && bytes[4] === 0x0d && bytes[5] === 0x0a) {
    return { ok: true, kind: "png" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return { ok: true, kind: "webp" };
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp" && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(bytes, 8, 12))) {
    return { ok: false, reason: "heic" };
  }
  return { ok: false, reason: "not-an-image" };
}

/**
 * dHash of a 9×8 greyscale image (72 bytes, row by row): bit i is set when pixel i is brighter than its right
 * neighbour. Returned as a signed 64-bit integer in decimal (PostgreSQL's bigint).
 */
export function dHash(grey9x8: Uint8Array): string {
  if (grey9x8.length !== 72) throw new RangeError(`dHash needs 72 pixels, got ${grey9x8.length}`);
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) hash = (hash << 1n) | (grey9x8[y * 9 + x]! > grey9x8[y * 9 + x + 1]! ? 1n : 0n);
  }
  return BigInt.asIntN(64, hash).toString();
}

/** At most this many of two dHashes' bits differ for the same photo resized or recompressed (decision 120). */
export const SAME_PHOTO_MAX_DISTANCE = 6;
/**
 * A photo counts as a home's likeness only when its dHash has at least this many bits set and this many clear:
 * a plain wall, a blank or a logo on white hashes to (nearly) all zeros, and any two of those would match.
 */
export const PHOTO_MIN_DETAIL_BITS = 8;

/** How many of two dHashes' 64 bits differ (0: the same picture; ≤ 6: the same photo resized or recompressed). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt.asUintN(64, BigInt(a) ^ BigInt(b));
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The path a photo rendition is served at (app/routes/media.listing-photo.ts): immutable, as a new photo gets a new id. */
export function photoFilePath(listingId: number, photoId: number, width: PhotoWidth): string {
  return `/media/listing/${listingId}/foto/${photoId}-${width}.webp`;
}

/** Messages of the photo upload, in Italian and English. */
export const photoMessages = {
  heic: {
    it: "le foto HEIC non sono accettate: inviale come JPEG, PNG o WebP",
    en: "HEIC photos are not accepted: send them as JPEG, PNG or WebP",
  },
  notAnImage: { it: "il file non è un'immagine JPEG, PNG o WebP", en: "the file is not a JPEG, PNG or WebP image" },
  unreadable: { it: "immagine illeggibile o danneggiata", en: "the image cannot be read or is damaged" },
  tooManyPixels: { it: "immagine troppo grande (al massimo 50 megapixel)", en: "image too large (50 megapixels at most)" },
  tooLarge: { it: "file troppo grande (al massimo 15 MB)", en: "file too large (15 MB at most)" },
  tooMany: { it: "al massimo 40 foto per annuncio", en: "40 photos per listing at most" },
  empty: { it: "nessuna immagine inviata", en: "no image sent" },
  photoNotFound: { it: "foto non trovata in questo annuncio", en: "no such photo in this listing" },
  notThePhotos: {
    it: "indica ogni foto dell'annuncio una sola volta, nell'ordine voluto",
    en: "list every photo of the listing once, in the order you want",
  },
} as const;
