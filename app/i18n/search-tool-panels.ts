/**
 * Texts of the search tools' modal contents (the locality tree, the property-type panel): a table of its own, loaded
 * with them (app/ui/on-demand.ts); the buttons' and the modals' frames' texts are app/i18n/search-tools.ts.
 */
import type { Messages } from "./locale.ts";

type SearchToolPanelTexts = {
  apply: string;
  cancel: string;
  localityPickProvince: string;
  expand: (name: string) => string;
  collapse: (name: string) => string;
  noChoices: string;
  propertyGroupLegend: string;
  propertyTypesLegend: string;
  allTypes: string;
};

export const searchToolPanelTexts: Messages<SearchToolPanelTexts> = {
  it: {
    apply: "Applica",
    cancel: "Annulla",
    localityPickProvince: "Cerca un comune o una provincia per scegliere le zone.",
    expand: (name) => `Mostra le zone di ${name}`,
    collapse: (name) => `Nascondi le zone di ${name}`,
    noChoices: "Nessuna scelta",
    propertyGroupLegend: "Categoria",
    propertyTypesLegend: "Tipologie",
    allTypes: "Tutte",
  },
  en: {
    apply: "Apply",
    cancel: "Cancel",
    localityPickProvince: "Search for a town or a province to choose its areas.",
    expand: (name) => `Show the areas of ${name}`,
    collapse: (name) => `Hide the areas of ${name}`,
    noChoices: "No choices",
    propertyGroupLegend: "Category",
    propertyTypesLegend: "Types",
    allTypes: "All",
  },
};
