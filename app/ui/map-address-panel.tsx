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
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useRouteLoaderData } from "react-router";
import { BREAKPOINTS } from "../../core/device.ts";
import { ADDRESS_AUTOCOMPLETE, shouldSuggest } from "../../core/search/autocomplete.ts";
import {
  addRecentAddress,
  addressFromSuggestion,
  type FavouriteAddress,
  type MapAddress,
  RECENT_ADDRESSES_KEY,
  readRecentAddresses,
  removeRecentAddress,
} from "../../core/search/map-address.ts";
import { tabPath } from "../mycasa/tabs.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import { requestLogin } from "./login-modal-host.tsx";
import { AddressSaveForm, addressesCall, FavouriteAddresses, type Favourites, RecentAddresses } from "./map-address-lists.tsx";
import { PlaceAutocomplete } from "./place-autocomplete.tsx";

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
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  /** Focus put back on the field by the panel itself does not reopen it. */
  const quietFocus = useRef(false);

  /** After the panel closes focus goes back to its field, quietly; on a phone the keyboard goes away instead. */
  const settleFocus = useCallback(() => {
    const field = document.getElementById(id) as HTMLInputElement | null;
    if (onPhone()) return field?.blur();
    quietFocus.current = true;
    field?.focus();
    quietFocus.current = false;
  }, [id]);
  const close = useCallback(
    (focusField: boolean) => {
      setOpen(false);
      setSaving(null);
      setLocateFailed(false);
      if (focusField) settleFocus();
    },
    [settleFocus],
  );
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
  }, [open, close]);

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
    setSavedAs(null);
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

  /** Saved: it leaves RECENTI (§4) and joins PREFERITI. */
  const saved = (address: FavouriteAddress) => {
    if (saving) {
      const next = removeRecentAddress(storedRecents(), saving);
      storeRecents(next);
      setRecents(next);
    }
    setFavourites((f) => ({ status: "done", items: [...f.items.filter((a) => a.id !== address.id), address] }));
    setSavedAs(address.name);
    setSaving(null);
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
              typed.current = "";
              setTyping(false);
              // The emptied field is there at once, to take the focus back.
              flushSync(() => setFieldKey((k) => k + 1));
              close(true);
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
            <AddressSaveForm
              id={id}
              headingId={headingId}
              address={saving}
              locale={locale}
              onSaved={saved}
              onCancel={() => setSaving(null)}
            />
          )}
          <RecentAddresses
            headingId={headingId}
            recents={recents}
            locale={locale}
            onPick={(a) => pick(a, true)}
            onSave={startSaving}
            onForget={forget}
          />
          <FavouriteAddresses
            headingId={headingId}
            loggedIn={loggedIn}
            favourites={favourites}
            manageHref={localizePath(tabPath.addresses, locale)}
            locale={locale}
            onPick={(a) => pick(a, false)}
          />
        </section>
      )}
    </div>
  );
}
