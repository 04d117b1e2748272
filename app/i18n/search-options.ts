/**
 * Labels of the search's contract, category and sort options: the filter form's menus (their options come with the
 * results page's data, app/search/filter-form.server.ts) and the agency pages' sort menu. A table of its own, so the
 * results page does not load it.
 */
import { propertyGroupLabels } from "./property-groups.ts";
export const optionLabels = {
  it: {
    channel: { vendita: "Vendita", affitto: "Affitto", "affitto-breve": "Affitto breve" },
    group: propertyGroupLabels.it,
    sort: {
      rilevanza: "Rilevanza",
      prezzo_crescente: "Prezzo crescente",
      prezzo_decrescente: "Prezzo decrescente",
      prezzo_mq_crescente: "Prezzo al m² crescente",
      prezzo_mq_decrescente: "Prezzo al m² decrescente",
      superficie_crescente: "Superficie crescente",
      superficie_decrescente: "Superficie decrescente",
      data_decrescente: "Più recenti",
      data_crescente: "Meno recenti",
    },
  },
  en: {
    channel: { vendita: "For sale", affitto: "For rent", "affitto-breve": "Holiday rentals" },
    group: propertyGroupLabels.en,
    sort: {
      rilevanza: "Relevance",
      prezzo_crescente: "Price, lowest first",
      prezzo_decrescente: "Price, highest first",
      prezzo_mq_crescente: "Price per m², lowest first",
      prezzo_mq_decrescente: "Price per m², highest first",
      superficie_crescente: "Size, smallest first",
      superficie_decrescente: "Size, largest first",
      data_decrescente: "Newest first",
      data_crescente: "Oldest first",
    },
  },
} as const;
