/**
 * /sviluppo/posta/ — the development outbox: the mails the portal would have sent, when no SMTP_URL is
 * set. It holds login codes and links, so it exists only when DEV_OUTBOX=on (never in production, see
 * server/config.ts) and only for a connection from this machine itself (docs/decisions/074).
 */
import { data, useLoaderData } from "react-router";
import { listOutboxMail } from "../../db/sessions.ts";
import { accountTexts } from "../i18n/account.ts";
import { mayReadDevOutbox } from "../account/dev-outbox.server.ts";
import { clientAddressContext, services } from "../services.ts";
import type { Route } from "./+types/dev-outbox";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const svc = services(context);
  if (!svc.devOutbox || svc.accounts.mailer.kind !== "outbox" || !mayReadDevOutbox(context.get(clientAddressContext), request.headers))
    throw data(null, { status: 404 });
  const mails = await listOutboxMail(svc.database.db);
  return { mails: mails.map((m) => ({ id: m.id, to: m.recipient, subject: m.subject, text: m.textBody, at: m.createdAt.toISOString() })) };
}

export default function DevOutboxPage() {
  const { mails } = useLoaderData<typeof loader>();
  const t = accountTexts.it;
  return (
    <section className="page">
      <title>{t.outboxTitle}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.outboxTitle}</h1>
      {mails.length === 0 && <p>{t.outboxEmpty}</p>}
      {mails.map((m) => (
        <article key={m.id} className="outbox-mail">
          <h2>{m.subject}</h2>
          <p>
            {m.to} · <time dateTime={m.at}>{new Date(m.at).toLocaleString("it-IT")}</time>
          </p>
          <pre>{m.text}</pre>
        </article>
      ))}
    </section>
  );
}
