/** /password-dimenticata/ (and /en/): ask for a password-reset link by e-mail; the same answer for any address. */
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { loginEmailSchema } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { formAction, formCsrfToken, invalid, type FormResult } from "../account/form.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/forgot-password";
import "../ui/account.css";

export function loader({ request, context }: Route.LoaderArgs) {
  return { locale: localeFromPath(new URL(request.url).pathname), csrf: formCsrfToken(request, context) };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult> => {
    const parsed = z.object({ email: loginEmailSchema }).safeParse({ email: form.get("email") ?? "" });
    if (!parsed.success) return invalid(parsed.error, values);
    await svc.accounts.credentials.requestPasswordReset(parsed.data.email, info.ip, svc.publicOrigin);
    return { errors: {}, values, notice: accountMessages.resetSent };
  });
}

export default function ForgotPasswordPage() {
  const { locale, csrf } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  return (
    <section className="page account-page">
      <title>{`${t.forgotTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.forgotTitle}</h1>
      <p>{t.forgotIntro}</p>
      <Form method="post" className="account-form" noValidate>
        <FormMessages errors={errors} notice={result?.notice} />
        <input type="hidden" name="csrf" value={csrf} />
        <Field
          name="email"
          label={t.email}
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values.email}
          error={errors.email}
        />
        <button type="submit" className="account-button">
          {t.sendLink}
        </button>
      </Form>
      <p>
        <a href={localizePath("/accedi/", locale)}>{t.loginTitle}</a>
      </p>
    </section>
  );
}
