/** Texts of the place search on the results page (app/ui/results-place-search.tsx). */
import type { Messages } from "./locale.ts";

type PlaceSearchTexts = {
  formLabel: string;
  label: string;
  placeholder: string;
  submit: string;
  chipsLabel: string;
  remove: (name: string) => string;
  notFound: (text: string) => string;
  emptyQuery: string;
};

export const placeSearchTexts: Messages<PlaceSearchTexts> = {
  it: {
    formLabel: "Cerca in un altro luogo",
    label: "Aggiungi un luogo",
    placeholder: "Comune, zona o indirizzo",
    submit: "Cerca",
    chipsLabel: "Luoghi della ricerca",
    remove: (name) => `Togli ${name} dalla ricerca`,
    notFound: (text) => `Nessun risultato per «${text}». Controlla il nome o prova con un comune vicino.`,
    emptyQuery: "Scrivi il nome di un comune, di una provincia, di una zona o di una via.",
  },
  en: {
    formLabel: "Search another place",
    label: "Add a place",
    placeholder: "Town, area or address",
    submit: "Search",
    chipsLabel: "Places in this search",
    remove: (name) => `Remove ${name} from the search`,
    notFound: (text) => `No results for “${text}”. Check the name or try a nearby municipality.`,
    emptyQuery: "Type the name of a municipality, province, area or street.",
  },
};
