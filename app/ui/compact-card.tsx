/** A small listing card (similar listings, favourites) from the API's Card shape. */
import { withPriceUnit } from "../../core/listing/labels.ts";
import { cardTitle } from "../../core/listing/location.ts";
import type { ListingCard } from "../api/listing-card-presenter.ts";
import { listingTexts } from "../i18n/listing.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import { FavouriteButton } from "./favourite-button.tsx";

export function CompactCard({ card, href, locale, heart = true }: { card: ListingCard; href: string; locale: Locale; heart?: boolean }) {
  const texts = searchTexts[locale];
  const photo = card.media.photos[0];
  const f = card.features;
  const title = cardTitle(card.title, card.address, card.geoInfos.geo_visibility_level === 1);
  const facts = [`${f.surface} m²`, f.rooms ? texts.rooms(f.rooms) : null, f.baths ? texts.bathsN(f.baths) : null].filter(Boolean);
  return (
    <article className="compact-card">
      {photo ? (
        <img src={photo} alt="" width={320} height={213} loading="lazy" decoding="async" />
      ) : (
        <div className="compact-card-nophoto" />
      )}
      <div className="compact-card-body">
        <h3>
          <a href={href}>{title}</a>
        </h3>
        <p className="compact-card-price">
          {/* The API's price text is Italian: a hidden price and a rent's unit are said in the page's language. */}
          {card.features.price.marker.price === null
            ? listingTexts[locale].privateNegotiation
            : withPriceUnit(card.features.price.text, card.features.price.marker.unit, texts.priceUnit(card.features.price.marker.unit))}
          {card.features.price.originalText && (
            <>
              {" "}
              <del>{card.features.price.originalText}</del>
            </>
          )}
        </p>
        <p className="compact-card-facts">{facts.join(" · ")}</p>
        <p className="compact-card-address">{card.address}</p>
      </div>
      {heart && <FavouriteButton listingId={card.id} title={title} className="compact-card-heart" />}
    </article>
  );
}
