/**
 * /pubblica-annuncio/{id}/modifica/ (and /en/…): a private seller edits one of their online listings, adds and
 * removes photos (docs/decisions/139), all plain POST forms without JavaScript. Another seller's id, or one that is
 * not online, is 404: the same as an unknown one.
 */
import { data, Form } from "react-router";
import { z } from "zod";
import { parseId } from "../../core/ids.ts";
import { PHOTO_MAX_BYTES, photoFilePath, photoMessages } from "../../core/publisher/photo.ts";
import { PRIVATE_SELLER_LIMITS } from "../../core/publisher/private-seller.ts";
import { listingFormSchema } from "../../core/publisher/private-seller-forms.ts";
import { addListingPhoto, deleteListingPhoto, listingPhotos } from "../../db/listing-photos.ts";
import { findOwnEditableListing } from "../../db/private-sellers.ts";
import { readCappedBody } from "../api/request.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { privateSellerTexts } from "../i18n/private-seller.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { processPhoto } from "../publisher/photos.server.ts";
import { formValuesOf, requirePrivateSeller, updateFromForm } from "../publisher/private-seller.server.ts";
import { services } from "../services.ts";
import { emptyListingForm, PrivateListingForm } from "../ui/private-listing-form.tsx";
import type { Route } from "./+types/private-listing-edit";
import "../ui/account.css";

/** A photo's form: the file and a few fields; more than this is not a photo we take. */
const PHOTO_FORM_MAX_BYTES = PHOTO_MAX_BYTES + 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const locale = localeFromPath(url.pathname);
  const id = parseId(args.params.id);
  const seller = await requirePrivateSeller(args, id === null ? "/pubblica-annuncio/" : `/pubblica-annuncio/${id}/modifica/`);
  const db = services(args.context).database.db;
  const listing = id === null ? null : await findOwnEditableListing(db, seller.publisherId, id);
  if (!listing) throw data(privateSellerTexts[locale].listingNotFound, { status: 404 });
  const photos = await listingPhotos(db, Number(listing.id));
  return {
    locale,
    csrf: formCsrfToken(args.request, args.context),
    id: Number(listing.id),
    href: localizePath(`/annunci/${listing.id}/`, locale),
    justPublished: url.searchParams.get("pubblicato") === "1",
    values: await formValuesOf(db, listing),
    photos: photos.map((p) => ({ id: p.id, src: photoFilePath(Number(listing.id), p.id, 320) })),
  };
}

const editForm = z.discriminatedUnion("intent", [
  listingFormSchema.extend({ intent: z.literal("save-listing") }),
  z.object({ intent: z.literal("add-photo") }),
  z.object({ intent: z.literal("delete-photo"), photoId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
]);

export async function action(args: Route.ActionArgs) {
  const locale = localeFromPath(new URL(args.request.url).pathname);
  let request = args.request;
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    // A photo's form is read under a cap before it is parsed: a page's form otherwise reads any size.
    const body = await readCappedBody(request, PHOTO_FORM_MAX_BYTES, photoMessages.tooLarge[locale], "photo");
    request = new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body) });
  }
  return formAction({ request, context: args.context }, async ({ form, values, svc }): Promise<FormResult | Response> => {
    const t = privateSellerTexts[locale];
    const id = parseId(args.params.id);
    const seller = await requirePrivateSeller(args, id === null ? "/pubblica-annuncio/" : `/pubblica-annuncio/${id}/modifica/`);
    const db = svc.database.db;
    if (id === null || !(await findOwnEditableListing(db, seller.publisherId, id))) throw new Response(t.listingNotFound, { status: 404 });
    const parsed = editForm.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
    if (!parsed.success) return { errors: { form: t.formInvalid }, values };
    const now = new Date(svc.clock());
    if (parsed.data.intent === "add-photo") {
      const file = form.get("photo");
      if (!(file instanceof File) || file.size === 0) return { errors: { photo: t.photoNone }, values: {} };
      const processed = await processPhoto(Buffer.from(await file.arrayBuffer()));
      if (!processed.ok) return { errors: { photo: photoMessages[processed.problem.message][locale] }, values: {} };
      const added = await addListingPhoto(db, seller.publisherId, id, processed.photo, PRIVATE_SELLER_LIMITS.photosPerListing, now);
      if (!added.ok) {
        if (added.reason === "too-many") return { errors: { photo: t.photoTooMany(PRIVATE_SELLER_LIMITS.photosPerListing) }, values: {} };
        throw new Response(t.listingNotFound, { status: 404 });
      }
      return { errors: {}, values: {}, notice: t.photoAdded };
    }
    if (parsed.data.intent === "delete-photo") {
      const deleted = await deleteListingPhoto(db, seller.publisherId, id, parsed.data.photoId);
      if (!deleted.ok) throw new Response(t.photoNotFound, { status: 404 });
      return { errors: {}, values: {}, notice: t.photoDeleted };
    }
    const { intent: _intent, ...fields } = parsed.data;
    const outcome = await updateFromForm(db, seller.publisherId, id, fields, locale, now);
    if (!outcome.ok) return { errors: outcome.errors, values };
    return { errors: {}, values: {}, notice: t.saved };
  });
}

