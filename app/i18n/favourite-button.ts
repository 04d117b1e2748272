/** Texts of the favourite heart on cards and listing pages: a table of its own, without the favourites page's. */
import type { Messages } from "./locale.ts";

type FavouriteButtonTexts = {
  add: string;
  remove: string;
};

export const favouriteButtonTexts: Messages<FavouriteButtonTexts> = {
  it: {
    add: "Salva nei preferiti",
    remove: "Rimuovi dai preferiti",
  },
  en: {
    add: "Save to favourites",
    remove: "Remove from favourites",
  },
};
