/** The listing page /annunci/{id}/ (and /en/annunci/{id}/): gallery, price, features, energy, map, publisher, similar listings. */
import { data } from "react-router";
import { parseId } from "../../core/ids.ts";
import { safeResultsPath } from "../../core/listing/back-link.ts";
import { findListingPage, findSimilarListings } from "../../db/listings.ts";
import { formatDate, formatEuro } from "../../core/format.ts";
import { priceDropLines, pricePoints, stepChartPath } from "../../core/listing/price-history.ts";
import { findPublishedListing, listingPriceHistory, recordListingView } from "../../db/publishing.ts";
import { listingPhotos } from "../../db/listing-photos.ts";
import { homeOffers } from "../../db/home-offers.ts";
import { PHOTO_WIDTHS, photoFilePath } from "../../core/publisher/photo.ts";
import { romeDay } from "../../core/listing/price-history.ts";
import { PriceHistory } from "../ui/price-history.tsx";
import { findListingContact } from "../../db/publishers.ts";
import { listingContactProps } from "../contact/listing-contact.server.ts";
import { PublisherContact } from "../ui/publisher-contact.tsx";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { presentListingCard } from "../api/listing-card-presenter.ts";
import { listingTexts } from "../i18n/listing.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { listingJsonLd, placeResultsPath, presentListing } from "../listing/present.server.ts";
import { BackToResults } from "../ui/back-to-results.tsx";
import { CompactCard } from "../ui/compact-card.tsx";
import { FavouriteButton } from "../ui/favourite-button.tsx";
import { ListingGallery } from "../ui/listing-gallery.tsx";
import { ListingMapBox } from "../ui/listing-map.tsx";
import { saveSearchAfterLead } from "../search/save-search-state.server.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/listing";
import "../ui/listing.css";
import "../ui/search-tools.css";
import "../ui/publisher.css";

