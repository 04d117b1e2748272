/**
 * /contatta/?annuncio={id} or ?agenzia={id} (and /en/contatta/…): the contact form as a plain page,
 * for visitors without JavaScript (the buttons link here; with JavaScript they open the modal
 * instead). The form posts here; errors come back with status 400 and the values kept; success
 * redirects (303) to a confirmation. The lead is stored and its mail to the publisher queued: the
 * seeker is told it was received even while the mail server is down (docs/decisions/059).
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { defaultMessageContext, messageContexts, type MessageContext } from "../../core/contact/default-message.ts";
import type { ContactField } from "../../core/contact/form.ts";
import { contactLabel, contactRecipient, contactTarget, publisherContactTarget } from "../../core/listing/contact.ts";
import { canContactOnListing, publisherPath } from "../../core/publisher/page.ts";
import { findListingContact, findPublisher } from "../../db/publishers.ts";
import { TooManyRequestsError } from "../../server/rate-limit.ts";
import { limitClient } from "../api/boundary.server.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { clientKey, currentUserId, fromOwnSite } from "../contact/client.server.ts";
import { sendLead } from "../contact/leads.server.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { contactMessage, contactTexts, startMessage } from "../i18n/publisher.ts";
import { services } from "../services.ts";
import { ContactFormFields } from "../ui/contact-form-fields.tsx";
import type { Route } from "./+types/contact";
import "../ui/publisher.css";

const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);
const query = z.object({
  annuncio: id.optional().catch(undefined),
  agenzia: id.optional().catch(undefined),
  motivo: z.string().max(20).optional().catch(undefined),
  inviato: z.literal("1").optional().catch(undefined),
});

type Target = {
  kind: "specific" | "agency";
  id: number;
  to: string;
  label: string;
  backHref: string;
  context: MessageContext;
  message: string;
  blocked: string | null;
};

async function findTarget(request: Request, db: Parameters<typeof findPublisher>[0], locale: Locale): Promise<Target> {
  const q = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (q.annuncio) {
    const l = await findListingContact(db, q.annuncio);
    if (!l) throw data(contactMessage("Annuncio non trovato", locale), { status: 404 });
    const context =
      (messageContexts as readonly string[]).includes(q.motivo ?? "") && q.motivo !== "publisher"
        ? (q.motivo as MessageContext)
        : defaultMessageContext(l);
    return {
      kind: "specific",
      id: l.id,
      to: contactRecipient(l.publisherName, l.agentName),
      label: contactLabel(contactTarget(l.publisherKind, l.agentIsPro), locale),
      backHref: localizePath(`/annunci/${l.id}/`, locale),
      context,
      message: startMessage(context, l, locale),
      blocked: canContactOnListing(l, l) ? null : contactMessage("L'inserzionista non accetta contatti per questa asta", locale),
    };
  }
  if (q.agenzia) {
    const p = await findPublisher(db, q.agenzia);
    const path = p ? publisherPath(p) : null;
    if (!p || !path) throw data(contactMessage("Agenzia non trovata", locale), { status: 404 });
    return {
      kind: "agency",
      id: p.id,
      to: p.parent ? contactRecipient(p.parent.name, p.name) : p.name,
      label: contactLabel(publisherContactTarget(p), locale),
      backHref: localizePath(path, locale),
      context: "publisher",
      message: startMessage("publisher", null, locale),
      blocked: null,
    };
  }
  throw data(contactMessage("Annuncio non trovato", locale), { status: 404 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const target = await findTarget(request, services(context).database.readDb, locale);
  const sent = new URL(request.url).searchParams.get("inviato") === "1";
  return { target, sent, locale };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const svc = services(context);
  const db = svc.database.db;
  const locale = localeFromPath(new URL(request.url).pathname);
  const target = await findTarget(request, db, locale);
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 4000) : "";
  };
  const values = { name: text("name"), email: text("email"), telephone: text("telephone"), message: text("message") };
  if (!fromOwnSite(request, context))
    return data({ values, errors: {}, failure: contactMessage(accountMessages.crossSite, locale) }, { status: 403 });
  try {
    const outcome = await sendLead(db, {
      kind: target.kind,
      listingId: target.kind === "specific" ? target.id : undefined,
      publisherId: target.kind === "agency" ? target.id : undefined,
      context: target.context,
      fields: values,
      userId: currentUserId(request),
      clientKey: clientKey(request),
      limit: (family, key) => limitClient(args, family, key),
      origin: svc.publicOrigin,
    });
    if (outcome.status === "invalid") return data({ values, errors: outcome.errors, failure: null }, { status: 400 });
    if (outcome.status === "forbidden")
      return data({ values, errors: {}, failure: contactMessage(outcome.message, locale) }, { status: 403 });
    if (outcome.status === "not-found") throw data(contactMessage(outcome.message, locale), { status: 404 });
    if (outcome.mailsQueued > 0) svc.mailQueue.wake();
    const back = new URL(request.url);
    back.searchParams.set("inviato", "1");
    throw redirect(`${back.pathname}${back.search}`, 303);
  } catch (e) {
    if (e instanceof TooManyRequestsError) {
      return data(
        { values, errors: {}, failure: contactTexts[locale].tooMany },
        { status: 429, headers: { "Retry-After": String(e.retryAfterSeconds) } },
      );
    }
    throw e;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? contactTexts[loaderData.locale].pageTitle(loaderData.target.label, loaderData.target.to) : "Contatto" },
    { name: "robots", content: "noindex" },
  ];
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, sent, locale } = loaderData;
  const t = contactTexts[locale];
  const errors: Partial<Record<ContactField, string>> = actionData?.errors ?? {};
  const values = actionData?.values ?? { name: "", email: "", telephone: "", message: target.message };
  return (
    <section className="page contact-page">
      <h1>{sent ? t.sentTitle : target.label}</h1>
      {sent ? (
        <div role="status" data-testid="lead-feedback">
          <p>
            {t.thanks}
            <strong>{target.to}</strong>
            {t.received}
          </p>
          <p>
            <a href={target.backHref}>{target.kind === "specific" ? t.backToListing : t.backToAgency}</a>
          </p>
        </div>
      ) : target.blocked ? (
        <p role="alert">{target.blocked}</p>
      ) : (
        <form method="post" className="contact-form contact-form--page" noValidate>
          <p className="contact-to">{t.to(target.to)}</p>
          <ContactFormFields locale={locale} idPrefix="contatto" values={values} errors={errors} />
          {actionData?.failure && (
            <p className="form-error" role="alert">
              {actionData.failure}
            </p>
          )}
          <div className="contact-form-actions">
            <button type="submit" className="primary-button">
              {t.send}
            </button>
            <a href={target.backHref}>{t.cancel}</a>
          </div>
        </form>
      )}
    </section>
  );
}
