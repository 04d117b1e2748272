/**
 * The terms-and-conditions consent dialog (seed 001 §4), opened by app/ui/terms-modal.tsx once it has
 * decided the user must see it. Its own chunk: most pages never show it.
 */
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { accountTexts } from "../i18n/account.ts";
import type { Locale } from "../i18n/locale.ts";

/** Accepting records the consent on the server (which re-issues the session token); the opener then sets the local flag. */
export function TermsDialog({ locale, onAccepted }: { locale: Locale; onAccepted: () => void }) {
  const t = accountTexts[locale];
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  const accept = async () => {
    setBusy(true);
    const res = await fetch("/portal-srp/api/v1/user/consents", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ privacy: true }),
    }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return;
    dialog.current?.close();
    onAccepted();
    void revalidator.revalidate();
  };
  return (
    <dialog ref={dialog} className="login-modal terms-modal" aria-labelledby="terms-modal-title" onCancel={(e) => e.preventDefault()}>
      <div className="login-modal__panel">
        <h2 id="terms-modal-title">{t.termsTitle}</h2>
        <p>{t.termsText}</p>
        <button type="button" className="account-button" onClick={accept} disabled={busy} autoFocus>
          {t.termsAccept}
        </button>
      </div>
    </dialog>
  );
}
