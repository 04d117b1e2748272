/** The MyCasa page's tabs: path segment → tab, and each tab's address (Italian; /en/ is added by localizePath). */
export const MYCASA_TABS = { "": "favourites", nascosti: "hidden", indirizzi: "addresses", cronologia: "history" } as const;
export type MycasaTab = (typeof MYCASA_TABS)[keyof typeof MYCASA_TABS];
export const tabPath: Record<MycasaTab, string> = {
  favourites: "/mycasa/",
  hidden: "/mycasa/nascosti/",
  addresses: "/mycasa/indirizzi/",
  history: "/mycasa/cronologia/",
};
/** Saved searches have their own page (built with the saved-search feature). */
export const SAVED_SEARCHES_PATH = "/mycasa/ricerche/";
