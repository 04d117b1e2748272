/**
 * The map's address panel (seed 000 §2 item 6, §4 "Address panel", §5; issue 10 item 8): the field
 * 'Cerca indirizzo' is the place autocomplete in its address form (3 characters, 100 ms throttle,
 * places and streets); focusing it opens the panel with 'Annulla', 'Cerca intorno a te', RECENTI (this
 * browser's picked addresses, 'Elimina', a star to save one) and PREFERITI (the account's saved
 * addresses, 'Gestisci'). Saving asks a visitor to log in first, then asks for a name and moves the
 * address from RECENTI to PREFERITI. The circle and travel-time panels use the same component for their
 * starting address. Escape closes it; so does a click or focus outside it, except on a phone, where it
 * covers the map and closes with 'Annulla'. Rules: core/search/map-address.ts.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { BREAKPOINTS } from "../../core/device.ts";
import { ADDRESS_NAMES } from "../../core/mycasa/records.ts";
import { ADDRESS_AUTOCOMPLETE, shouldSuggest } from "../../core/search/autocomplete.ts";
import {
  addRecentAddress,
  addressFromSuggestion,
  addressLabel,
  addressOfFavourite,
  type FavouriteAddress,
  favouriteAddressBody,
  type MapAddress,
  RECENT_ADDRESSES_KEY,
  readRecentAddresses,
  removeRecentAddress,
} from "../../core/search/map-address.ts";
import { tabPath } from "../mycasa/tabs.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import { requestLogin } from "./login-modal-host.tsx";
import { PlaceAutocomplete } from "./place-autocomplete.tsx";

const ADDRESSES_URL = "/portal-srp/api/v1/mycasa/addresses";

export interface MapAddressPanelProps {
  /** The field's id (two panels can be on the page: the map's and a tool's). */
  id: string;
  locale: Locale;
  placeholder: string;
  /** An address was picked: the map goes there (or the open tool starts from it). */
  onPick(address: MapAddress): void;
  /** 'Cerca intorno a te': the browser's position; false when it could not be found (the panel says so). */
  onLocate?: () => Promise<boolean>;
  /** Inside a tool's panel: the lists take their place in it instead of floating over the map. */
  inline?: boolean;
  /** The map's view [west, south, east, north]: suggestions rank the towns in it first (docs/decisions/080). */
  view?(): [number, number, number, number] | null;
}

type Favourites = { status: "idle" | "loading" | "done" | "failed"; items: FavouriteAddress[] };

function storedRecents(): MapAddress[] {
  try {
    return readRecentAddresses(localStorage.getItem(RECENT_ADDRESSES_KEY));
  } catch {
    return [];
  }
}
function storeRecents(list: MapAddress[]): void {
  try {
    localStorage.setItem(RECENT_ADDRESSES_KEY, JSON.stringify(list));
  } catch {
    /* private mode or full storage: the list lives for this page only */
  }
}

/** A refusal the API explains (4xx with its Italian message: a name in use, the 50-address limit). */
class Refused extends Error {}

