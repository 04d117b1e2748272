/**
 * The browser's back button closes an open modal first (seed 001 §2, seed 000 §2.14): while a modal is open one
 * history entry of ours sits on top; closing it any other way pops that entry again, unseen by React Router
 * (docs/decisions/027). One mechanism for every modal: the search tools, the filter panel on phones and the
 * login modal.
 *
 * Popping is asynchronous. A modal opened before the last one's pop has arrived waits for it before pushing its
 * own entry: pushed first, it would take that pop for its own Back and close at once (a quick reopen did, in CI).
 */
import { useEffect, useId, useRef } from "react";

const MODAL_STATE_KEY = "casaModal";

function modalMarker(): unknown {
  const state = window.history.state as Record<string, unknown> | null;
  return state && typeof state === "object" ? state[MODAL_STATE_KEY] : undefined;
}

/** The pop of a closed modal's entry on its way, and what settles it when its popstate arrives. */
let backPending: Promise<void> = Promise.resolve();
let settleBack: (() => void) | null = null;
let listening = false;

/**
 * One listener for our own pops, registered before any modal's: it swallows them (React Router and the open
 * modals never see them) even when the modal that asked has unmounted since, and lets a waiting modal push.
 */
function listenForOwnPops(): void {
  if (listening) return;
  listening = true;
  window.addEventListener(
    "popstate",
    (event) => {
      if (!settleBack) return;
      event.stopImmediatePropagation();
      const settle = settleBack;
      settleBack = null;
      settle();
    },
    { capture: true },
  );
}

function popOwnEntry(): void {
  backPending = new Promise((done) => {
    settleBack = done;
  });
  window.history.back();
}

/** While `open`, the browser's back button calls `onClose` instead of leaving the page. */
export function useCloseOnBack(open: boolean, onClose: () => void): void {
  const token = useId();
  /** Whether our entry is pushed and still on top (not popped by the browser's back, not left by a navigation). */
  const pushedRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    listenForOwnPops();
    const onPop = (event: PopStateEvent) => {
      if (pushedRef.current && modalMarker() !== token) {
        event.stopImmediatePropagation();
        pushedRef.current = false;
        onCloseRef.current();
      }
    };
    // Capture at the window: before React Router's listener, which must not see a modal's Back.
    window.addEventListener("popstate", onPop, { capture: true });
    // Back to a page kept in the back-forward cache while open: close (our entry is gone).
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && pushedRef.current) {
        pushedRef.current = false;
        onCloseRef.current();
      }
    };
    window.addEventListener("pageshow", onShow);
    return () => {
      window.removeEventListener("popstate", onPop, { capture: true });
      window.removeEventListener("pageshow", onShow);
    };
  }, [token]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    void backPending.then(() => {
      if (!active) return;
      const state = (window.history.state as Record<string, unknown> | null) ?? {};
      window.history.pushState({ ...state, [MODAL_STATE_KEY]: token }, "");
      pushedRef.current = true;
    });
    return () => {
      active = false;
      if (!pushedRef.current) return;
      pushedRef.current = false;
      // Still on top (no navigation replaced it): pop it.
      if (modalMarker() === token) popOwnEntry();
    };
  }, [open, token]);
}

/**
 * Leaves the page for another search from inside an open modal. A full page load (the results page
 * is rendered on the server): it replaces the modal's history entry, so back from the new search
 * returns to the one before, never to an open modal (docs/decisions/027). Never resolves: the page goes.
 */
export function leaveTo(url: string): Promise<never> {
  if (modalMarker() !== undefined) window.location.replace(url);
  else window.location.assign(url);
  return new Promise<never>(() => {});
}
