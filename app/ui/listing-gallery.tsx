/**
 * The listing page's photos. Without JavaScript a CSS gallery: the thumbnails are links to #fotoN and
 * :target shows that slide; a photo is a link to the image itself. With JavaScript the photo opens a
 * full-screen viewer in the one modal of the site (search-modal.tsx: focus kept inside, Escape and the
 * browser's back close it, the focus goes back to the photo), where the arrow keys, Home/End, the two
 * buttons and a swipe move between photos (core/listing/gallery.ts). Photos are shown whole (contain).
 */
import { useEffect, useRef, useState } from "react";
import { galleryStep, keyStep, swipeStep } from "../../core/listing/gallery.ts";
import type { Locale } from "../i18n/locale.ts";
import { listingTexts } from "../i18n/listing.ts";
import { SearchModal } from "./search-modal.tsx";

export function ListingGallery({ photos, locale }: { photos: readonly string[]; locale: Locale }) {
  const t = listingTexts[locale];
  const [viewing, setViewing] = useState<number | null>(null);
  const total = photos.length;
  if (total === 0) {
    return (
      <section className="gallery" aria-label={t.gallery}>
        <p>{t.noPhotos}</p>
      </section>
    );
  }
  return (
    <section className="gallery" aria-label={t.gallery}>
      <div className="gallery-slides">
        {photos.map((src, i) => (
          <figure key={src} id={`foto${i + 1}`} className="gallery-slide">
            <a
              className="gallery-open"
              href={src}
              aria-label={t.openFullScreen(i + 1, total)}
              onClick={(event) => {
                event.preventDefault();
                setViewing(i);
              }}
            >
              <img
                src={src}
                alt={t.photoOf(i + 1, total)}
                width={960}
                height={640}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                decoding="async"
              />
            </a>
            <figcaption>{t.photoOf(i + 1, total)}</figcaption>
          </figure>
        ))}
      </div>
      {total > 1 && (
        <ol className="gallery-thumbs">
          {photos.map((src, i) => (
            <li key={src}>
              <a href={`#foto${i + 1}`} aria-label={t.showPhoto(i + 1)}>
                <img src={src} alt="" width={96} height={64} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ol>
      )}
      <SearchModal
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={t.photoOf((viewing ?? 0) + 1, total)}
        closeLabel={t.closeGallery}
        className="st-modal--gallery"
      >
        {viewing !== null && <GalleryViewer photos={photos} index={viewing} onIndex={setViewing} locale={locale} />}
      </SearchModal>
    </section>
  );
}

/** One photo at a time, whole, with previous and next; keys and swipes move too. */
function GalleryViewer({
  photos,
  index,
  onIndex,
  locale,
}: {
  photos: readonly string[];
  index: number;
  onIndex(index: number): void;
  locale: Locale;
}) {
  const t = listingTexts[locale];
  const total = photos.length;
  const start = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = keyStep(event.key, index, total);
      if (step === null) return;
      event.preventDefault();
      onIndex(galleryStep(index, total, step));
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [index, total, onIndex]);

  return (
    <div
      className="gallery-viewer"
      data-testid="gallery-viewer"
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const step = swipeStep(event.clientX - from.x, event.clientY - from.y);
        if (step !== null) onIndex(galleryStep(index, total, step));
      }}
    >
      {total > 1 && (
        <button
          type="button"
          className="gallery-viewer__step gallery-viewer__step--prev"
          onClick={() => onIndex(galleryStep(index, total, -1))}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t.previousPhoto}</span>
        </button>
      )}
      <img className="gallery-viewer__photo" src={photos[index]} alt={t.photoOf(index + 1, total)} draggable={false} />
      {total > 1 && (
        <button
          type="button"
          className="gallery-viewer__step gallery-viewer__step--next"
          onClick={() => onIndex(galleryStep(index, total, 1))}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{t.nextPhoto}</span>
        </button>
      )}
    </div>
  );
}
