import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError } from "react-router";
import type { ReactNode } from "react";
import { htmlLang, localeFromPath, localizePath, type Locale } from "./i18n/locale.ts";
import { siteTexts } from "./i18n/site.ts";
import "./ui/site.css";

export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = localeFromPath(location.pathname);
  const t = siteTexts[locale];
  const other: Locale = locale === "it" ? "en" : "it";
  const home = localizePath("/", locale);
  const link = (path: string) => localizePath(path, locale);
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
        <a className="skip-link" href="#contenuto">{t.skipToContent}</a>
        <header className="site-header">
          <a className="brand" href={home}>casa<span>.it</span></a>
          <nav aria-label={t.nav} className="site-nav">
            <a href={link("/vendita/case/")}>{t.buy}</a>
            <a href={link("/affitto/case/")}>{t.rent}</a>
            <a href={link("/valutazione-immobile/")}>{t.valuation}</a>
            <a href={link("/trova-agenzia/")}>{t.agencies}</a>
            <a href={link("/preferiti/")}>{t.favourites}</a>
            <a href={localizePath(`${location.pathname}${location.search}`, other)} hrefLang={htmlLang[other]} lang={htmlLang[other]} aria-label={t.otherLocaleLabel}>
              {t.otherLocaleName}
            </a>
          </nav>
        </header>
        <main id="contenuto" tabIndex={-1}>{children}</main>
        <footer className="site-footer">
          <p>{t.footerData}</p>
        </footer>
        <ScrollRestoration />
        <Scripts />
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
      <p><a href={localizePath("/", localeFromPath(location.pathname))}>{t.backHome}</a></p>
    </section>
  );
}
