/** Texts of the region and province hub pages (/immobili/:region, /immobili/:region/:province). */
import { formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

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
