/** /registrati/ (and /en/registrati/): sign up as a plain form; with JavaScript the ALTCHA bot check joins it. */
import { Form, useActionData, useLoaderData } from "react-router";
import { registrationSchema } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { accountMessageIn } from "../../core/account/message-locale.ts";
import { formAction, formCsrfToken, invalid, type FormResult } from "../account/form.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import { BotCheck } from "../ui/bot-check.tsx";
import type { Route } from "./+types/register";
import "../ui/account.css";

export function loader({ request, context }: Route.LoaderArgs) {
  return { locale: localeFromPath(new URL(request.url).pathname), csrf: formCsrfToken(request, context) };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult> => {
    // A field people never see: only bots fill it in.
    if (String(form.get("website") ?? "") !== "") return { errors: { form: accountMessages.botCheckFailed }, values };
    const botCheck = String(form.get("botCheck") ?? "");
    const parsed = registrationSchema.safeParse({
      displayName: form.get("displayName") ?? "",
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
      consent: true, // §5: pressing the button means accepting the terms
      type: form.get("marketing") === "on" ? "marketing" : "privacy",
      botCheck: botCheck || undefined,
    });
    if (!parsed.success) return invalid(parsed.error, values);
    await svc.accounts.registration.register(parsed.data, info.ip, svc.publicOrigin, botCheck ? "required" : "fallback");
    return { errors: {}, values: {}, notice: accountMessages.registrationSent, step: "sent" };
  });
}

export default function RegisterPage() {
  const { locale, csrf } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  return (
    <section className="page account-page">
      <title>{`${t.registerTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.registerTitle}</h1>
      <p>{t.registerIntro}</p>
      {result?.step === "sent" ? (
        <p className="form-notice" role="status">
          {result.notice}
        </p>
      ) : (
        <Form method="post" className="account-form" noValidate>
          <FormMessages errors={errors} />
          <input type="hidden" name="csrf" value={csrf} />
          <Field
            name="displayName"
            label={t.name}
            autoComplete="name"
            required
            maxLength={60}
            defaultValue={result?.values.displayName}
            error={errors.displayName}
          />
          <Field
            name="email"
            label={t.email}
            type="email"
            autoComplete="email"
            required
            defaultValue={result?.values.email}
            error={errors.email}
          />
          <Field
            name="password"
            label={t.password}
            type="password"
            autoComplete="new-password"
            required
            hint={t.passwordHint}
            error={errors.password}
          />
          <div className="trap" aria-hidden="true">
            <label htmlFor="campo-website">Sito web</label>
            <input id="campo-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <label className="check">
            <input type="checkbox" name="marketing" defaultChecked={result?.values.marketing === "on"} /> {t.marketing}
          </label>
          <BotCheck language={locale} />
          {errors.botCheck && <p className="form-error">{accountMessageIn(errors.botCheck, locale)}</p>}
          <p className="consent">{t.consent}</p>
          <button type="submit" className="account-button">
            {t.submitRegister}
          </button>
        </Form>
      )}
      <p>
        {t.haveAccount} <a href={localizePath("/accedi/", locale)}>{t.login}</a>
      </p>
    </section>
  );
}