async function addressesCall<T>(path: "get" | "add", body: unknown): Promise<T> {
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

/** A phone (seed 000 §9: mobile layout under 768 px): the panel covers the map, and a click outside it does not close it. */
const onPhone = () => window.innerWidth < BREAKPOINTS.mobile;

export function MapAddressPanel({ id, locale, placeholder, onPick, onLocate, inline = false, view }: MapAddressPanelProps) {
  const t = searchMapTexts[locale];
  const root = useRouteLoaderData("root") as { user?: { id: number } | null } | undefined;
  const loggedIn = Boolean(root?.user);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  /** The field is emptied by remounting the autocomplete ('Annulla', after a pick). */
  const [fieldKey, setFieldKey] = useState(0);
  const typed = useRef("");
  const [typing, setTyping] = useState(false);
  const [recents, setRecents] = useState<MapAddress[]>([]);
  const [favourites, setFavourites] = useState<Favourites>({ status: "idle", items: [] });
  const [saving, setSaving] = useState<MapAddress | null>(null);
  const [saveName, setSaveName] = useState("");
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  /** Focus put back on the field by the panel itself does not reopen it. */
  const quietFocus = useRef(false);
  const refocus = useRef(false);

  const field = () => document.getElementById(id) as HTMLInputElement | null;
  /** After the panel closes focus goes back to its field, quietly; on a phone the keyboard goes away instead. */
  const settleFocus = () => {
    if (onPhone()) return field()?.blur();
    quietFocus.current = true;
    field()?.focus();
    quietFocus.current = false;
  };
  const close = (focusField: boolean) => {
    setOpen(false);
    setSaving(null);
    setLocateFailed(false);
    if (focusField) settleFocus();
  };
  // A remounted (emptied) field gets the focus back once it is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each remount of the field
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    settleFocus();
  }, [fieldKey]);

  // RECENTI are read on each opening (another tab may have changed them).
  useEffect(() => {
    if (open) setRecents(storedRecents());
  }, [open]);

  // PREFERITI: the account's addresses, read when the panel opens (and again after a login or a save).
  useEffect(() => {
    if (!open || !loggedIn) {
      if (!loggedIn) setFavourites({ status: "idle", items: [] });
      return;
    }
    let current = true;
    setFavourites((f) => ({ ...f, status: "loading" }));
    addressesCall<FavouriteAddress[]>("get", {})
      .then((items) => current && setFavourites({ status: "done", items }))
      .catch(() => current && setFavourites({ status: "failed", items: [] }));
    return () => {
      current = false;
    };
  }, [open, loggedIn]);

  // A click or focus outside closes the panel on everything but a phone (seed 000 §4 "Address panel");
  // the login modal over it is not outside: the save goes on after it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only sets state; the listeners follow the panel's opening
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      target instanceof Node && !panel.current?.contains(target) && !(target instanceof Element && target.closest("dialog"));
    const onPointer = (e: PointerEvent) => {
      if (outside(e.target) && !onPhone()) close(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (outside(e.target) && !onPhone()) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);

  /** The field keeps what was picked from it; a pick from the lists leaves it as it was. */
  const pick = (address: MapAddress, remember: boolean) => {
    if (remember) {
      const next = addRecentAddress(storedRecents(), address);
      storeRecents(next);
      setRecents(next);
    }
    setTyping(false);
    typed.current = "";
    close(true);
    onPick(address);
  };

  const forget = (address: MapAddress) => {
    const next = removeRecentAddress(storedRecents(), address);
    storeRecents(next);
    setRecents(next);
    settleFocus();
  };

  const startSaving = (address: MapAddress) => {
    setSaveError(null);
    setSavedAs(null);
    setSaveName("");
    if (loggedIn) return setSaving(address);
    // A visitor logs in first; once logged in the panel asks for the name (seed 000 §4 "Address panel").
    requestLogin({
      reason: "SaveAddress",
      then: () => {
        setOpen(true);
        setSaving(address);
      },
    });
  };

  const submitSave = async () => {
    if (!saving || saveName.trim() === "") return;
    setSaveError(null);
    try {
      const saved = await addressesCall<FavouriteAddress>("add", favouriteAddressBody(saving, saveName));
      // Saving removes the same address from RECENTI (§4).
      const next = removeRecentAddress(storedRecents(), saving);
      storeRecents(next);
      setRecents(next);
      setFavourites((f) => ({ status: "done", items: [...f.items.filter((a) => a.id !== saved.id), saved] }));
      setSavedAs(saved.name);
      setSaving(null);
    } catch (error) {
      setSaveError(error instanceof Refused ? error.message : t.saveFailed);
    }
  };

  const locate = async () => {
    if (!onLocate) return;
    setLocating(true);
    setLocateFailed(false);
    const found = await onLocate();
    setLocating(false);
    if (found) close(false);
    else setLocateFailed(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The autocomplete's own Escape (closing its list) comes first.
    if (e.key !== "Escape" || e.defaultPrevented || !open) return;
    e.preventDefault();
    close(true);
  };

  const showLists = open && !typing;
  const manageHref = localizePath(tabPath.addresses, locale);

  return (
    <div
      ref={panel}
      className={`address-panel${open ? " is-open" : ""}${inline ? " address-panel--inline" : ""}`}
      data-testid={`address-panel-${id}`}
      data-open={open ? "true" : "false"}
      onKeyDown={onKeyDown}
    >
      <div className="address-panel__row">
        <PlaceAutocomplete
          key={fieldKey}
          id={id}
          kind="address"
          view={view}
          label={placeholder}
          labelHidden
          placeholder={placeholder}
          onActivate={() => {
            if (!quietFocus.current) setOpen(true);
          }}
          onQueryChange={(text) => {
            typed.current = text;
            setTyping(shouldSuggest(text, ADDRESS_AUTOCOMPLETE.minChars));
            setOpen(true);
          }}
          onSelect={(place) => pick(addressFromSuggestion(place, typed.current), true)}
        />
        {open && (
          <button
            type="button"
            className="search-map__tool"
            onClick={() => {
              refocus.current = true;
              typed.current = "";
              setTyping(false);
              setFieldKey((k) => k + 1);
              close(false);
            }}
          >
            {t.cancel}
          </button>
        )}
      </div>
      {showLists && (
        <section className="address-panel__popover" aria-label={t.addressPanel}>
          {onLocate && (
            <div className="address-panel__locate">
              <button type="button" className="search-map__tool" onClick={() => void locate()} aria-busy={locating}>
                {t.locate}
              </button>
              {locateFailed && (
                <p className="address-panel__error" role="alert">
                  {t.geolocationFailed}
                </p>
              )}
            </div>
          )}
          {savedAs && (
            <p className="address-panel__note" role="status">
              {t.saved(savedAs)}
            </p>
          )}
          {saving && (
            // Not a <form>: the panel may sit inside the travel-time tool's form.
            <div className="address-panel__save" role="group" aria-labelledby={`${headingId}-save`}>
              <p id={`${headingId}-save`} className="address-panel__heading">
                {t.saveTitle(addressLabel(saving))}
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
                  void submitSave();
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
                <button type="button" className="button-primary" disabled={saveName.trim() === ""} onClick={() => void submitSave()}>
                  {t.save}
                </button>
                <button type="button" className="search-map__tool" onClick={() => setSaving(null)}>
                  {t.cancel}
                </button>
              </div>
            </div>
          )}
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
                      <button type="button" className="address-panel__pick" onClick={() => pick(a, true)}>
                        {label}
                      </button>
                      <button
                        type="button"
                        className="address-panel__star"
                        aria-label={t.saveAddress(label)}
                        onClick={() => startSaving(a)}
                      >
                        <StarIcon />
                      </button>
                      <button type="button" className="address-panel__remove" aria-label={t.removeRecent(label)} onClick={() => forget(a)}>
                        {t.remove}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
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
                    <button type="button" className="address-panel__pick" onClick={() => pick(addressOfFavourite(f), false)}>
                      <strong>{f.name}</strong> <span>{f.label}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </section>
      )}
    </div>
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
