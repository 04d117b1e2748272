/**
 * /preferiti/ (and /en/preferiti/): the listings saved with the heart in this browser. The ids live in
 * localStorage, so the list is fetched in the browser from the cards endpoint; without JavaScript
 * the page explains where favourites are kept.
 */
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { CARDS_PER_PAGE, cardRequests } from "../../core/listing/favourites.ts";
import type { ListingCard } from "../api/listing-card-presenter.ts";
import { favouriteTexts } from "../i18n/favourites.ts";
import { listingTexts } from "../i18n/listing.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { CompactCard } from "../ui/compact-card.tsx";
import { useFavourites, writeFavourites } from "../ui/favourites-store.ts";
import type { Route } from "./+types/favourites";
import "../ui/listing.css";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: localeFromPath(new URL(request.url).pathname) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = favouriteTexts[loaderData?.locale ?? "it"];
  return [
    { title: t.title },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.it, href: "/preferiti/" },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: "/en/preferiti/" },
  ];
}

type Load = { status: "idle" | "loading" | "error" } | { status: "done"; listings: ListingCard[]; gone: number };

export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = favouriteTexts[locale];
  const lt = listingTexts[locale];
  const root = useRouteLoaderData("root") as { user?: { id: number } | null } | undefined;
  const loggedIn = Boolean(root?.user);
  const { ids, ready } = useFavourites(root?.user?.id ?? null);
  const [load, setLoad] = useState<Load>({ status: "idle" });
  // Pages of CARDS_PER_PAGE cards shown; the cards endpoint gives one page per call.
  const [pages, setPages] = useState(1);
  const key = ids.join(",");

  useEffect(() => {
    if (!ready) return;
    // The list as of `key`: the effect re-runs when the saved ids change, not on every new array.
    const ids = key === "" ? [] : key.split(",").map(Number);
    if (ids.length === 0)
      return setLoad((previous) => ({ status: "done", listings: [], gone: previous.status === "done" ? previous.gone : 0 }));
    const controller = new AbortController();
    setLoad((previous) => (previous.status === "done" ? previous : { status: "loading" }));
    const fetchCards = async (chunk: number[]) => {
      const res = await fetch("/portal-srp/api/v1/mycasa/listings/cards", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ids: chunk }),
        signal: controller.signal,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as { listings: ListingCard[]; missing: number[] };
    };
    Promise.all(cardRequests(ids, pages).map(fetchCards))
      .then((bodies) => {
        const listings = bodies.flatMap((b) => b.listings);
        const missing = bodies.flatMap((b) => b.missing);
        setLoad((previous) => ({ status: "done", listings, gone: missing.length + (previous.status === "done" ? previous.gone : 0) }));
        // Listings that were removed from the portal leave the saved list too.
        if (missing.length > 0) writeFavourites(ids.filter((id) => !missing.includes(id)));
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setLoad({ status: "error" });
      });
    return () => controller.abort();
  }, [key, ready, pages]);

  // Unsaving on this page removes the card at once (the heart writes to the same store).
  const shown = load.status === "done" ? load.listings.filter((c) => ids.includes(c.id)) : [];
  const from = localizePath("/preferiti/", locale);

  return (
    <section className="page favourites-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      {/* Server-rendered and shown until the page runs its script, so it is what a visitor without JavaScript reads. */}
      {!ready && (
        <p className="notice" data-testid="favourites-noscript">
          {t.noScript}
        </p>
      )}
      <div aria-live="polite">
        {load.status === "loading" && <p role="status">{t.loading}</p>}
        {load.status === "error" && (
          <p role="alert" className="notice">
            {t.loadError}
          </p>
        )}
        {load.status === "done" && shown.length === 0 && <p data-testid="favourites-empty">{t.empty}</p>}
        {load.status === "done" && load.gone > 0 && <p className="notice">{t.gone(load.gone)}</p>}
        {load.status === "done" && shown.length > 0 && <p data-testid="favourites-count">{t.count(ids.length)}</p>}
      </div>
      {shown.length > 0 && (
        <ul className="compact-card-list">
          {shown.map((c) => (
            <li key={c.id}>
              <CompactCard card={c} href={`${localizePath(c.uri, locale)}?from=${encodeURIComponent(from)}`} locale={locale} />
            </li>
          ))}
        </ul>
      )}
      {load.status === "done" && ids.length > pages * CARDS_PER_PAGE && (
        <p>
          <button type="button" className="secondary-button" data-testid="favourites-more" onClick={() => setPages(pages + 1)}>
            {t.more(ids.length - pages * CARDS_PER_PAGE)}
          </button>
        </p>
      )}
      {/* A logged-in user's list is the account's: it is managed (and emptied) on MyCasa. */}
      {loggedIn && (
        <p>
          <a href={localizePath("/mycasa/", locale)}>MyCasa</a>
        </p>
      )}
      {shown.length > 1 && !loggedIn && (
        <p>
          <button type="button" className="secondary-button" onClick={() => writeFavourites([])}>
            {t.clear}
          </button>
        </p>
      )}
      <p>
        <a href={localizePath("/", locale)}>{lt.backToSearch}</a>
      </p>
    </section>
  );
}
