/**
 * The parts of the map's address panel (map-address-panel.tsx): the form that saves an address under a
 * name (PREFERITI), the RECENTI list and the PREFERITI list. Rules: core/search/map-address.ts.
 */
import { useState } from "react";
import { Link } from "react-router";
import { ADDRESS_NAMES } from "../../core/mycasa/records.ts";
import {
  addressLabel,
  addressOfFavourite,
  type FavouriteAddress,
  favouriteAddressBody,
  type MapAddress,
} from "../../core/search/map-address.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import { requestLogin } from "./login-modal-host.tsx";

const ADDRESSES_URL = "/portal-srp/api/v1/mycasa/addresses";

export type Favourites = { status: "idle" | "loading" | "done" | "failed"; items: FavouriteAddress[] };

/** A refusal the API explains (4xx with its Italian message: a name in use, the 50-address limit). */
class Refused extends Error {}

export async function addressesCall<T>(path: "get" | "add", body: unknown): Promise<T> {
  const response = await fetch(`${ADDRESSES_URL}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => null)) as { data?: T; error?: { message?: string } } | null;
  if (response.status >= 400 && response.status < 500 && answer?.error?.message) throw new Refused(answer.error.message);
  if (!response.ok || !answer?.data) throw new Error(`addresses/${path}: ${response.status}`);
  return answer.data;
}

/** Saving an address under a name: the suggested names or one typed, then 'Salva'. */
export function AddressSaveForm({
  id,
  headingId,
  address,
  locale,
  onSaved,
  onCancel,
}: {
  id: string;
  headingId: string;
  address: MapAddress;
  locale: Locale;
  onSaved(saved: FavouriteAddress): void;
  onCancel(): void;
}) {
  const t = searchMapTexts[locale];
  const [saveName, setSaveName] = useState("");
  const [saveError, setSaveError] = useState<string | null>(null);
  const submit = async () => {
    if (saveName.trim() === "") return;
    setSaveError(null);
    try {
      onSaved(await addressesCall<FavouriteAddress>("add", favouriteAddressBody(address, saveName)));
    } catch (error) {
      setSaveError(error instanceof Refused ? error.message : t.saveFailed);
    }
  };
  return (
    // Not a <form>: the panel may sit inside the travel-time tool's form.
    <div className="address-panel__save" role="group" aria-labelledby={`${headingId}-save`}>
      <p id={`${headingId}-save`} className="address-panel__heading">
        {t.saveTitle(addressLabel(address))}
      </p>
      <label htmlFor={`${id}-save-name`}>{t.saveName}</label>
      <input
        id={`${id}-save-name`}
        // The form opens on the user's request and asks for this one field.
        autoFocus
        maxLength={40}
        value={saveName}
        aria-describedby={`${id}-save-hint`}
        onChange={(e) => setSaveName(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          void submit();
        }}
      />
      <p id={`${id}-save-hint`} className="address-panel__hint">
        {t.saveNameHint}
      </p>
      <div className="address-panel__names">
        {ADDRESS_NAMES.map((name) => (
          <button key={name} type="button" aria-pressed={saveName === name} onClick={() => setSaveName(name)}>
            {name}
          </button>
        ))}
      </div>
      {saveError && (
        <p className="address-panel__error" role="alert">
          {saveError}
        </p>
      )}
      <div className="search-map__circle-actions">
        <button type="button" className="button-primary" disabled={saveName.trim() === ""} onClick={() => void submit()}>
          {t.save}
        </button>
        <button type="button" className="search-map__tool" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

/** RECENTI: the addresses this browser picked, each with a star to save it and 'Elimina'. */
export function RecentAddresses({
  headingId,
  recents,
  locale,
  onPick,
  onSave,
  onForget,
}: {
  headingId: string;
  recents: MapAddress[];
  locale: Locale;
  onPick(address: MapAddress): void;
  onSave(address: MapAddress): void;
  onForget(address: MapAddress): void;
}) {
  const t = searchMapTexts[locale];
  return (
    <section aria-labelledby={`${headingId}-recent`} className="address-panel__list" data-testid="recent-addresses">
      <h3 id={`${headingId}-recent`} className="address-panel__heading">
        {t.recent}
      </h3>
      {recents.length === 0 ? (
        <p className="address-panel__hint">{t.recentEmpty}</p>
      ) : (
        <ul>
          {recents.map((a) => {
            const label = addressLabel(a);
            return (
              <li key={`${a.name}|${a.parent ?? ""}`}>
                <button type="button" className="address-panel__pick" onClick={() => onPick(a)}>
                  {label}
                </button>
                <button type="button" className="address-panel__star" aria-label={t.saveAddress(label)} onClick={() => onSave(a)}>
                  <StarIcon />
                </button>
                <button type="button" className="address-panel__remove" aria-label={t.removeRecent(label)} onClick={() => onForget(a)}>
                  {t.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** PREFERITI: the account's saved addresses ('Gestisci'), or the invitation to log in. */
export function FavouriteAddresses({
  headingId,
  loggedIn,
  favourites,
  manageHref,
  locale,
  onPick,
}: {
  headingId: string;
  loggedIn: boolean;
  favourites: Favourites;
  manageHref: string;
  locale: Locale;
  onPick(address: MapAddress): void;
}) {
  const t = searchMapTexts[locale];
  return (
    <section aria-labelledby={`${headingId}-favourites`} className="address-panel__list" data-testid="favourite-addresses">
      <div className="address-panel__list-head">
        <h3 id={`${headingId}-favourites`} className="address-panel__heading">
          {t.favourites}
        </h3>
        {loggedIn && (
          <Link to={manageHref} className="address-panel__manage">
            {t.manageFavourites}
          </Link>
        )}
      </div>
      {!loggedIn ? (
        <p className="address-panel__hint">
          {t.favouritesLogin}{" "}
          <button type="button" className="address-panel__link" onClick={() => requestLogin({ reason: "SaveAddress" })}>
            {t.login}
          </button>
        </p>
      ) : favourites.status === "failed" ? (
        <p className="address-panel__hint">{t.favouritesFailed}</p>
      ) : favourites.status === "done" && favourites.items.length === 0 ? (
        <p className="address-panel__hint">{t.favouritesEmpty}</p>
      ) : (
        <ul aria-busy={favourites.status === "loading"}>
          {favourites.items.map((f) => (
            <li key={f.id}>
              <button type="button" className="address-panel__pick" onClick={() => onPick(addressOfFavourite(f))}>
                <strong>{f.name}</strong> <span>{f.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
