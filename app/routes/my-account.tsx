/**
 * /account/ (and /en/account/): the logged-in user's account page — who they are, log out on every
 * device, delete the account (with the password, when the account has one). Plain forms with a CSRF token.
 */
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import { accountMessages } from "../../core/account/messages.ts";
import { publisherKind } from "../../db/publishing.ts";
import { formAction, formCsrfToken, redirectWithCookies, type FormResult } from "../account/form.server.ts";
import { accountTexts } from "../i18n/account.ts";
import { siteTexts } from "../i18n/site.ts";
import { inboxTexts } from "../i18n/publisher-inbox.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/my-account";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const user = await services(context).accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath("/account/", locale))}`);
  return {
    locale,
    csrf: formCsrfToken(request, context),
    name: user.displayName,
    email: user.email,
    hasPassword: user.passwordHash !== null,
    // An agency's user reads its dashboard; anyone else (a private seller too) publishes from /pubblica-annuncio/.
    isAgencyUser:
      user.publisherId !== null && !["private", null].includes(await publisherKind(services(context).database.db, user.publisherId)),
  };
}

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const login = localizePath("/accedi/", localeFromPath(new URL(args.request.url).pathname));
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user) return { errors: { form: accountMessages.notLoggedIn }, values };
    if (form.get("intent") === "delete") {
      await svc.accounts.deletion.delete(user, String(form.get("password") ?? "") || undefined, info.ip);
      return redirectWithCookies(`${login}?avviso=eliminato`, await svc.accounts.sessions.logout(null, info.cookies));
    }
    await svc.accounts.sessions.logoutEverywhere(user.id);
    return redirectWithCookies(`${login}?avviso=uscito`, await svc.accounts.sessions.logout(null, info.cookies));
  });
}

export default function MyAccountPage() {
  const { locale, csrf, name, email, hasPassword, isAgencyUser } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const t = accountTexts[locale];
  const errors = result?.errors ?? {};
  return (
    <section className="page account-page">
      <title>{`${t.accountTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.accountTitle}</h1>
      <p>{`${name} · ${email}`}</p>
      <p>
        {isAgencyUser ? (
          <a href={localizePath("/area-agenzia/", locale)}>{inboxTexts[locale].title}</a>
        ) : (
          <a href={localizePath("/pubblica-annuncio/", locale)}>{siteTexts[locale].publish}</a>
        )}
      </p>
      <FormMessages errors={errors} />
      <Form method="post" className="account-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="logout-everywhere" />
        <button type="submit" className="account-button">
          {t.logoutEverywhere}
        </button>
      </Form>
      <h2>{t.deleteTitle}</h2>
      <p>{t.deleteText}</p>
      <Form method="post" className="account-form" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="delete" />
        {hasPassword && (
          <Field name="password" label={t.password} type="password" autoComplete="current-password" required error={errors.password} />
        )}
        <button type="submit" className="account-button account-button--danger">
          {t.deleteSubmit}
        </button>
      </Form>
    </section>
  );
}
