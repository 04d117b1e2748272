/**
 * /verifica-email/?token=… (and /en/): the link of the verification mail. Opening it shows a button:
 * only the POST confirms and logs in, so mail scanners that follow links do not use the token up.
 */
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { formAction, formCsrfToken, rememberCookie, type FormResult } from "../account/form.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/verify-email";
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
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult & { setCookies?: string[] }> => {
    const token = z.string().max(100).safeParse(form.get("token"));
    if (!token.success) return { errors: { form: accountMessages.linkInvalid }, values };
    const issue = await svc.accounts.verifyEmail(token.data, info.cookies, rememberCookie(args.request));
    return {
      errors: {},
      values: { name: issue.claims.name },
      step: issue.firstLogin ? "welcome" : "welcomeback",
      setCookies: issue.setCookies,
    };
  });
}

export default function VerifyEmailPage() {
  const { locale, csrf, token } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const done = result?.step === "welcome" || result?.step === "welcomeback";
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
      ) : (
        <>
          <h1>{t.verifyTitle}</h1>
          <p>{t.verifyIntro}</p>
          <Form method="post" className="account-form">
            <FormMessages errors={result?.errors ?? {}} />
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="token" value={token} />
            <button type="submit" className="account-button">
              {t.submitVerify}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
