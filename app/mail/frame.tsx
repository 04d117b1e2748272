/** The frame every mail shares (account, lead and alert mails): rendered on the server to static HTML. */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Every mail's page: the portal's name on top, the content, a small footer (account, lead and alert mails). */
export function MailFrame({
  title,
  lang = "it",
  footer,
  children,
}: {
  title: string;
  lang?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ fontFamily: "Arial, sans-serif", color: "#1d2a33", maxWidth: 560, margin: "0 auto", padding: 16 }}>
        <p style={{ fontSize: 22, fontWeight: 700, color: "#0b6e4f" }}>casa.it</p>
        {children}
        {footer !== undefined && <p style={{ fontSize: 12, color: "#5b6770" }}>{footer}</p>}
      </body>
    </html>
  );
}

/** A mail's HTML: the frame rendered to static markup (React escapes every text). */
export function mailHtml(node: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(node)}`;
}
