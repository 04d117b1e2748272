/**
 * The social login card (seed 001 §2, docs/decisions/069): a non-modal dialog in a bottom corner (a bottom
 * sheet on phones) with the configured 'Continua con …' links of the login modal, e-mail login (the modal)
 * and a close button. It takes no focus when it appears; Escape inside it closes it like the button.
 * Loaded by SocialPrompt (social-prompt-host.tsx) only once its rule says so.
 */
import { accountTexts } from "../i18n/account.ts";
import type { Locale } from "../i18n/locale.ts";
import { SocialButtons } from "./account-form.tsx";
import "./account.css";
import "./social-prompt.css";

export default function SocialPromptCard({
  locale,
  providers,
  onClose,
  onEmail,
}: {
  locale: Locale;
  providers: string[];
  onClose: () => void;
  onEmail: () => void;
}) {
  const t = accountTexts[locale];
  // Closing unmounts the card: focus inside it would fall to <body>, so it goes to the page's main content.
  const close = () => {
    const hadFocus = document.activeElement?.closest(".social-prompt") != null;
    onClose();
    if (hadFocus) document.getElementById("contenuto")?.focus({ preventScroll: true });
  };
  return (
    <section
      className="social-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby="social-prompt-title"
      data-testid="social-prompt"
      onKeyDown={(e) => {
        if (e.key === "Escape") close();
      }}
    >
      <div className="social-prompt__head">
        <h2 id="social-prompt-title">{t.promptTitle}</h2>
        <button type="button" className="social-prompt__close" aria-label={t.promptClose} onClick={close}>
          ×
        </button>
      </div>
      <p>{t.modalText}</p>
      <SocialButtons providers={providers} locale={locale} returnTo={`${window.location.pathname}${window.location.search}`} />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          onEmail();
        }}
      >
        {t.continueWithEmail}
      </button>
    </section>
  );
}
