import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { ReactNode } from "react";
import "./ui/site.css";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="site-header">
          <a className="brand" href="/">casa<span>.it</span></a>
        </header>
        <main id="contenuto">{children}</main>
        <footer className="site-footer">
          <p>
            Confini e codici dei comuni: ISTAT, elaborazione openpolis (CC BY 4.0). Annunci, agenzie e persone sono dati
            dimostrativi generati.
          </p>
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="page">
      <title>{notFound ? "Pagina non trovata" : "Si è verificato un errore"}</title>
      {notFound && <meta name="robots" content="all" />}
      <h1>{notFound ? "Pagina non trovata" : "Si è verificato un errore"}</h1>
      <p>{notFound ? "La pagina che cerchi non esiste o è stata spostata." : "Riprova tra qualche istante."}</p>
      <p><a href="/">Torna alla home</a></p>
    </section>
  );
}
