/** Texts of the region and province hub pages (/immobili/:region, /immobili/:region/:province). */
import { formatEuro, formatInteger } from "../../core/format.ts";
import { titleVariant, type HubKind, type HubTab, type ListingTypeSlug, type TitleVariant } from "../../core/hubs/hub.ts";
import { propertyTypeLabels } from "../../core/listing/labels.ts";
import { ownValue } from "../../core/errors.ts";
import { englishValues } from "./listing.ts";
import type { Locale, Messages } from "./locale.ts";

type HubTexts = {
  breadcrumb: string;
  home: string;
  regionTitle: (region: string) => string;
  regionDescription: (count: number, region: string) => string;
  provincesHeading: string;
  provinceTitle: (province: string) => string;
  provinceDescription: (count: number, province: string) => string;
  townsHeading: string;
  listingCount: (count: number) => string;
  regionNotFound: string;
  provinceNotFound: string;
  notFoundTitle: string;
};
export const hubTexts: Messages<HubTexts> = {
  it: {
    breadcrumb: "Percorso",
    home: "Home",
    regionTitle: (region) => `Case in vendita e in affitto in ${region}`,
    regionDescription: (count, region) =>
      `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"} di case e immobili in ${region}: scegli la provincia.`,
    provincesHeading: "Province",
    provinceTitle: (province) => `Case in vendita e in affitto in provincia di ${province}`,
    provinceDescription: (count, province) =>
      `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"} in provincia di ${province}: scegli il comune.`,
    townsHeading: "Comuni",
    listingCount: (count) => `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"}`,
    regionNotFound: "regione non trovata",
    provinceNotFound: "provincia non trovata",
    notFoundTitle: "Pagina non trovata",
  },
  en: {
    breadcrumb: "Breadcrumb",
    home: "Home",
    regionTitle: (region) => `Homes for sale and for rent in ${region}`,
    regionDescription: (count, region) =>
      `${formatInteger(count, "en")} ${count === 1 ? "listing" : "listings"} of homes and property in ${region}: choose the province.`,
    provincesHeading: "Provinces",
    provinceTitle: (province) => `Homes for sale and for rent in the province of ${province}`,
    provinceDescription: (count, province) =>
      `${formatInteger(count, "en")} ${count === 1 ? "listing" : "listings"} in the province of ${province}: choose the town.`,
    townsHeading: "Towns",
    listingCount: (count) => `${formatInteger(count, "en")} ${count === 1 ? "listing" : "listings"}`,
    regionNotFound: "region not found",
    provinceNotFound: "province not found",
    notFoundTitle: "Page not found",
  },
};

