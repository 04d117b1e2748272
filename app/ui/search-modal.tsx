/**
 * The modal of the search tools (locality, property types, recent searches): a native <dialog>
 * opened with showModal() so the page behind is inert, with the focus kept inside (Tab wraps),
 * Escape closing it, the focus returned to the opener, and a history entry pushed on open so the
 * browser's back button closes the modal first (seed 000 §2.14). That entry is popped again when
 * the modal closes any other way; React Router never sees these pops (docs/decisions/027).
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

const MODAL_STATE_KEY = "casaModal";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function modalMarker(): unknown {
  const state = window.history.state as Record<string, unknown> | null;
  return state && typeof state === "object" ? state[MODAL_STATE_KEY] : undefined;
}

export interface SearchModalProps {
  open: boolean;
  /** Called when the visitor closes the modal (close button, Escape, backdrop, browser back). */
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Extra class for sizes (e.g. the property-type panel's 542 px). */
  className?: string;
}

/**
 * While `open`, one history entry of ours sits on top, so the browser's back button calls `onClose`
 * instead of leaving the page (seed 001 §2: back closes an open modal first). Closing any other way
 * pops that entry again, unseen by React Router. Used by the search tools' modals and the filter
 * panel on phones and tablets (docs/decisions/027, 048).
 */
export function useCloseOnBack(open: boolean, onClose: () => void): void {
  const token = useId();
  /** Whether our entry is (or was) pushed for the current opening. */
  const pushedRef = useRef(false);
  /** Set when the history entry was already popped (browser back) or replaced (navigation). */
  const entryGoneRef = useRef(false);
  /** Set while we pop our own entry, so that pop is swallowed. */
  const poppingRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Our popstate listener runs before React Router's (capture at the window) and hides our own entries from it.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      if (poppingRef.current) {
        poppingRef.current = false;
        event.stopImmediatePropagation();
        return;
      }
      if (pushedRef.current && modalMarker() !== token) {
        event.stopImmediatePropagation();
        entryGoneRef.current = true;
        onCloseRef.current();
      }
    };
    window.addEventListener("popstate", onPop, { capture: true });
    return () => window.removeEventListener("popstate", onPop, { capture: true });
  }, [token]);

  useEffect(() => {
    if (open && !pushedRef.current) {
      pushedRef.current = true;
      entryGoneRef.current = false;
      const state = (window.history.state as Record<string, unknown> | null) ?? {};
      window.history.pushState({ ...state, [MODAL_STATE_KEY]: token }, "");
    } else if (!open && pushedRef.current) {
      pushedRef.current = false;
      if (!entryGoneRef.current && modalMarker() === token) {
        poppingRef.current = true;
        window.history.back();
      }
    }
  }, [open, token]);

  // Back to a page kept in the back-forward cache while open: close (our entry is gone).
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && pushedRef.current) {
        entryGoneRef.current = true;
        onCloseRef.current();
      }
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
}

export function SearchModal({ open, onClose, title, closeLabel, children, footer, className }: SearchModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openerRef = useRef<Element | null>(null);
  useCloseOnBack(open, onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      const body = dialog.querySelector(".st-modal__body");
      const first =
        dialog.querySelector<HTMLElement>("[autofocus]") ??
        body?.querySelector<HTMLElement>(FOCUSABLE) ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    }
  }, [open]);

  // Unmounting while open (e.g. the page changed): close the native dialog.
  useEffect(() => () => dialogRef.current?.close(), []);

  const onKeyDown = useCallback((event: React.KeyboardEvent<HTMLDialogElement>) => {
    // Escape closes this modal only, not a panel the button sits in (the native cancel event closes it).
    if (event.key === "Escape") event.stopPropagation();
    if (event.key !== "Tab") return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  // Rendered in <body> once on the client: never inside the page's filter form or a hidden panel.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;

  return createPortal(
    <dialog
      ref={dialogRef}
      className={`st-modal${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
    >
      {open ? (
        <div className="st-modal__frame">
          <header className="st-modal__header">
            <h2 id={titleId} className="st-modal__title">
              {title}
            </h2>
            <button type="button" className="st-modal__close" onClick={onClose} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="st-modal__body">{children}</div>
          {footer ? <footer className="st-modal__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
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
