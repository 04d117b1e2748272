/** /reimposta-password/?token=… (and /en/): choose a new password from the mailed link; logs out everywhere. */
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { passwordSchema } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { formAction, formCsrfToken, invalid, type FormResult } from "../account/form.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/reset-password";
import "../ui/account.css";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    locale: localeFromPath(url.pathname),
    csrf: formCsrfToken(request, context),
    token: (url.searchParams.get("token") ?? "").slice(0, 100),
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, svc, info }): Promise<FormResult & { setCookies?: string[] }> => {
    const parsed = z
      .object({ token: z.string().max(100), password: passwordSchema })
      .safeParse({ token: form.get("token") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) return invalid(parsed.error, values);
    await svc.accounts.credentials.resetPassword(parsed.data.token, parsed.data.password);
    const out = await svc.accounts.sessions.logout(null, info.cookies);
    return { errors: {}, values: {}, notice: accountMessages.passwordChanged, step: "done", setCookies: out };
  });
}

export default function ResetPasswordPage() {
  const { locale, csrf, token } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  return (
    <section className="page account-page">
      <title>{`${t.resetTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.resetTitle}</h1>
      {result?.step === "done" ? (
        <p className="form-notice" role="status">
          {result.notice} <a href={localizePath("/accedi/", locale)}>{t.login}</a>
        </p>
      ) : (
        <Form method="post" className="account-form" noValidate>
          <FormMessages errors={{ ...errors, ...(errors.token ? { form: errors.token } : {}) }} />
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="token" value={token} />
          <Field
            name="password"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            required
            hint={t.passwordHint}
            error={errors.password}
          />
          <button type="submit" className="account-button">
            {t.submitReset}
          </button>
        </Form>
      )}
    </section>
  );
}
