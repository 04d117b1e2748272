/**
 * The save-search button (seed 001 §4 "Save-search button") and its modal (§2 "Saved-search panels"):
 * three states — not saved; saved, with the alarm or no-alarm icon; 'Attiva ricerca' when this browser
 * remembers the search as saved by an account that is not logged in now. It takes the search state from
 * the page's loader (`SaveSearchState`), so the list and the map can both host it.
 *
 * Without JavaScript it is a link to /mycasa/ricerche/salva/ (login first when needed). With it, a
 * visitor goes through the login modal (reason AddFavouriteSearch) and the modal opens after login.
 * The modal (save-search-modal.tsx) is its own chunk, loaded when it first opens.
 */
import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { deviceClass } from "../../core/device.ts";
import {
  NOTIFICATION_TOOLTIP_KEY,
  proposeSaveSearch,
  readTimestamp,
  SAVE_SEARCH_HINT_KEY,
  saveSearchButtonState,
  showNotificationTooltip,
  showSaveSearchHint,
  type Notifications,
  type SearchAlert,
} from "../../core/search/saved-search-alerts.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { saveSearchButtonTexts } from "../i18n/save-search-button.ts";
import { FAVOURITE_ADDED_EVENT } from "./favourites-store.ts";
import { requestLogin } from "./login-modal-host.tsx";
import { onDemand } from "./on-demand.ts";
import "./saved-searches.css";
import { localStore, readCache, remember } from "./saved-searches-cache.ts";

/** The modal is loaded when it first opens (app/ui/on-demand.ts). */
const saveSearchModal = onDemand(() => import("./save-search-modal.tsx"));

/** What the page's loader tells the button about the search shown (app/search/save-search-state.server.ts). */
export interface SaveSearchState {
  /** The search's results page, page 1, without the /en prefix. */
  uri: string;
  hash: string;
  loggedIn: boolean;
  saved: { id: number; customTitle: string | null; alerts: SearchAlert[]; notifications: Notifications } | null;
  defaultTitle: string;
  summary: string;
  auctionAllowed: boolean;
  /** Whether alerts are actually sent on each channel (not yet: the alert sender is the next issue). */
  delivery: { email: boolean; push: boolean };
}

/** The fragment a My{product} bookmark link adds to open the saved search's modal on its results page. */
export const EDIT_FRAGMENT = "modifica-ricerca";
// Arriving from a My{product} bookmark, the modal opens a second after the page: its code starts loading now.
if (typeof window !== "undefined" && window.location.hash === `#${EDIT_FRAGMENT}`) saveSearchModal.preload();

function Icon({ kind }: { kind: "bookmark" | "bell" | "bell-off" }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={`ssb-icon ssb-icon--${kind}`}
    >
      {kind === "bookmark" ? (
        <path d="M6 3h12v18l-6-4-6 4z" />
      ) : (
        <>
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
          <path d="M10 20a2 2 0 0 0 4 0" />
          {kind === "bell-off" && <path d="M3 3l18 18" />}
        </>
      )}
    </svg>
  );
}

