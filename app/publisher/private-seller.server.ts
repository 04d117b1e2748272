/**
 * A private seller's steps (docs/decisions/139): who the signed-in user is as a seller, the municipality a
 * typed name stands for, and publishing, editing and withdrawing through the one listing path —
 * `checkListingInput` (the publishing API's schema and place checks) and db/publishing.ts → db/listing-writes.ts.
 * Every step is scoped by the account's own publisher: another seller's listing id is the same as none.
 */
import type { Kysely } from "kysely";
import { redirect, type RouterContextProvider } from "react-router";
import { normalizeQuery } from "../../core/places-suggest.ts";
import { PlaceLevel } from "../../core/places.ts";
import type { InputLocale } from "../../core/publisher/listing-input.ts";
import { listingInputFromForm, type ListingFormValues, PRIVATE_SELLER_LIMITS } from "../../core/publisher/private-seller.ts";
import { formErrorsOf } from "../../core/publisher/private-seller-forms.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import type { EditableListing } from "../../db/private-sellers.ts";
import { findPublisher } from "../../db/publishers.ts";
import { endOwnListing, publishOwnListingCapped, updateOwnListing } from "../../db/publishing.ts";
import type { Database } from "../../db/schema.ts";
import type { UserRecord } from "../../db/users.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import { checkListingInput, listingChanges } from "./publishing.server.ts";

/** What the signed-in account is to the publishing pages: nobody yet, a private seller, or an agency's user. */
export type SellerRole = { kind: "none" } | { kind: "private"; publisherId: number; name: string } | { kind: "agency" };

export async function sellerRole(db: Kysely<Database>, user: UserRecord): Promise<SellerRole> {
  if (user.publisherId === null) return { kind: "none" };
  const publisher = await findPublisher(db, Number(user.publisherId));
  // A publisher gone with a demo-data reload leaves the account free to become a seller again.
  if (!publisher) return { kind: "none" };
  if (publisher.kind === "private") return { kind: "private", publisherId: publisher.id, name: publisher.name };
  return { kind: "agency" };
}

/**
 * The signed-in private seller a listing page is for, or a redirect: not signed in → the login and back to
 * `back`; not a seller yet → /pubblica-annuncio/ (where one becomes one); an agency's user → /area-agenzia/.
 */
export async function requirePrivateSeller(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  back: string,
): Promise<{ publisherId: number; name: string; user: UserRecord }> {
  const locale = localeFromPath(new URL(args.request.url).pathname);
  const svc = services(args.context);
  const user = await svc.accounts.sessions.currentUser(requestInfo(args.context).session);
  const status = args.request.method === "GET" || args.request.method === "HEAD" ? 302 : 303;
  if (!user) throw redirect(`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(localizePath(back, locale))}`, status);
  const role = await sellerRole(svc.database.db, user);
  if (role.kind === "agency") throw redirect(localizePath("/area-agenzia/", locale), status);
  if (role.kind === "none") throw redirect(localizePath("/pubblica-annuncio/", locale), status);
  return { publisherId: role.publisherId, name: role.name, user };
}

const townTexts = {
  ambiguous: {
    it: (names: string) => `Più comuni hanno questo nome: aggiungi la sigla della provincia (${names})`,
    en: (names: string) => `Several municipalities have this name: add the province code (${names})`,
  },
} as const;

/**
 * The municipality a typed name stands for: "Milano", "milano", "Castro (LE)". Null when no town has the name
 * (the listing input's check then says the municipality is unknown); an error when several do and no province
 * code tells them apart.
 */
export async function resolveTown(
  db: Kysely<Database>,
  typed: string,
  locale: InputLocale,
): Promise<{ town: { id: string; name: string } | null } | { error: string }> {
  const match = /^(.*?)\s*(?:\(([A-Za-z]{2})\))?\s*$/.exec(typed);
  const name = normalizeQuery(match?.[1] ?? "");
  if (!name) return { town: null };
  const province = match?.[2]?.toUpperCase();
  const directory = await getPlaceDirectory(db);
  let towns = directory.atLevel(PlaceLevel.town).filter((t) => normalizeQuery(t.name) === name);
  const shortOf = (id: string) => directory.ancestorAt(id, PlaceLevel.province)?.short ?? "";
  if (province) towns = towns.filter((t) => shortOf(t.id).toUpperCase() === province);
  if (towns.length > 1) return { error: townTexts.ambiguous[locale](towns.map((t) => `${t.name} (${shortOf(t.id)})`).join(", ")) };
  const town = towns[0];
  return { town: town ? { id: town.id, name: town.name } : null };
}

