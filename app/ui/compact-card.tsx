/** A small listing card (similar listings, favourites) from the API's Card shape. */
import { formatEuro } from "../../core/format.ts";
import type { ListingCard } from "../api/listing-card-presenter.ts";
import { cardPriceIn, cardTitleIn } from "../listing/listing-text.ts";
import { listingTexts } from "../i18n/listing.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import { FavouriteButton } from "./favourite-button.tsx";

export function CompactCard({ card, href, locale, heart = true }: { card: ListingCard; href: string; locale: Locale; heart?: boolean }) {
  const texts = searchTexts[locale];
  const photo = card.media.photos[0];
  const f = card.features;
  const title = cardTitleIn(card, locale);
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
          {/* The API's texts are Italian: the price, a hidden price and a rent's unit are said in the page's language. */}
          {cardPriceIn(card, texts.priceUnit(card.features.price.marker.unit), locale) ?? listingTexts[locale].privateNegotiation}
          {card.features.price.marker.originalPrice ? (
            <>
              {" "}
              <del>{formatEuro(card.features.price.marker.originalPrice, locale)}</del>
            </>
          ) : null}
        </p>
        <p className="compact-card-facts">{facts.join(" · ")}</p>
        <p className="compact-card-address">{card.address}</p>
      </div>
      {heart && <FavouriteButton listingId={card.id} title={title} className="compact-card-heart" />}
    </article>
  );
}
