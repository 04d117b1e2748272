/**
 * The terms-and-conditions consent modal (seed 001 §4): for a logged-in user whose last privacy
 * acceptance predates 1750402800, with no local acceptance flag, and not a trusted identity. Accepting
 * records the consent on the server (which re-issues the session token) and sets the local flag; the flag
 * is dropped once the server's date is later than it.
 */
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { shouldDropLocalFlag, shouldShowTermsModal } from "../../core/account/consent.ts";
import { accountTexts } from "../i18n/account.ts";
import type { Locale } from "../i18n/locale.ts";
import "./account.css";

const FLAG_KEY = "casa.termsAccepted";

function readFlag(): number | null {
  try {
    const raw = window.localStorage.getItem(FLAG_KEY);
    return raw === null ? null : Number(raw) || null;
  } catch {
    return null;
  }
}

export function TermsModal({ locale, user }: { locale: Locale; user: { lastPrivacyAcceptanceDt: number | null; trustedIdentity: boolean } }) {
  const t = accountTexts[locale];
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    let flag = readFlag();
    if (shouldDropLocalFlag(flag, user.lastPrivacyAcceptanceDt)) {
      try {
        window.localStorage.removeItem(FLAG_KEY);
      } catch {
        // storage blocked
      }
      flag = null;
    }
    setOpen(shouldShowTermsModal({ isAuthenticated: true, lastPrivacyAcceptanceDt: user.lastPrivacyAcceptanceDt, localAcceptanceFlag: flag, trustedIdentity: user.trustedIdentity }));
  }, [user.lastPrivacyAcceptanceDt, user.trustedIdentity]);

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  if (!open) return null;
  const accept = async () => {
    setBusy(true);
    const res = await fetch("/portal-srp/api/v1/user/consents", { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify({ privacy: true }) }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return;
    try {
      window.localStorage.setItem(FLAG_KEY, String(Math.floor(Date.now() / 1000)));
    } catch {
      // storage blocked: the server's new date keeps the modal away anyway
    }
    dialog.current?.close();
    setOpen(false);
    void revalidator.revalidate();
  };
  return (
    <dialog ref={dialog} className="login-modal terms-modal" aria-labelledby="terms-modal-title" onCancel={(e) => e.preventDefault()}>
      <div className="login-modal__panel">
        <h2 id="terms-modal-title">{t.termsTitle}</h2>
        <p>{t.termsText}</p>
        <button type="button" className="account-button" onClick={accept} disabled={busy} autoFocus>{t.termsAccept}</button>
      </div>
    </dialog>
  );
}
