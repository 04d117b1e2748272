/**
 * /verifica-email/?token=… (and /en/): the link of the verification mail. Opening it shows two buttons:
 * only a POST confirms and logs in ('Conferma e accedi') or disowns the registration ('Non ho creato io
 * questo account'), so mail scanners that follow links do not use the token up. A used or superseded link
 * says so instead of offering the buttons again (docs/decisions/073).
 */
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { accountMessages } from "../../core/account/messages.ts";
import type { VerificationLinkState } from "../account/registration.server.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { rememberCookie } from "../account/cookies.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import { FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/verify-email";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = (url.searchParams.get("token") ?? "").slice(0, 100);
  const linkState: VerificationLinkState = token ? await services(context).accounts.registration.verificationLinkState(token) : "invalid";
  return { locale: localeFromPath(url.pathname), csrf: formCsrfToken(request, context), token, linkState };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult & { setCookies?: string[] }> => {
    const token = z.string().max(100).safeParse(form.get("token"));
    if (!token.success) return { errors: { form: accountMessages.linkInvalid }, values };
    if (form.get("intent") === "disown") {
      await svc.accounts.registration.disownRegistration(token.data);
      return { errors: {}, values: {}, step: "disowned" };
    }
    const issue = await svc.accounts.registration.verifyEmail(token.data, info.cookies, rememberCookie(args.request));
    return {
      errors: {},
      values: { name: issue.claims.name },
      step: issue.firstLogin ? "welcome" : "welcomeback",
      setCookies: issue.setCookies,
    };
  });
}

export default function VerifyEmailPage() {
  const { locale, csrf, token, linkState } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const stateTexts = { used: t.linkUsed, superseded: t.linkSuperseded, invalid: t.linkInvalid };
  const done = result?.step === "welcome" || result?.step === "welcomeback";
  const refusal = linkState === "valid" ? (result?.errors.token ?? null) : stateTexts[linkState];
  return (
    <section className="page account-page">
      <title>{`${t.verifyTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      {done ? (
        <>
          <h1>{result.step === "welcome" ? t.welcome(result.values.name ?? "") : t.welcomeback(result.values.name ?? "")}</h1>
          <p>{t.welcomeText}</p>
          <p>
            <a href={localizePath("/", locale)}>casa.it</a>
          </p>
        </>
      ) : result?.step === "disowned" ? (
        <>
          <h1>{t.verifyTitle}</h1>
          <p className="form-notice" role="status">
            {t.registrationDisowned}
          </p>
          <p>
            <a href={localizePath("/accedi/codice/", locale)}>{t.codeLogin}</a>
          </p>
        </>
      ) : refusal ? (
        <>
          <h1>{t.verifyTitle}</h1>
          <p className="form-error-summary" role="alert">
            {refusal}
          </p>
          <p>
            <a href={localizePath("/accedi/", locale)}>{t.login}</a>
          </p>
        </>
      ) : (
        <>
          <h1>{t.verifyTitle}</h1>
          <p>{t.verifyIntro}</p>
          <Form method="post" className="account-form">
            <FormMessages errors={result?.errors ?? {}} />
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="token" value={token} />
            <button type="submit" name="intent" value="confirm" className="account-button">
              {t.submitVerify}
            </button>
            <p>{t.disownNote}</p>
            <button type="submit" name="intent" value="disown" className="account-button account-button--danger">
              {t.disownAccount}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