/** Listing ids are positive 32-bit integers written plainly ("0012" and "12abc" are not ids). */

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const id = parseId(params.id);
  if (id === null) throw data("annuncio non trovato", { status: 404 });
  const db = services(context).database.readDb;
  const [page, directory, contact] = await Promise.all([findListingPage(db, id), getPlaceDirectory(db), findListingContact(db, id)]);
  if (!page || !contact) {
    // A listing its publisher withdrew (or that expired) is gone, not unknown: 410, and similar ones nearby.
    const ended = await findPublishedListing(db, id);
    if (!ended || ended.status === "online") throw data("annuncio non trovato", { status: 404 });
    const similar = await findSimilarListings(db, {
      id,
      channel: ended.channel,
      propertyTypeGroup: ended.propertyTypeGroup,
      shownPrice: Number(ended.price),
      lat: ended.lat,
      lon: ended.lon,
    });
    return data(
      {
        locale,
        gone: {
          id,
          title: ended.title,
          resultsPath: localizePath(placeResultsPath(directory, ended.channel, ended.propertyTypeGroup, ended.townId), locale),
        },
        similar: similar.map((s) => {
          const card = presentListingCard(s, directory);
          return { ...card, publisher: { ...card.publisher, publisherPhone: null } };
        }),
      },
      { status: 410, headers: { "X-Robots-Tag": "noindex" } },
    );
  }
  // Phone numbers leave the server only through POST /portal-srp/api/v1/phonecall (recorded, rate-limited).
  const presented = presentListing(page.listing, directory, locale);
  // Photos a publisher uploaded (decision 119) are shown from their WebP renditions; the generator's keep their paths.
  const uploaded = await listingPhotos(db, id);
  const photos = uploaded.length > 0 ? uploaded.map((p) => photoFilePath(id, p.id, PHOTO_WIDTHS[1])) : presented.photos;
  const listing = { ...presented, photos, publisher: { ...presented.publisher, phone: null } };
  const canonicalPath = `/annunci/${listing.id}/`;
  const from = safeResultsPath(url.searchParams.get("from"));
  const svc = services(context);
  const saveSearchHref = await saveSearchAfterLead(
    svc.database.db,
    db,
    from,
    requestInfo(context).session?.uid ?? null,
    locale,
    svc.proposeSaveSearchAfterLead,
  );
  const [published, events, offers] = await Promise.all([findPublishedListing(db, id), listingPriceHistory(db, id), homeOffers(db, [id])]);
  const now = new Date(svc.clock());
  // Every listing counts its views per day for its publisher's dashboard; a failed count never fails the page.
  recordListingView(svc.database.db, id, romeDay(now)).catch((error: unknown) =>
    svc.logger.warn({ err: error }, "listing view not counted"),
  );
  return {
    locale,
    gone: null,
    listing,
    priceHistory: {
      lines: priceDropLines(events, locale),
      chart: stepChartPath(pricePoints(events, page.listing.price, now), 240, 60),
    },
    verified: published ? formatDate(new Date(published.confirmedAt), locale) : null,
    // Every publisher offering this same home (decision 120), cheapest first.
    offers: (offers.get(id) ?? []).map((o) => ({
      id: o.listingId,
      href: localizePath(`/annunci/${o.listingId}/`, locale),
      publisherName: o.publisherName,
      priceText: o.price === null ? null : formatEuro(o.price, locale),
    })),
    canonicalPath,
    from,
    similar: page.similar.map((s) => {
      const card = presentListingCard(s, directory);
      return { ...card, publisher: { ...card.publisher, publisherPhone: null } };
    }),
    jsonLd: listingJsonLd(listing, url.origin, localizePath(canonicalPath, locale)),
    origin: url.origin,
    contact: { ...listingContactProps(contact, locale), saveSearchHref },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Annuncio non trovato" }, { name: "robots", content: "all" }];
  if (loaderData.gone) return [{ title: listingTexts[loaderData.locale].goneTitle }, { name: "robots", content: "noindex" }];
  const { listing, canonicalPath, locale, jsonLd, origin } = loaderData;
  const t = listingTexts[locale];
  return [
    { title: `${listing.title} - ${listing.priceText}` },
    { name: "description", content: t.metaDescription(listing.title, listing.priceText) },
    { tagName: "link", rel: "canonical", href: `${origin}${localizePath(canonicalPath, locale)}` },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.it, href: `${origin}${canonicalPath}` },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: `${origin}${localizePath(canonicalPath, "en")}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${canonicalPath}` },
    { property: "og:title", content: listing.title },
    ...(listing.photos[0] ? [{ property: "og:image", content: `${origin}${listing.photos[0]}` }] : []),
    { "script:ld+json": jsonLd },
  ];
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.gone) return <GoneListing {...loaderData} gone={loaderData.gone} />;
  const { listing: v, locale, from, similar, contact, priceHistory, verified, offers } = loaderData;
  const t = listingTexts[locale];
  const fromQuery = from ? `?from=${encodeURIComponent(from)}` : "";
  const osm = `https://www.openstreetmap.org/?mlat=${v.location.lat}&mlon=${v.location.lon}#map=${v.location.exact ? 17 : 15}/${v.location.lat}/${v.location.lon}`;

  return (
    <article className="page listing-page">
      <nav aria-label={t.breadcrumbs} className="breadcrumbs">
        <ol>
          {v.breadcrumbs.map((b) => (
            <li key={`${b.name}-${b.href}`}>{b.href ? <a href={b.href}>{b.name}</a> : <span aria-current="page">{b.name}</span>}</li>
          ))}
        </ol>
      </nav>
      <p className="listing-back">
        <BackToResults from={from} fallbackHref={v.resultsPath} backText={t.backToResults} searchText={t.backToSearch} />
      </p>

      <div className="listing-columns">
        <div className="listing-main">
          <header className="listing-header">
            <h1>{v.title}</h1>
            <p className="listing-address">
              {v.address}
              {v.zoneName ? ` · ${v.zoneName}` : ""}
            </p>
            <div className="listing-price-row">
              <p className="listing-price">
                <span className="visually-hidden">{t.price}: </span>
                <strong data-testid="listing-price">{v.priceText}</strong>
                {v.originalPriceText && (
                  <>
                    {" "}
                    <del aria-label={`${t.originalPrice}: ${v.originalPriceText}`}>{v.originalPriceText}</del>
                  </>
                )}
              </p>
              <FavouriteButton listingId={v.id} title={v.title} />
            </div>
            {offers.length > 1 && (
              <section className="listing-offers" aria-labelledby="listing-offers-heading" data-testid="listing-offers">
                <h2 id="listing-offers-heading">{t.offersHeading(offers.length)}</h2>
                <ul>
                  {offers.map((o) => (
                    <li key={o.id}>
                      {o.id === v.id ? (
                        <span aria-current="page">
                          {o.publisherName} ({t.thisOffer})
                        </span>
                      ) : (
                        <a href={o.href}>{o.publisherName}</a>
                      )}
                      {o.priceText && ` · ${o.priceText}`}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {v.perMqText && (
              <p className="listing-permq">
                {t.pricePerMq}: <span data-testid="listing-permq">{v.perMqText}</span>
              </p>
            )}
            <PriceHistory lines={priceHistory.lines} chart={priceHistory.chart} label={t.priceHistory} />
            {verified && <p className="listing-verified">{t.verifiedOn(verified)}</p>}
          </header>

          <ListingGallery photos={v.photos} locale={locale} />

          <section aria-labelledby="caratteristiche">
            <h2 id="caratteristiche">{t.features}</h2>
            <dl className="listing-features">
              {v.features.map((f) => (
                <div key={f.name}>
                  <dt>{f.name}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="energia">
            <h2 id="energia">{t.energy}</h2>
            <p>
              {t.energyClass}: <strong data-testid="energy-class">{v.energy.energyClass ?? t.energyNotGiven}</strong>
              {v.energy.indexText && (
                <>
                  {" "}
                  · {t.energyIndex}: <strong data-testid="energy-index">{v.energy.indexText}</strong>
                </>
              )}
            </p>
            <ol className="energy-scale" aria-label={t.energyScale}>
              {v.energy.steps.map((s) => (
                <li
                  key={s.energyClass}
                  aria-current={s.current ? "true" : undefined}
                  className={s.current ? "current" : undefined}
                  data-energy-class={s.energyClass}
                >
                  {s.energyClass}
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="descrizione">
            <h2 id="descrizione">{t.description}</h2>
            {/* Written by the publisher, in Italian: content, not interface (docs/decisions/081). */}
            <p className="listing-description" lang="it">
              {v.description}
            </p>
          </section>

          {v.floorPlan && (
            <section aria-labelledby="planimetria">
              <h2 id="planimetria">{t.floorPlan}</h2>
              <img
                className="listing-floorplan"
                src={v.floorPlan}
                alt={t.floorPlanAlt}
                width={800}
                height={600}
                loading="lazy"
                decoding="async"
              />
            </section>
          )}

          <section aria-labelledby="posizione">
            <h2 id="posizione">{t.location}</h2>
            <p className="listing-position-flag">{v.location.exact ? t.exactPosition : t.approximatePosition}</p>
            <ListingMapBox
              dataUrl={`/annunci/${v.id}/mappa.geojson`}
              lat={v.location.lat}
              lon={v.location.lon}
              exact={v.location.exact}
              label={t.mapLabel}
              loadingText={t.mapLoading}
            >
              <p data-testid="map-address">
                {v.address}
                {v.postalCode ? ` (${v.postalCode})` : ""}
              </p>
              <p>
                <a href={osm} rel="noopener">
                  {t.openMap}
                </a>
              </p>
            </ListingMapBox>
          </section>
        </div>

        {/*
          The contact card: beside the gallery and sticky on a desktop; on phones and tablets its two actions are a bar
          fixed at the bottom of the screen (listing.css). The same links, modals and phone reveal either way.
        */}
        <aside className="listing-publisher" id="contatti" aria-labelledby="inserzionista" data-testid="contact-card">
          <div className="publisher-card">
            <p className="contact-card-price" aria-hidden="true">
              {v.priceText}
            </p>
            <h2 id="inserzionista" className="contact-card-title">
              {t.publisher}
            </h2>
            <div className="contact-card-who">
              {v.publisher.logo && <img src={v.publisher.logo} alt={t.logoAlt(v.publisher.name)} width={120} height={60} loading="lazy" />}
              <div>
                <p className="publisher-name">
                  {contact.publisherUrl ? <a href={contact.publisherUrl}>{v.publisher.name}</a> : v.publisher.name}
                </p>
                {v.publisher.agentName && <p>{t.agentOf(v.publisher.agentName)}</p>}
              </div>
            </div>
            <PublisherContact {...contact} />
            {!contact.showContact && <p className="contact-note">{contact.blockedText}</p>}
          </div>
        </aside>
      </div>

      <section aria-labelledby="simili" className="listing-similar">
        <h2 id="simili">{t.similar}</h2>
        {similar.length === 0 ? (
          <p>{t.noSimilar}</p>
        ) : (
          <ul className="compact-card-list">
            {similar.map((c) => (
              <li key={c.id}>
                <CompactCard card={c} href={`${localizePath(c.uri, locale)}${fromQuery}`} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** The page of a listing that is no longer on the portal: said plainly, with similar listings nearby (410). */
function GoneListing({
  locale,
  gone,
  similar,
}: {
  locale: "it" | "en";
  gone: { id: number; title: string; resultsPath: string };
  similar: Array<Parameters<typeof CompactCard>[0]["card"]>;
}) {
  const t = listingTexts[locale];
  return (
    <article className="page listing-page listing-gone">
      <h1>{t.goneTitle}</h1>
      <p lang="it">{gone.title}</p>
      <p>
        <a href={gone.resultsPath}>{t.goneSearch}</a>
      </p>
      <section aria-labelledby="simili" className="listing-similar">
        <h2 id="simili">{t.similar}</h2>
        {similar.length === 0 ? (
          <p>{t.noSimilar}</p>
        ) : (
          <ul className="compact-card-list">
            {similar.map((c) => (
              <li key={c.id}>
                <CompactCard card={c} href={localizePath(c.uri, locale)} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
