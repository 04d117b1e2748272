/**
 * The heart on cards and on the listing page: a visitor's favourite is kept in this browser
 * (core/listing/favourites.ts); a logged-in user's goes to the account first, then to the browser's
 * mirror (seed 001 §4 "Favourites"). A refusal (the account's limit) is said next to the heart.
 */
import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { favouriteButtonTexts } from "../i18n/favourite-button.ts";
import { localeFromPath } from "../i18n/locale.ts";
import { useFavourites } from "./favourites-store.ts";
import "./favourites.css";

export function FavouriteButton({ listingId, title, className }: { listingId: number; title: string; className?: string }) {
  const t = favouriteButtonTexts[localeFromPath(useLocation().pathname)];
  const root = useRouteLoaderData("root") as { user?: { id: number } | null } | undefined;
  const { ids, toggle, ready } = useFavourites(root?.user?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = ids.includes(listingId);
  const label = saved ? t.remove : t.add;
  return (
    <>
      <button
        type="button"
        className={`favourite-button${className ? ` ${className}` : ""}`}
        aria-pressed={saved}
        aria-label={label}
        title={`${label}: ${title}`}
        data-listing-id={listingId}
        disabled={!ready || busy}
        onClick={() => {
          setBusy(true);
          void toggle(listingId).then((message) => {
            setError(message);
            setBusy(false);
          });
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.1 0 3.5 1.1 5.4 3 1.9-1.9 3.3-3 5.4-3 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      {error && (
        <span role="alert" className="favourite-error">
          {error}
        </span>
      )}
    </>
  );
}
