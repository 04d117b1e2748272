/**
 * /pubblica-annuncio/ (and /en/pubblica-annuncio/): 'Vendi o affitta casa da privato' (docs/decisions/139). A
 * signed-in person becomes a private seller here, then sees their listings with edit and withdraw. Not signed
 * in: the login, then back here; an agency's user: their dashboard (/area-agenzia/).
 */
import { Form, redirect } from "react-router";
import { IntentButton } from "../ui/intent-button.tsx";
import { z } from "zod";
import { formatDateTime, formatEuro } from "../../core/format.ts";
import { PRIVATE_SELLER_LIMITS } from "../../core/publisher/private-seller.ts";
import { becomeSellerForm } from "../../core/publisher/private-seller-forms.ts";
import { becomePrivateSeller } from "../../db/private-sellers.ts";
import { confirmOwnListings, listOwnListings } from "../../db/publishing.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { privateSellerTexts } from "../i18n/private-seller.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { sellerRole, withdrawOwn } from "../publisher/private-seller.server.ts";
import { requestInfo, services } from "../services.ts";
import { Field, FormMessages } from "../ui/account-form.tsx";
import type { Route } from "./+types/private-seller";
import "../ui/account.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const svc = services(context);
  const here = localizePath("/pubblica-annuncio/", locale);
  const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(here)}`);
  const role = await sellerRole(svc.database.db, user);
  if (role.kind === "agency") throw redirect(localizePath("/area-agenzia/", locale));
  const csrf = formCsrfToken(request, context);
  if (role.kind === "none") return { locale, csrf, seller: null, defaultName: user.displayName };
  const rows = await listOwnListings(svc.database.db, role.publisherId, { limit: 100 });
  return {
    locale,
    csrf,
    defaultName: user.displayName,
    seller: {
      name: role.name,
      online: rows.filter((r) => r.status === "online").length,
      listings: rows.map((r) => ({
        id: Number(r.listingId),
        title: r.title,
        status: r.status,
        price: formatEuro(Number(r.price), locale),
        verified: formatDateTime(new Date(r.confirmedAt), locale),
        href: r.status === "online" ? localizePath(`/annunci/${r.listingId}/`, locale) : null,
        edit: r.status === "online" ? localizePath(`/pubblica-annuncio/${r.listingId}/modifica/`, locale) : null,
      })),
    },
  };
}

const sellerForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("become-seller"), name: z.string().max(200), phone: z.string().max(200).optional() }),
  z.object({
    intent: z.enum(["withdraw-listing", "confirm-listing"]),
    listingId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
]);

/** Becoming a private seller; confirming or withdrawing one of one's own online listings. */
export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<FormResult | Response> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const t = privateSellerTexts[locale];
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user)
      throw redirect(
        `${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath("/pubblica-annuncio/", locale))}`,
        303,
      );
    const parsed = sellerForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { errors: { form: t.formInvalid }, values };
    const role = await sellerRole(svc.database.db, user);
    const now = new Date(svc.clock());
    if (parsed.data.intent === "become-seller") {
      if (role.kind === "agency") throw redirect(localizePath("/area-agenzia/", locale), 303);
      if (role.kind === "private") throw redirect(localizePath("/pubblica-annuncio/nuovo/", locale), 303);
      const fields = becomeSellerForm.safeParse({ ...parsed.data, phone: parsed.data.phone ?? "" });
      if (!fields.success) {
        const wrong = new Set(fields.error.issues.map((i) => i.message));
        return {
          errors: { ...(wrong.has("name") ? { name: t.nameInvalid } : {}), ...(wrong.has("phone") ? { phone: t.phoneInvalid } : {}) },
          values,
        };
      }
      await becomePrivateSeller(svc.database.db, {
        userId: user.id,
        name: fields.data.name,
        email: user.email,
        phone: fields.data.phone,
        now,
      });
      throw redirect(localizePath("/pubblica-annuncio/nuovo/", locale), 303);
    }
    if (role.kind !== "private") throw new Response(t.notPrivate, { status: 403 });
    if (parsed.data.intent === "confirm-listing") {
      // Freshness (decision 096): a listing not confirmed for 30 days expires; editing it confirms it too.
      if ((await confirmOwnListings(svc.database.db, role.publisherId, [parsed.data.listingId], now)) === 0) {
        throw new Response(t.listingNotFound, { status: 404 });
      }
      return { errors: {}, values: {}, notice: t.confirmed };
    }
    if (!(await withdrawOwn(svc.database.db, role.publisherId, parsed.data.listingId, now))) {
      throw new Response(t.listingNotFound, { status: 404 });
    }
    return { errors: {}, values: {}, notice: t.withdrawn };
  });
}

export default function PrivateSellerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, csrf, seller } = loaderData;
  const result = actionData as FormResult | undefined;
  const errors = result?.errors ?? {};
  const t = privateSellerTexts[locale];
  const limits = t.limits(PRIVATE_SELLER_LIMITS.onlineListings, PRIVATE_SELLER_LIMITS.photosPerListing);
  if (!seller) {
    return (
      <section className="page account-page private-seller">
        <title>{`${t.title} - casa.it`}</title>
        <meta name="robots" content="noindex" />
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
        <p>{limits}</p>
        <h2>{t.becomeHeading}</h2>
        <Form method="post" className="account-form" noValidate>
          <FormMessages errors={errors} />
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="become-seller" />
          <Field
            name="name"
            label={t.nameLabel}
            hint={t.nameHint}
            autoComplete="name"
            required
            maxLength={80}
            defaultValue={result?.values.name ?? loaderData.defaultName}
            error={errors.name}
          />
          <Field
            name="phone"
            label={t.phoneLabel}
            hint={t.phoneHint}
            type="tel"
            autoComplete="tel"
            maxLength={30}
            defaultValue={result?.values.phone}
            error={errors.phone}
          />
          <button type="submit" className="account-button">
            {t.become}
          </button>
        </Form>
      </section>
    );
  }
  const atCap = seller.online >= PRIVATE_SELLER_LIMITS.onlineListings;
  return (
    <section className="page account-page private-seller">
      <title>{`${t.title} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <h1>{t.title}</h1>
      <p>{limits}</p>
      <FormMessages errors={errors} notice={result?.notice} />
      <p>
        {atCap ? (
          <span data-testid="at-cap">{t.atCap}</span>
        ) : (
          <a className="account-button" href={localizePath("/pubblica-annuncio/nuovo/", locale)}>
            {t.newListing}
          </a>
        )}
      </p>
      <h2 id="private-listings-heading">{t.yourListings(seller.online, PRIVATE_SELLER_LIMITS.onlineListings)}</h2>
      {seller.listings.length === 0 ? (
        <p>{t.noListings}</p>
      ) : (
        <table data-testid="private-listings" aria-labelledby="private-listings-heading">
          <caption className="visually-hidden">{t.listingsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.listingTitle}</th>
              <th scope="col">{t.listingStatus}</th>
              <th scope="col">{t.listingPrice}</th>
              <th scope="col">{t.listingVerified}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {seller.listings.map((l) => (
              <tr key={l.id} data-listing-id={l.id}>
                <td>{l.href ? <a href={l.href}>{l.title}</a> : l.title}</td>
                <td data-testid="listing-status">{t.status(l.status)}</td>
                <td>{l.price}</td>
                <td>{l.verified}</td>
                <td>
                  {l.edit && (
                    <>
                      <a href={l.edit} aria-label={t.editNamed(l.title)}>
                        {t.edit}
                      </a>{" "}
                      <IntentButton
                        csrf={csrf}
                        intent="confirm-listing"
                        record={["listingId", l.id]}
                        label={t.confirmNamed(l.title)}
                        className="inline-form"
                      >
                        {t.confirm}
                      </IntentButton>{" "}
                      <IntentButton
                        csrf={csrf}
                        intent="withdraw-listing"
                        record={["listingId", l.id]}
                        label={t.withdrawNamed(l.title)}
                        className="inline-form"
                      >
                        {t.withdraw}
                      </IntentButton>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
