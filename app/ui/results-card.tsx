/**
 * A listing card of the results page (seed 000 §3 Listing card): photo carousel whose link carries the
 * image-position anchor (#fotoN) when a photo other than the first is shown, price in it-IT, original
 * price struck through, main features, address, publisher, contact button by publisher type,
 * favourite heart and the exact/approximate pin flag. Without JavaScript the first photo shows and
 * every link works; the carousel buttons appear once the page is interactive.
 */
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { listingPhotoPath } from "../../core/listing/media.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { hiddenAdsTexts } from "../i18n/hidden-ads.ts";
import { searchTexts } from "../i18n/search.ts";
import type { CardView } from "../search/search-page.server.ts";
import { FavouriteButton } from "./favourite-button.tsx";

const PHOTO_WIDTH = 400;
const PHOTO_HEIGHT = 300;

/** The listing's address with the image-position anchor of the photo shown (1-based; none for the first). */
export function photoHref(href: string, index: number): string {
  return index > 0 ? `${href}#foto${index + 1}` : href;
}

/**
 * `hide`: a logged-in user's 'Nascondi' (a form posting to MyCasa, which hides the ad and comes back
 * here; works without JavaScript).
 */
export function ResultsCard({
  card,
  locale,
  eager = false,
  headingLevel = 2,
  hide,
  alerted = false,
}: {
  card: CardView;
  locale: Locale;
  eager?: boolean;
  headingLevel?: 2 | 3;
  hide?: { csrf: string; back: string };
  /** Brought by this saved search's alerts since the owner's last visit: marked 'Nuovo per te'. */
  alerted?: boolean;
}) {
  const t = searchTexts[locale];
  const [index, setIndex] = useState(0);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const count = card.photoCount;
  const link = photoHref(card.href, index);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const features: string[] = [];
  if (card.surface) features.push(`${card.surface} m²`);
  if (card.rooms) features.push(t.rooms(card.rooms));
  if (card.baths) features.push(t.bathsN(card.baths));
  if (card.floor !== null) features.push(card.floor <= 0 ? t.groundFloor : t.floorN(card.floor));
  return (
    <article className="result-card" data-listing-id={card.id}>
      <div className="result-card__media">
        {count > 0 ? (
          <a href={link} tabIndex={-1} aria-hidden="true" className="result-card__photo-link">
            <img
              src={listingPhotoPath(card.id, index)}
              alt=""
              width={PHOTO_WIDTH}
              height={PHOTO_HEIGHT}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              {...(eager ? { fetchPriority: "high" as const } : {})}
            />
          </a>
        ) : (
          <div className="result-card__no-photo">{t.noPhoto}</div>
        )}
        {interactive && count > 1 && (
          <div className="result-card__carousel">
            <button type="button" aria-label={`${t.previousPhoto}: ${card.title}`} onClick={() => setIndex((index - 1 + count) % count)}>
              ‹
            </button>
            <span className="result-card__counter" aria-live="polite">
              {t.photoOf(index + 1, count)}
            </span>
            <button type="button" aria-label={`${t.nextPhoto}: ${card.title}`} onClick={() => setIndex((index + 1) % count)}>
              ›
            </button>
          </div>
        )}
        <span className={`result-card__pin ${card.exactPin ? "is-exact" : "is-approximate"}`}>
          {card.exactPin ? t.exactPin : t.approximatePin}
        </span>
        <FavouriteButton listingId={card.id} title={card.title} className="result-card__favourite" />
      </div>
      <div className="result-card__body">
        <p className="result-card__price">
          <strong>{card.priceText}</strong>
          {card.originalPriceText && <s className="result-card__original-price">{card.originalPriceText}</s>}
          {card.isAuction && <span className="result-card__badge">{t.auction}</span>}
          {alerted && <span className="result-card__badge result-card__badge--alerted">{t.alertedNew}</span>}
        </p>
        <Heading className="result-card__title">
          <a href={link}>{card.title}</a>
        </Heading>
        {features.length > 0 && (
          <ul className="result-card__features">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <p className="result-card__address">{card.address}</p>
        {card.offers && (
          <details className="result-card__offers" data-testid="card-offers">
            <summary>{t.offers(card.offers.length)}</summary>
            <ul>
              {card.offers.map((o) => (
                <li key={o.id}>
                  <a href={o.href}>{o.publisherName}</a> · {o.priceText}
                </li>
              ))}
            </ul>
          </details>
        )}
        <div className="result-card__footer">
          <span className="result-card__publisher">{card.publisherName}</span>
          <a className="result-card__contact" href={card.contactHref}>
            {card.contactLabel}
          </a>
          {hide && (
            <Form method="post" action={localizePath("/mycasa/", locale)} className="result-card__hide">
              <input type="hidden" name="csrf" value={hide.csrf} />
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="listingId" value={card.id} />
              <input type="hidden" name="back" value={hide.back} />
              <button type="submit" className="link-button" aria-label={hiddenAdsTexts[locale].hideLabel(card.title)}>
                {hiddenAdsTexts[locale].hide}
              </button>
            </Form>
          )}
        </div>
      </div>
    </article>
  );
}
