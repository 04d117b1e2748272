/**
 * The modal of the search tools (locality, property types, recent searches): a native <dialog>
 * opened with showModal() so the page behind is inert, with the focus kept inside (Tab wraps),
 * Escape closing it, the focus returned to the opener, and the browser's back button closing the modal
 * first (modal-history.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useCloseOnBack } from "./modal-history.ts";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
