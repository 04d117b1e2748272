/** Forms of the login modal's panels (login-modal.tsx, seed 001 §2). */
import type { FormEvent } from "react";
import { accountMessageIn } from "../../core/account/message-locale.ts";
import { accountTexts } from "../i18n/account.ts";
import type { Locale } from "../i18n/locale.ts";
import { Field } from "./account-form.tsx";
import { BotCheck } from "./bot-check.tsx";

/** Registration: name, e-mail, password, marketing consent and the bot check. */
export function RegisterForm({
  toSave,
  email,
  errors,
  busy,
  locale,
  onSubmit,
}: {
  /** Registering to save a search: the panel says so. */
  toSave: boolean;
  email: string;
  errors: Partial<Record<string, string>>;
  busy: boolean;
  locale: Locale;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}) {
  const t = accountTexts[locale];
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      {toSave && <p>{t.registerToSave}</p>}
      <Field name="displayName" label={t.name} autoComplete="name" maxLength={60} error={errors.displayName} autoFocus />
      <Field name="email" label={t.email} type="email" autoComplete="email" defaultValue={email} error={errors.email} />
      <Field name="password" label={t.password} type="password" autoComplete="new-password" hint={t.passwordHint} error={errors.password} />
      <label className="check">
        <input type="checkbox" name="marketing" /> {t.marketing}
      </label>
      <BotCheck language={locale} />
      {errors.botCheck && <p className="form-error">{accountMessageIn(errors.botCheck, locale)}</p>}
      <p className="consent">{t.consent}</p>
      <button type="submit" className="account-button" disabled={busy}>
        {t.submitRegister}
      </button>
    </form>
  );
}

/** The one-time code sent by e-mail. */
export function CodeForm({
  error,
  busy,
  locale,
  onSubmit,
}: {
  error: string | undefined;
  busy: boolean;
  locale: Locale;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
}) {
  const t = accountTexts[locale];
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      <Field
        name="code"
        label={t.code}
        hint={t.codeHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={error}
        autoFocus
      />
      <button type="submit" className="account-button" disabled={busy}>
        {t.submitCode}
      </button>
    </form>
  );
}
