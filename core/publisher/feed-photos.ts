/**
 * Photos a feed lists by address (issue 24, docs/decisions/141): why a download failed, in words a publisher can
 * act on, and when it is tried again. Pure; the fetching is server/feed-photo-downloader.ts.
 */

/** A download is tried this many times at most; then the address is `failed` until the feed changes it. */
export const FEED_PHOTO_MAX_ATTEMPTS = 3;

/** When an address that failed its `attempts`-th try is tried again: the base delay, doubled each time. */
export function feedPhotoRetryAt(now: Date, attempts: number, baseMs: number): Date {
  return new Date(now.getTime() + baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Why a download failed, as stored: `http-404` (the server's status), or one of the fixed reasons. Unknown codes
 * (a later version's) are said as "unreachable".
 */
export type FeedPhotoError =
  | `http-${number}`
  | "refused"
  | "unreachable"
  | "redirects"
  | "too-large"
  | "not-an-image"
  | "heic"
  | "unreadable"
  | "too-many-pixels"
  | "too-many"
  | "not-online";

const fixed: Record<Exclude<FeedPhotoError, `http-${number}`>, { it: string; en: string }> = {
  refused: {
    it: "indirizzo rifiutato: rete privata o riservata",
    en: "address refused: a private or reserved network",
  },
  unreachable: { it: "server della foto non raggiungibile o troppo lento", en: "the photo's server cannot be reached or is too slow" },
  redirects: { it: "troppi reindirizzamenti (al massimo 3)", en: "too many redirects (3 at most)" },
  "too-large": { it: "file troppo grande (al massimo 15 MB)", en: "file too large (15 MB at most)" },
  "not-an-image": { it: "il file non è un'immagine JPEG, PNG o WebP", en: "the file is not a JPEG, PNG or WebP image" },
  heic: {
    it: "le foto HEIC non sono accettate: pubblicale come JPEG, PNG o WebP",
    en: "HEIC photos are not accepted: publish them as JPEG, PNG or WebP",
  },
  unreadable: { it: "immagine illeggibile o danneggiata", en: "the image cannot be read or is damaged" },
  "too-many-pixels": { it: "immagine troppo grande (al massimo 50 megapixel)", en: "image too large (50 megapixels at most)" },
  "too-many": { it: "l'annuncio ha già 40 foto", en: "the listing already has 40 photos" },
  "not-online": { it: "l'annuncio non è più online", en: "the listing is no longer online" },
};

/** The reason of a failed download in Italian and English. */
export function feedPhotoErrorText(code: string): { it: string; en: string } {
  const http = /^http-(\d{3})$/.exec(code);
  if (http) return { it: `il server della foto ha risposto HTTP ${http[1]}`, en: `the photo's server answered HTTP ${http[1]}` };
  return fixed[code as keyof typeof fixed] ?? fixed.unreachable;
}