export default function PrivateListingEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, csrf } = loaderData;
  const result = actionData as FormResult | undefined;
  const t = privateSellerTexts[locale];
  const errors = result?.errors ?? {};
  const listingErrors = errors.photo ? {} : errors;
  return (
    <section className="page account-page private-seller">
      <title>{`${t.editTitle} - casa.it`}</title>
      <meta name="robots" content="noindex" />
      <p>
        <a href={localizePath("/pubblica-annuncio/", locale)}>{t.backToListings}</a> ·{" "}
        <a href={loaderData.href}>{loaderData.values.town}</a>
      </p>
      <h1>{t.editTitle}</h1>
      {loaderData.justPublished && !result && (
        <p className="form-notice" role="status" data-testid="published-notice">
          {t.published}
        </p>
      )}
      {result?.notice && (
        <p className="form-notice" role="status" data-testid="saved-notice">
          {result.notice}
        </p>
      )}
      <PrivateListingForm
        locale={locale}
        csrf={csrf}
        values={result?.notice || errors.photo ? loaderData.values : { ...emptyListingForm, ...loaderData.values, ...result?.values }}
        errors={listingErrors}
        submitLabel={t.save}
      />
      <h2 id="photos-heading">{t.photosHeading(loaderData.photos.length, PRIVATE_SELLER_LIMITS.photosPerListing)}</h2>
      {loaderData.photos.length > 0 && (
        <ol className="private-photos" aria-labelledby="photos-heading">
          {loaderData.photos.map((p, n) => (
            <li key={p.id}>
              <img src={p.src} alt={t.photoAlt(n + 1)} width={160} loading="lazy" />
              <Form method="post">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="intent" value="delete-photo" />
                <input type="hidden" name="photoId" value={p.id} />
                <button type="submit" className="link-button" aria-label={t.deletePhotoNamed(n + 1)}>
                  {t.deletePhoto}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" encType="multipart/form-data" className="account-form">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="add-photo" />
        <div className="form-field">
          <label htmlFor="campo-photo">{t.photoLabel}</label>
          <p className="form-hint" id="campo-photo-hint">
            {t.photoHint}
          </p>
          <input
            id="campo-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={errors.photo ? true : undefined}
            aria-describedby={errors.photo ? "campo-photo-hint campo-photo-error" : "campo-photo-hint"}
          />
          {errors.photo && (
            <p className="form-error" id="campo-photo-error" role="alert">
              {errors.photo}
            </p>
          )}
        </div>
        <button type="submit" className="account-button">
          {t.uploadPhoto}
        </button>
      </Form>
    </section>
  );
}
