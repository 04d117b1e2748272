/** /accedi/ (and /en/accedi/): log in with e-mail and password as a plain form; works without JavaScript. */
import { Form, useActionData, useLoaderData } from "react-router";
import { canAttemptLogin, loginSchema } from "../../core/account/validation.ts";
import { safeRedirect } from "../account/api.server.ts";
import { formAction, formCsrfToken, invalid, redirectWithCookies, type FormResult } from "../account/form.server.ts";
import { rememberCookie } from "../account/cookies.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import { Field, FormMessages, SocialButtons } from "../ui/account-form.tsx";
import type { Route } from "./+types/login";
import "../ui/account.css";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  return {
    locale,
    csrf: formCsrfToken(request, context),
    redirectTo: safeRedirect(url.searchParams.get("redirect")) ?? "",
    user: requestInfo(context).session?.name ?? null,
    social: services(context).accounts.socialProviders.providers(),
    socialFailed: url.searchParams.get("errore") === "social",
    notice:
      url.searchParams.get("avviso") === "eliminato"
        ? ("deleted" as const)
        : url.searchParams.get("avviso") === "uscito"
          ? ("loggedOutEverywhere" as const)
          : null,
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const parsed = loginSchema.safeParse({ email, password });
    if (!canAttemptLogin(email, password) || !parsed.success)
      return parsed.success ? { errors: {}, values } : invalid(parsed.error, values);
    const { issue } = await svc.accounts.credentials.loginWithPassword(
      parsed.data.email,
      password,
      info.ip,
      info.cookies,
      rememberCookie(args.request),
    );
    const home = localizePath("/", localeFromPath(new URL(args.request.url).pathname));
    return redirectWithCookies(safeRedirect(form.get("redirect")) ?? home, issue.setCookies);
  });
}

export default function LoginPage() {
  const { locale, csrf, redirectTo, user, social, socialFailed, notice } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  const link = (path: string) => localizePath(path, locale);
  return (
    <section className="page account-page">
      <title>{`${t.loginTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.loginTitle}</h1>
      {user ? <p role="status">{t.loggedInAs(user)}</p> : <p>{t.loginIntro}</p>}
      {socialFailed && (
        <p className="form-error-summary" role="alert">
          {t.socialFailed}
        </p>
      )}
      {notice && (
        <p className="form-notice" role="status">
          {t[notice]}
        </p>
      )}
      <SocialButtons providers={social} locale={locale} returnTo={redirectTo || localizePath("/", locale)} />
      <Form method="post" className="account-form" noValidate>
        <FormMessages errors={errors} />
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field
          name="email"
          label={t.email}
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values.email}
          error={errors.email}
        />
        <Field name="password" label={t.password} type="password" autoComplete="current-password" required error={errors.password} />
        <button type="submit" className="account-button">
          {t.submitLogin}
        </button>
      </Form>
      <ul className="account-links">
        <li>
          <a href={link("/accedi/codice/")}>{t.codeLogin}</a>
        </li>
        <li>
          <a href={link("/password-dimenticata/")}>{t.forgotPassword}</a>
        </li>
        <li>
          {t.noAccount} <a href={link("/registrati/")}>{t.register}</a>
        </li>
      </ul>
    </section>
  );
}
