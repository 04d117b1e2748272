/**
 * The terms-and-conditions consent modal (seed 001 §4): for a logged-in user whose last privacy
 * acceptance predates 1750402800, with no local acceptance flag, and not a trusted identity. Accepting
 * records the consent on the server (which re-issues the session token) and sets the local flag; the flag
 * is dropped once the server's date is later than it.
 */
import { useEffect, useState } from "react";
import { shouldDropLocalFlag, shouldShowTermsModal } from "../../core/account/consent.ts";
import type { Locale } from "../i18n/locale.ts";
import { onDemand } from "./on-demand.ts";
import "./account.css";

const FLAG_KEY = "casa.termsAccepted";

/** The dialog loads only for a user who must see it (app/ui/on-demand.ts); a failed load tries again on the next page. */
const termsDialog = onDemand(() => import("./terms-dialog.tsx"));

function readFlag(): number | null {
  try {
    const raw = window.localStorage.getItem(FLAG_KEY);
    return raw === null ? null : Number(raw) || null;
  } catch {
    return null;
  }
}

export function TermsModal({
  locale,
  user,
}: {
  locale: Locale;
  user: { lastPrivacyAcceptanceDt: number | null; trustedIdentity: boolean };
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

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
    const show = shouldShowTermsModal({
      isAuthenticated: true,
      lastPrivacyAcceptanceDt: user.lastPrivacyAcceptanceDt,
      localAcceptanceFlag: flag,
      trustedIdentity: user.trustedIdentity,
    });
    setOpen(show);
    if (show)
      termsDialog.load().then(
        () => setLoaded(true),
        () => {},
      );
  }, [user.lastPrivacyAcceptanceDt, user.trustedIdentity]);

  const Dialog = termsDialog.loaded?.TermsDialog;
  if (!open || !loaded || !Dialog) return null;
  const accepted = () => {
    try {
      window.localStorage.setItem(FLAG_KEY, String(Math.floor(Date.now() / 1000)));
    } catch {
      // storage blocked: the server's new date keeps the modal away anyway
    }
    setOpen(false);
  };
  return <Dialog locale={locale} onAccepted={accepted} />;
}