export type FormOutcome = { ok: true; listingId: number } | { ok: false; errors: Record<string, string> };

const limitTexts = {
  atCap: {
    it: `Hai già ${PRIVATE_SELLER_LIMITS.onlineListings} annunci online, il massimo per un privato: ritirane uno per pubblicarne un altro`,
    en: `You already have ${PRIVATE_SELLER_LIMITS.onlineListings} listings online, a private seller's maximum: withdraw one to publish another`,
  },
  channel: {
    it: "Da privato puoi pubblicare in vendita o in affitto",
    en: "As a private seller you can publish for sale or for rent",
  },
  gone: {
    it: "L'annuncio non è più online: non si può modificare",
    en: "The listing is no longer online: it cannot be changed",
  },
} as const;

/** The form's values as the listing input, checked by the one path; field errors of the form when refused. */
async function checkForm(db: Kysely<Database>, publisherId: number, form: ListingFormValues, locale: InputLocale, now: Date) {
  // A seller's right, like an agency's agents: holiday lets are a business, not a person's sale or rent.
  if (form.channel !== "" && !(PRIVATE_SELLER_LIMITS.channels as readonly string[]).includes(form.channel)) {
    return { ok: false as const, errors: { channel: limitTexts.channel[locale] } };
  }
  const resolved = await resolveTown(db, form.town, locale);
  if ("error" in resolved) return { ok: false as const, errors: { town: resolved.error } };
  const checked = await checkListingInput(db, listingInputFromForm(form, resolved.town), { id: publisherId, kind: "private" }, now);
  if (!checked.ok) return { ok: false as const, errors: formErrorsOf(checked.problems, locale) };
  return checked;
}

/** Publishes the form's listing for the seller (source 'dashboard'), unless they are at their cap of online listings. */
export async function publishFromForm(
  db: Kysely<Database>,
  publisherId: number,
  form: ListingFormValues,
  locale: InputLocale,
  now: Date,
): Promise<FormOutcome> {
  const checked = await checkForm(db, publisherId, form, locale, now);
  if (!checked.ok) return checked;
  const id = await publishOwnListingCapped(
    db,
    checked.listing,
    { externalId: null, source: "dashboard", now },
    PRIVATE_SELLER_LIMITS.onlineListings,
  );
  if (id === null) return { ok: false, errors: { form: limitTexts.atCap[locale] } };
  return { ok: true, listingId: id };
}

/** Replaces one of the seller's online listings with the form's content (and confirms it). */
export async function updateFromForm(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  form: ListingFormValues,
  locale: InputLocale,
  now: Date,
): Promise<FormOutcome> {
  const checked = await checkForm(db, publisherId, form, locale, now);
  if (!checked.ok) return checked;
  if (!(await updateOwnListing(db, publisherId, listingId, listingChanges(checked.listing), now))) {
    return { ok: false, errors: { form: limitTexts.gone[locale] } };
  }
  return { ok: true, listingId };
}

/** Withdraws one of the seller's online listings; false when they have none online with this id. */
export function withdrawOwn(db: Kysely<Database>, publisherId: number, listingId: number, now: Date): Promise<boolean> {
  return endOwnListing(db, publisherId, listingId, "withdrawn", now);
}

/** The edit form's first values: the listing as it is online, with its municipality's name. */
export async function formValuesOf(db: Kysely<Database>, listing: EditableListing): Promise<ListingFormValues> {
  const directory = await getPlaceDirectory(db);
  const town = directory.get(listing.townId);
  const text = (v: number | null) => (v === null ? "" : String(v));
  return {
    channel: listing.channel,
    propertyType: listing.propertyType,
    town: town?.name ?? "",
    street: listing.street ?? "",
    streetNumber: listing.streetNumber ?? "",
    surface: text(listing.surface),
    rooms: text(listing.rooms),
    baths: text(listing.baths),
    floor: text(listing.floor),
    price: text(listing.price),
    energyClass: listing.energyClass ?? "",
    energyIndex: listing.energyIndex === null ? "" : String(listing.energyIndex),
    description: listing.description ?? "",
  };
}
