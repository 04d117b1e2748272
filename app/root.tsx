import "./zod-jitless.ts";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { type ReactNode, useEffect } from "react";
import { htmlLang, localeFromPath, localizePath, type Locale } from "./i18n/locale.ts";
import { siteTexts } from "./i18n/site.ts";
import { useCspNonce } from "./csp-nonce.ts";
import { SiteMenu } from "./ui/site-menu.tsx";
import { requestInfo, services } from "./services.ts";
import { SiteUser } from "./ui/site-user.tsx";
import { LoginModalHost } from "./ui/login-modal-host.tsx";
import { TermsModal } from "./ui/terms-modal.tsx";
import { AccountSync } from "./ui/account-sync.tsx";
import { CookieBanner } from "./ui/cookie-banner.tsx";
import { consentBannerTexts } from "./i18n/consent-banner.ts";
import { readConsent } from "./consent/consent.server.ts";
import type { Route } from "./+types/root";
import "./ui/tokens.css";
import "./ui/components.css";
import "./ui/site.css";
import "./ui/every-stylesheet.ts";

/** Who is logged in, from the session token (no database read): the header shows the name or 'Accedi'. */
export function loader({ context, request }: Route.LoaderArgs) {
  const session = requestInfo(context).session;
  return {
    /** The visitor's cookie choice (docs/decisions/089): null shows the banner. */
    consent: readConsent(request),
    user: session ? { id: session.uid, name: session.name, lastPrivacyAcceptanceDt: session.tc, trustedIdentity: session.ti } : null,
    /** Social login providers that are configured (the modal shows only these). */
    social: services(context).accounts.socialProviders.providers(),
  };
}

const preferencesPath = "/preferenze-cookie/";

export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = localeFromPath(location.pathname);
  const t = siteTexts[locale];
  const other: Locale = locale === "it" ? "en" : "it";
  const home = localizePath("/", locale);
  const link = (path: string) => localizePath(path, locale);
  const nonce = useCspNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // Marks the page once React has hydrated it and run its effects (children's first: the login links'
  // listener among them). Browser tests wait for it before using what only works with JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={htmlLang[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6e4f" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenuto">
          {t.skipToContent}
        </a>
        {root && root.consent === null && !location.pathname.endsWith(preferencesPath) && (
          <CookieBanner locale={locale} returnTo={`${location.pathname}${location.search}`} />
        )}
        <header className="site-header">
          <a className="brand" href={home}>
            casa<span>.it</span>
          </a>
          <SiteMenu label={t.menu} navLabel={t.nav}>
            <a href={link("/vendita/case/")}>{t.buy}</a>
            <a href={link("/affitto/case/")}>{t.rent}</a>
            <a href={link("/valutazione-immobile/")}>{t.valuation}</a>
            <a href={link("/trova-agenzia/")}>{t.agencies}</a>
            <a href={link("/preferiti/")}>{t.favourites}</a>
            <a
              href={localizePath(`${location.pathname}${location.search}`, other)}
              hrefLang={htmlLang[other]}
              lang={htmlLang[other]}
              aria-label={t.otherLocaleLabel}
            >
              {t.otherLocaleName}
            </a>
          </SiteMenu>
          <SiteUser locale={locale} user={root?.user ?? null} />
        </header>
        <main id="contenuto" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>{t.footerData}</p>
          <p>
            <a href={link(preferencesPath)}>{consentBannerTexts[locale].footerLink}</a>
          </p>
          <p>
            <a href={link("/pubblica-annuncio/")}>{t.publish}</a>
          </p>
        </footer>
        <LoginModalHost locale={locale} social={root?.social ?? []} />
        {root?.user && <TermsModal locale={locale} user={root.user} />}
        <AccountSync userId={root?.user?.id ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const t = siteTexts[localeFromPath(location.pathname)];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page">
      <title>{notFound ? t.notFoundTitle : t.errorTitle}</title>
      {notFound && <meta name="robots" content="all" />}
      <h1>{notFound ? t.notFoundTitle : t.errorTitle}</h1>
      <p>{notFound ? t.notFoundText : t.errorText}</p>
      <p>
        <a href={localizePath("/", localeFromPath(location.pathname))}>{t.backHome}</a>
      </p>
    </section>
  );
}
