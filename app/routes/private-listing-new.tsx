/**
 * /pubblica-annuncio/nuovo/ (and /en/…): a private seller's new listing, one plain POST form that works without
 * JavaScript (docs/decisions/139). It goes through the publishing path every publisher uses; on success the
 * listing's edit page opens, where photos are added.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { PRIVATE_SELLER_LIMITS } from "../../core/publisher/private-seller.ts";
import { listingFormSchema } from "../../core/publisher/private-seller-forms.ts";
import { countOwnOnlineListings } from "../../db/publishing.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { privateSellerTexts } from "../i18n/private-seller.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { publishFromForm, requirePrivateSeller } from "../publisher/private-seller.server.ts";
import { services } from "../services.ts";
import { emptyListingForm, PrivateListingForm } from "../ui/private-listing-form.tsx";
import type { Route } from "./+types/private-listing-new";
import "../ui/account.css";

const PATH = "/pubblica-annuncio/nuovo/";

export async function loader(args: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const seller = await requirePrivateSeller(args, PATH);
  const online = await countOwnOnlineListings(services(args.context).database.db, seller.publisherId);
  return { locale, csrf: formCsrfToken(args.request, args.context), atCap: online >= PRIVATE_SELLER_LIMITS.onlineListings };
}

const newListingForm = listingFormSchema.extend({ intent: z.literal("save-listing") });

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, svc }): Promise<FormResult | Response> => {
    const locale = localeFromPath(new URL(args.request.url).pathname);
    const seller = await requirePrivateSeller(args, PATH);
    const parsed = newListingForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { errors: { form: privateSellerTexts[locale].formInvalid }, values };
    const { intent: _intent, ...fields } = parsed.data;
    const outcome = await publishFromForm(svc.database.db, seller.publisherId, fields, locale, new Date(svc.clock()));
    if (!outcome.ok) return { errors: outcome.errors, values };
    throw redirect(`${localizePath(`/pubblica-annuncio/${outcome.listingId}/modifica/`, locale)}?pubblicato=1`, 303);
  });
}

export default function PrivateListingNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, csrf, atCap } = loaderData;
  const result = actionData as FormResult | undefined;
  const t = privateSellerTexts[locale];
  return (
    <section className="page account-page private-seller">
      <title>{`${t.newTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <p>
        <a href={localizePath("/pubblica-annuncio/", locale)}>{t.backToListings}</a>
      </p>
      <h1>{t.newTitle}</h1>
      {atCap && !result ? (
        <p role="status" data-testid="at-cap">
          {t.atCap}
        </p>
      ) : (
        <PrivateListingForm
          locale={locale}
          csrf={csrf}
          values={{ ...emptyListingForm, ...result?.values }}
          errors={result?.errors ?? {}}
          submitLabel={t.publish}
        />
      )}
    </section>
  );
}
