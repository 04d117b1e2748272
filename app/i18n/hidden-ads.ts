/**
 * Texts of hidden ads: 'Nascondi' on a result card, the results page's note
 * of how many are hidden, and MyCasa's hidden-ads tab. A table of its own so the results page does not
 * carry the whole MyCasa page's texts.
 */
import { formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

type HiddenAdsTexts = {
  hide: string;
  hideLabel: (title: string) => string;
  hiddenCount: (n: number) => string;
  hiddenManage: string;
  hiddenEmpty: string;
  hiddenIntro: string;
  unhide: string;
  unhideAll: string;
};

export const hiddenAdsTexts: Messages<HiddenAdsTexts> = {
  it: {
    hide: "Nascondi",
    hideLabel: (title) => `Nascondi l'annuncio: ${title}`,
    hiddenCount: (n) => (n === 1 ? "1 annuncio nascosto" : `${formatInteger(n)} annunci nascosti`),
    hiddenManage: "Mostrali di nuovo",
    hiddenEmpty: "Non hai nascosto annunci.",
    hiddenIntro: "Gli annunci nascosti non compaiono nei risultati delle tue ricerche.",
    unhide: "Mostra di nuovo",
    unhideAll: "Mostra di nuovo tutti",
  },
  en: {
    hide: "Hide",
    hideLabel: (title) => `Hide the listing: ${title}`,
    hiddenCount: (n) => (n === 1 ? "1 hidden listing" : `${formatInteger(n, "en")} hidden listings`),
    hiddenManage: "Show them again",
    hiddenEmpty: "You have not hidden any listings.",
    hiddenIntro: "Hidden listings do not appear in your search results.",
    unhide: "Show again",
    unhideAll: "Show all again",
  },
};
