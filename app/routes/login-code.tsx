/** /accedi/codice/ (and /en/): log in with a one-time code sent by e-mail, in two plain form steps. */
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { loginEmailSchema, oneTimeCodeSchema } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { safeRedirect } from "../account/api.server.ts";
import { AccountError } from "../../core/account/account-error.ts";
import { formAction, formCsrfToken, homeOf, invalid, redirectWithCookies, type FormResult } from "../account/form.server.ts";
import { rememberCookie } from "../account/cookies.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/login-code";
import "../ui/account.css";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    locale: localeFromPath(url.pathname),
    csrf: formCsrfToken(request, context),
    redirectTo: safeRedirect(url.searchParams.get("redirect")) ?? "",
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    if (form.get("intent") === "verify") {
      const parsed = z
        .object({ email: loginEmailSchema, code: oneTimeCodeSchema })
        .safeParse({ email: form.get("email"), code: form.get("code") });
      if (!parsed.success) return { ...invalid(parsed.error, values), step: "verify" };
      try {
        const { issue } = await svc.accounts.credentials.loginWithCode(
          parsed.data.email,
          parsed.data.code,
          info.ip,
          info.cookies,
          rememberCookie(args.request),
        );
        return redirectWithCookies(safeRedirect(form.get("redirect")) ?? homeOf(args.request), issue.setCookies);
      } catch (error) {
        if (error instanceof AccountError) return { errors: { code: error.message }, values, step: "verify" };
        throw error;
      }
    }
    const parsed = z.object({ email: loginEmailSchema }).safeParse({ email: form.get("email") });
    if (!parsed.success) return invalid(parsed.error, values);
    await svc.accounts.credentials.requestLoginCode(parsed.data.email, info.ip);
    return { errors: {}, values: { ...values, email: parsed.data.email }, notice: accountMessages.codeSent, step: "verify" };
  });
}

export default function LoginCodePage() {
  const { locale, csrf, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  const verifying = result?.step === "verify";
  return (
    <section className="page account-page">
      <title>{`${t.codeTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.codeTitle}</h1>
      <p>{t.codeIntro}</p>
      <Form method="post" className="account-form" noValidate key={verifying ? "verify" : "request"}>
        <FormMessages errors={errors} notice={result?.notice} />
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="redirect" value={redirectTo} />
        {verifying ? (
          <>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={result?.values.email ?? ""} />
            <p>{result?.values.email}</p>
            <Field
              name="code"
              label={t.code}
              hint={t.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              error={errors.code}
              autoFocus
            />
            <button type="submit" className="account-button">
              {t.submitCode}
            </button>
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="request" />
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
              {t.sendCode}
            </button>
          </>
        )}
      </Form>
      <ul className="account-links">
        {verifying && (
          <li>
            <a href={localizePath("/accedi/codice/", locale)}>{t.otherEmail}</a>
          </li>
        )}
        <li>
          <a href={localizePath("/accedi/", locale)}>{t.loginTitle}</a>
        </li>
      </ul>
    </section>
  );
}
