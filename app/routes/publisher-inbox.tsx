/**
 * /area-agenzia/ (and /en/area-agenzia/): an agency's inbox — the leads and phone-call records it received,
 * newest first, with the listing each concerns (issue 12 §6). Only for an account that stands for a
 * publisher (demo agencies: agenzia{id}@casa.example, README); anyone else is sent to log in or told no.
 */
import { data, redirect } from "react-router";
import { formatDateTime } from "../../core/format.ts";
import { leadsForPublisher, phoneCallsForPublisher } from "../../db/leads.ts";
import { findPublisher } from "../../db/publishers.ts";
import { inboxTexts } from "../i18n/publisher-inbox.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/publisher-inbox";
import "../ui/account.css";

const SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const svc = services(context);
  const user = await svc.accounts.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath("/area-agenzia/", locale))}`);
  const publisher = user.publisherId === null ? null : await findPublisher(svc.database.readDb, user.publisherId);
  if (!publisher) return data({ locale, inbox: null }, { status: 403 });
  const [leads, calls] = await Promise.all([
    leadsForPublisher(svc.database.readDb, publisher.id, SHOWN),
    phoneCallsForPublisher(svc.database.readDb, publisher.id, SHOWN),
  ]);
  return {
    locale,
    inbox: {
      agency: publisher.name,
      leads: leads.map((l) => ({
        id: l.id,
        kind: l.kind,
        at: formatDateTime(l.createdAt, locale),
        name: l.name,
        email: l.email,
        phone: l.phone,
        message: l.message,
        listing: l.listingId === null ? null : { href: localizePath(`/annunci/${l.listingId}/`, locale), title: l.listingTitle },
      })),
      calls: calls.map((c) => ({
        id: c.id,
        at: formatDateTime(c.createdAt, locale),
        device: c.device,
        listing: c.listingId === null ? null : { href: localizePath(`/annunci/${c.listingId}/`, locale), title: c.listingTitle },
      })),
    },
  };
}

function ListingLink({ listing, gone }: { listing: { href: string; title: string | null } | null; gone: string }) {
  if (!listing) return null;
  return listing.title ? <a href={listing.href}>{listing.title}</a> : <span>{gone}</span>;
}

export default function PublisherInboxPage({ loaderData }: Route.ComponentProps) {
  const { locale, inbox } = loaderData;
  const t = inboxTexts[locale];
  if (!inbox) {
    return (
      <section className="page account-page">
        <title>{`${t.title} - casa.it`}</title>
        <meta name="robots" content="noindex" />
        <h1>{t.title}</h1>
        <p role="alert">{t.notPublisher}</p>
        <p>
          <a href={localizePath("/account/", locale)}>{t.seeAccount}</a>
        </p>
      </section>
    );
  }
  return (
    <section className="page account-page publisher-inbox">
      <title>{`${t.title} - ${inbox.agency} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.title}</h1>
      <p>{t.intro(inbox.agency)}</p>
      <h2>{t.leadsHeading(inbox.leads.length)}</h2>
      {inbox.leads.length === 0 ? (
        <p>{t.noLeads}</p>
      ) : (
        <ol className="inbox-list" data-testid="inbox-leads">
          {inbox.leads.map((l) => (
            <li key={l.id} data-lead-id={l.id}>
              <p>
                <strong>{l.name}</strong> · <a href={`mailto:${l.email}`}>{l.email}</a>
                {l.phone && (
                  <>
                    {" "}
                    · <a href={`tel:${l.phone}`}>{l.phone}</a>
                  </>
                )}
              </p>
              <p>
                {t.received} {l.at} ·{" "}
                {l.kind === "generic" ? (
                  t.generic
                ) : l.kind === "agency" ? (
                  t.agencyLead
                ) : (
                  <ListingLink listing={l.listing} gone={t.listingGone} />
                )}
              </p>
              <blockquote aria-label={t.message}>{l.message}</blockquote>
            </li>
          ))}
        </ol>
      )}
      <h2>{t.callsHeading(inbox.calls.length)}</h2>
      {inbox.calls.length === 0 ? (
        <p>{t.noCalls}</p>
      ) : (
        <ol className="inbox-list" data-testid="inbox-calls">
          {inbox.calls.map((c) => (
            <li key={c.id}>
              {c.at} · {t.device(c.device)}
              {c.listing && (
                <>
                  {" "}
                  · <ListingLink listing={c.listing} gone={t.listingGone} />
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
