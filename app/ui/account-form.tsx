/**
 * Pieces of the account forms: labelled fields with their error tied by aria-describedby, the error summary.
 * Errors and notices come as the rules' and the API's Italian messages; they are shown in the page's language.
 */
import type { InputHTMLAttributes } from "react";
import { useLocation } from "react-router";
import { accountMessageIn } from "../../core/account/message-locale.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, type Locale } from "../i18n/locale.ts";

/** An account message in the language of the page it shows on. */
export function useAccountMessage(): (message: string) => string {
  const locale = localeFromPath(useLocation().pathname);
  return (message) => accountMessageIn(message, locale);
}

const PROVIDER_LABELS: Record<string, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

/**
 * 'Continua con Google/Apple/Facebook' (seed 001 §2), one link per configured provider, back here afterwards;
 * with the consent line, since a new social account accepts the terms by it (decision 044).
 */
export function SocialButtons({ providers, locale, returnTo }: { providers: string[]; locale: Locale; returnTo: string }) {
  if (!providers.length) return null;
  const back = returnTo;
  return (
    <div className="social-buttons">
      {providers.map((p) => (
        <a key={p} className="social-button" href={`/client-account/api/v1/social/${p}/login?originalUrl=${encodeURIComponent(back)}`}>
          {accountTexts[locale].continueWith(PROVIDER_LABELS[p] ?? p)}
        </a>
      ))}
      <p className="consent social-buttons__consent">{accountTexts[locale].socialConsent}</p>
    </div>
  );
}

export function Field(props: { name: string; label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { name, label, error, hint, ...input } = props;
  const say = useAccountMessage();
  const id = `campo-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {say(error)}
        </p>
      )}
    </div>
  );
}

export function FormMessages({ errors, notice }: { errors: Record<string, string>; notice?: string }) {
  const say = useAccountMessage();
  return (
    <>
      {errors.form && (
        <p className="form-error-summary" role="alert">
          {say(errors.form)}
        </p>
      )}
      {notice && (
        <p className="form-notice" role="status">
          {say(notice)}
        </p>
      )}
    </>
  );
}