/** The province hubs' own texts (docs/decisions/101): title variants, tabs, columns, zones, prices. */
type ProvinceHubTexts = {
  title: (variant: TitleVariant, channel: string, province: string) => string;
  description: (variant: TitleVariant, channel: string, count: number, province: string) => string;
  kindNav: string;
  kind: (kind: HubKind) => string;
  tabsLabel: string;
  defaultTab: (variant: TitleVariant) => string;
  listingType: (slug: ListingTypeSlug) => string;
  licenseGroup: (group: string) => string;
  moreZones: string;
  medianPrice: (euros: number) => string;
  trendLabel: (town: string) => string;
  noListings: string;
  agencyCount: (count: number) => string;
};
export const provinceHubTexts: Messages<ProvinceHubTexts> = {
  it: {
    title: (variant, channel, province) =>
      variant === "agencies"
        ? `Agenzie immobiliari in provincia di ${province}`
        : variant === "auctions"
          ? `Aste giudiziarie in provincia di ${province}`
          : `Case in ${channel} in provincia di ${province}`,
    description: (variant, channel, count, province) =>
      variant === "agencies"
        ? `${formatInteger(count)} agenzie immobiliari in provincia di ${province}: scegli il comune.`
        : variant === "auctions"
          ? `${formatInteger(count)} aste giudiziarie di case in provincia di ${province}: scegli il comune.`
          : `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"} di case in ${channel} in provincia di ${province}: scegli il comune.`,
    kindNav: "Tipo di annunci",
    kind: (kind) =>
      ({
        vendita: "Vendita",
        affitto: "Affitto",
        "affitto-breve": "Affitto breve",
        aste: "Aste giudiziarie",
        agenzie: "Agenzie immobiliari",
      })[kind],
    tabsLabel: "Scegli gli immobili",
    defaultTab: (variant) => (variant === "agencies" ? "Tutte le agenzie" : "Tutte le case"),
    listingType: (slug) =>
      ({ aste: "Aste", "cantine-solai": "Cantine e solai", "case-vacanza": "Case vacanza", "nuove-costruzioni": "Nuove costruzioni" })[
        slug
      ],
    licenseGroup: (group) =>
      ownValue({ ristorazione: "Ristorazione", commercio: "Commercio", servizi: "Servizi", ricettivo: "Ricettivo" }, group) ?? group,
    moreZones: "vedi tutte le zone",
    medianPrice: (euros) => `${formatEuro(euros)}/m²`,
    trendLabel: (town) => `Prezzo mediano al m² a ${town} negli ultimi 12 mesi`,
    noListings: "Nessun annuncio",
    agencyCount: (count) => `${formatInteger(count)} ${count === 1 ? "agenzia" : "agenzie"}`,
  },
  en: {
    title: (variant, channel, province) =>
      variant === "agencies"
        ? `Estate agencies in the province of ${province}`
        : variant === "auctions"
          ? `Court auctions in the province of ${province}`
          : `Homes for ${channel === "vendita" ? "sale" : channel === "affitto breve" ? "short rent" : "rent"} in the province of ${province}`,
    description: (variant, channel, count, province) =>
      variant === "agencies"
        ? `${formatInteger(count, "en")} estate agencies in the province of ${province}: choose the town.`
        : variant === "auctions"
          ? `${formatInteger(count, "en")} court auctions of homes in the province of ${province}: choose the town.`
          : `${formatInteger(count, "en")} ${count === 1 ? "listing" : "listings"} of homes for ${channel === "vendita" ? "sale" : channel === "affitto breve" ? "short rent" : "rent"} in the province of ${province}: choose the town.`,
    kindNav: "Kind of listings",
    kind: (kind) =>
      ({ vendita: "Sale", affitto: "Rent", "affitto-breve": "Short rent", aste: "Court auctions", agenzie: "Estate agencies" })[kind],
    tabsLabel: "Choose the property",
    defaultTab: (variant) => (variant === "agencies" ? "All agencies" : "All homes"),
    listingType: (slug) =>
      ({ aste: "Auctions", "cantine-solai": "Cellars and lofts", "case-vacanza": "Holiday homes", "nuove-costruzioni": "New builds" })[
        slug
      ],
    licenseGroup: (group) =>
      ownValue({ ristorazione: "Restaurants and bars", commercio: "Retail", servizi: "Services", ricettivo: "Hospitality" }, group) ??
      group,
    moreZones: "see all the zones",
    medianPrice: (euros) => `${formatEuro(euros, "en")}/m²`,
    trendLabel: (town) => `Median price per m² in ${town} over the last 12 months`,
    noListings: "No listings",
    agencyCount: (count) => `${formatInteger(count, "en")} ${count === 1 ? "agency" : "agencies"}`,
  },
};

const roomTabs: Record<Locale, Record<number, string>> = {
  it: { 1: "Monolocali", 2: "Bilocali", 3: "Trilocali", 4: "Quadrilocali" },
  en: { 1: "Studio flats", 2: "Two rooms", 3: "Three rooms", 4: "Four rooms" },
};

/** A tab's label in the page's locale (property types in English from the listing page's table, decision 081). */
export function hubTabLabel(tab: HubTab, locale: Locale, kind: HubKind = "vendita"): string {
  const t = provinceHubTexts[locale];
  if (tab.group === "nRooms") return roomTabs[locale][tab.rooms!]!;
  if (tab.listingType) return t.listingType(tab.listingType);
  if (tab.group === "ptypes") {
    const type = tab.propertyType!;
    return (locale === "en" ? englishValues.propertyType?.[type] : undefined) ?? propertyTypeLabels[type] ?? type;
  }
  if (tab.group === "licenseTypeGroups") return t.licenseGroup(tab.key);
  return t.defaultTab(titleVariant(kind));
}
