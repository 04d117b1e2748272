/**
 * /telefono/?inserzionista={id}[&annuncio={id}] (and /en/telefono/…): the phone reveal as a plain
 * page, for visitors without JavaScript. Showing the number is a POST (crawlers and prefetch never
 * reveal or record it); the answer shows the number and its QR code, drawn on the server.
 */
import { data } from "react-router";
import { z } from "zod";
import { findPublisher } from "../../db/publishers.ts";
import { TooManyRequestsError } from "../../server/rate-limit.ts";
import { limitClient } from "../api/boundary.server.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { clientKey, currentUserId, deviceFromUserAgent, fromOwnSite } from "../contact/client.server.ts";
import { revealPhone } from "../contact/phone.server.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { contactMessage, contactTexts } from "../i18n/publisher.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/phone";
import "../ui/publisher.css";

const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

function readQuery(request: Request, locale: Locale) {
  const params = new URL(request.url).searchParams;
  const publisherId = id.safeParse(params.get("inserzionista"));
  const listingId = params.get("annuncio") ? id.safeParse(params.get("annuncio")) : null;
  if (!publisherId.success || (listingId && !listingId.success))
    throw data(contactMessage("Inserzionista non trovato", locale), { status: 404 });
  return { publisherId: publisherId.data, listingId: listingId?.data ?? null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const q = readQuery(request, locale);
  const publisher = await findPublisher(services(context).database.readDb, q.publisherId);
  if (!publisher) throw data(contactMessage("Inserzionista non trovato", locale), { status: 404 });
  return { name: publisher.name, locale, backHref: q.listingId ? localizePath(`/annunci/${q.listingId}/`, locale) : null };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const locale = localeFromPath(new URL(request.url).pathname);
  const q = readQuery(request, locale);
  if (!fromOwnSite(request, context))
    return data({ failure: contactMessage(accountMessages.crossSite, locale), phone: null }, { status: 403 });
  try {
    const outcome = await revealPhone(services(context).database.db, {
      ...q,
      device: deviceFromUserAgent(request.headers.get("user-agent")),
      userId: currentUserId(request),
      clientKey: clientKey(request),
      limit: (family, key) => limitClient(args, family, key),
    });
    if (outcome.status === "not-found") throw data(contactMessage(outcome.message, locale), { status: 404 });
    if (outcome.status === "forbidden") return data({ failure: contactMessage(outcome.message, locale), phone: null }, { status: 403 });
    if (outcome.status === "bad-input") return data({ failure: contactMessage(outcome.message, locale), phone: null }, { status: 400 });
    return { failure: null, phone: { number: outcome.phone, tel: outcome.tel, qr: outcome.qrSvg } };
  } catch (e) {
    if (e instanceof TooManyRequestsError)
      return data(
        { failure: contactTexts[locale].tooMany, phone: null },
        { status: 429, headers: { "Retry-After": String(e.retryAfterSeconds) } },
      );
    throw e;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `${contactTexts[loaderData.locale].phoneTitle(loaderData.name)} | Casa` : "Telefono" },
    { name: "robots", content: "noindex" },
  ];
}

export default function PhonePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = contactTexts[loaderData.locale];
  return (
    <section className="page contact-page">
      <h1>{t.phoneTitle(loaderData.name)}</h1>
      {actionData?.phone ? (
        <div className="phone-reveal" data-testid="phone-reveal">
          <p className="phone-number">
            <a href={actionData.phone.tel}>{actionData.phone.number}</a>
          </p>
          <div
            className="phone-qr"
            role="img"
            aria-label={t.qrLabel(actionData.phone.number)}
            dangerouslySetInnerHTML={{ __html: actionData.phone.qr }}
          />
        </div>
      ) : (
        <form method="post">
          {actionData?.failure && (
            <p className="form-error" role="alert">
              {actionData.failure}
            </p>
          )}
          <button type="submit" className="primary-button">
            {t.showNumber}
          </button>
        </form>
      )}
      {loaderData.backHref && (
        <p>
          <a href={loaderData.backHref}>{t.backToListingFromPhone}</a>
        </p>
      )}
    </section>
  );
}