export function SaveSearchButton({
  state,
  locale,
  total,
  page,
  onSummary,
  hints = true,
}: {
  state: SaveSearchState;
  locale: Locale;
  total: number;
  page: number;
  /** Back to the query builder from 'RIEPILOGO' (default: the results page's filter panel). */
  onSummary?: () => void;
  /** The hint tooltips under the button; off on the map page, where they would cover the map's tools. */
  hints?: boolean;
}) {
  const t = saveSearchButtonTexts[locale];
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(state.saved);
  const [loggedIn, setLoggedIn] = useState(state.loggedIn);
  const [knownFromCache, setKnownFromCache] = useState(false);
  const [open, setOpen] = useState(false);
  const href = `${localizePath("/mycasa/ricerche/salva/", locale)}?uri=${encodeURIComponent(state.uri)}`;
  /** Opens the modal once its code is there; when that cannot load, goes the no-JavaScript way (the save page). */
  const show = () => {
    saveSearchModal.load().then(
      () => setOpen(true),
      () => window.location.assign(href),
    );
  };
  const [hint, setHint] = useState<"save" | "notification" | "proposal" | null>(null);
  /** Logged in through the modal: the save modal opens once the login modal (welcome panel) is closed. */
  const [pendingOpen, setPendingOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: watches for the login modal to close once pendingOpen is set
  useEffect(() => {
    if (!pendingOpen) return;
    const timer = window.setInterval(() => {
      if (document.querySelector("dialog.login-modal[open]")) return;
      window.clearInterval(timer);
      setPendingOpen(false);
      show();
    }, 150);
    return () => window.clearInterval(timer);
  }, [pendingOpen]);
  // A new search (hash) or a server answer resets the button, even when saved/loggedIn compare equal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: state.hash is the trigger, not an input
  useEffect(() => {
    setSaved(state.saved);
    setLoggedIn(state.loggedIn);
  }, [state.saved, state.loggedIn, state.hash]);

  // §4 saved-search check: a logged-in page knows from the server; the browser remembers it for later visits.
  useEffect(() => {
    if (state.loggedIn) {
      remember(state.saved ? { id: state.saved.id, hash: state.hash } : null, state.hash);
      setKnownFromCache(false);
    } else {
      setKnownFromCache(readCache().some((e) => e.hash === state.hash));
    }
  }, [state.loggedIn, state.saved, state.hash]);

  const buttonState = saveSearchButtonState({ loggedIn, saved, knownFromCache });

  // Opened from a My{product} bookmark (§2): the modal after 1 s, only when logged in and the search is saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (window.location.hash !== `#${EDIT_FRAGMENT}`) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    if (!state.loggedIn || !state.saved) return;
    const timer = window.setTimeout(show, 1000);
    return () => window.clearTimeout(timer);
  }, []);

  // Hint tooltips (§4, §9): the save hint on desktop, the notification tooltip of an inactive search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once per search and button state
  useEffect(() => {
    const now = Date.now();
    const s = localStore();
    const isDesktop = deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: navigator.maxTouchPoints > 0 }).isDesktop;
    if (
      showSaveSearchHint({
        isDesktop,
        state: buttonState,
        page,
        total,
        lastShownAt: readTimestamp(s?.getItem(SAVE_SEARCH_HINT_KEY) ?? null, now),
        now,
      })
    )
      setHint("save");
    else if (
      showNotificationTooltip({
        state: buttonState,
        loggedIn,
        lastShownAt: readTimestamp(s?.getItem(NOTIFICATION_TOOLTIP_KEY) ?? null, now),
        now,
      })
    ) {
      setHint("notification");
      s?.setItem(NOTIFICATION_TOOLTIP_KEY, String(now));
    } else setHint(null);
  }, [state.hash, buttonState.kind, loggedIn]);
  // After a favourite, the proposal to save the search (seed 001 §4 "Favourites"), with its own hint text.
  useEffect(() => {
    const onFavourite = () => {
      if (proposeSaveSearch({ origin: "favourite", state: buttonState, loggedIn, total, afterLeadEnabled: true })) setHint("proposal");
    };
    window.addEventListener(FAVOURITE_ADDED_EVENT, onFavourite);
    return () => window.removeEventListener(FAVOURITE_ADDED_EVENT, onFavourite);
  }, [buttonState, loggedIn, total]);
  const closeHint = () => {
    if (hint === "save") localStore()?.setItem(SAVE_SEARCH_HINT_KEY, String(Date.now()));
    setHint(null);
  };

  const openModal = () => {
    closeHint();
    if (!loggedIn) {
      requestLogin({
        reason: "AddFavouriteSearch",
        then: () => {
          setLoggedIn(true);
          setPendingOpen(true);
        },
      });
      return;
    }
    show();
  };

  const label =
    buttonState.kind === "saved" ? (buttonState.alarm ? t.saved : t.savedNoAlarm) : buttonState.kind === "inactive" ? t.activate : t.save;
  const icon =
    buttonState.kind === "saved" ? (buttonState.alarm ? "bell" : "bell-off") : buttonState.kind === "inactive" ? "bell-off" : "bookmark";
  const hintId = useId();
  const Modal = saveSearchModal.loaded?.SaveSearchModal;

  return (
    <div className="save-search">
      <a
        href={href}
        role="button"
        className={buttonState.kind === "not-saved" ? "save-search-button" : `save-search-button save-search-button--${buttonState.kind}`}
        data-testid="save-search-button"
        data-state={buttonState.kind === "saved" ? (buttonState.alarm ? "saved-alarm" : "saved-no-alarm") : buttonState.kind}
        aria-haspopup="dialog"
        aria-describedby={hint && hints ? hintId : undefined}
        title={buttonState.kind === "saved" ? t.editLabel : undefined}
        onPointerEnter={saveSearchModal.preload}
        onFocus={saveSearchModal.preload}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          openModal();
        }}
      >
        <Icon kind={icon} />
        <span>{label}</span>
      </a>
      {hint && hints && (
        <div className="save-search-hint" id={hintId} role="status">
          <span>{hint === "save" ? t.hint : hint === "proposal" ? t.hintAfterProposal : t.notificationTooltip}</span>
          <button type="button" className="save-search-hint__close" aria-label={t.close} onClick={closeHint}>
            ×
          </button>
        </div>
      )}
      {open && Modal && (
        <Modal
          state={state}
          saved={saved}
          locale={locale}
          onClose={() => setOpen(false)}
          onSummary={() => {
            setOpen(false);
            (onSummary ?? openFilterPanel)();
          }}
          onSaved={(next, searchUrl) => {
            setSaved(next);
            setOpen(false);
            if (next) remember({ id: next.id, hash: state.hash }, state.hash);
            else remember(null, state.hash);
            // Saved under another address (auctions excluded): the modal is leaving for it.
            if (!searchUrl || searchUrl === state.uri) void revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}

/** The results page's filters: the panel's toggle on phones and tablets, the first field of the side column on desktop. */
function openFilterPanel(): void {
  window.setTimeout(() => {
    const toggle = document.querySelector<HTMLElement>(".filters-toggle");
    if (toggle && toggle.offsetParent !== null && getComputedStyle(toggle).display !== "none") toggle.click();
    else document.querySelector<HTMLElement>("#filtri-form select, #filtri-form input:not([type=hidden])")?.focus();
    // After the modal's own history entry is popped (the panel pushes one of its own on phones).
  }, 100);
}
