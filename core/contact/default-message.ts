/**
 * The message a contact form starts with (seed 001 §5, seed 000 §5): it depends on why the visitor
 * writes. The wording is ours (the spec gives only the cases); see docs/decisions/046-contact-form-and-leads.md.
 */

export type MessageContext = "info" | "virtual-tour" | "photos" | "business" | "auction" | "publisher";

export const messageContexts: readonly MessageContext[] = ["info", "virtual-tour", "photos", "business", "auction", "publisher"];

/** Italian noun and gender of each property type, for 'questa villa' / 'questo appartamento'. */
const nouns: Readonly<Record<string, { noun: string; feminine: boolean }>> = {
  appartamento: { noun: "appartamento", feminine: false },
  "attico-mansarda": { noun: "attico", feminine: false },
  "casa-bi-trifamiliare": { noun: "casa", feminine: true },
  "casa-indipendente": { noun: "casa", feminine: true },
  loft: { noun: "loft", feminine: false },
  "rustico-casale": { noun: "rustico", feminine: false },
  villa: { noun: "villa", feminine: true },
  "villetta-a-schiera": { noun: "villetta", feminine: true },
  "baita-bungalow-chalet-trullo": { noun: "baita", feminine: true },
  palazzo: { noun: "palazzo", feminine: false },
  edificio: { noun: "edificio", feminine: false },
  "attivita-licenza-commerciale": { noun: "attività", feminine: true },
  "negozio-locale-commerciale": { noun: "negozio", feminine: false },
  "terreno-edificabile": { noun: "terreno", feminine: false },
  "terreno-agricolo": { noun: "terreno", feminine: false },
  box: { noun: "box", feminine: false },
  "posto-auto": { noun: "posto auto", feminine: false },
  stanza: { noun: "stanza", feminine: true },
  ufficio: { noun: "ufficio", feminine: false },
  capannone: { noun: "capannone", feminine: false },
  "cantina-solaio": { noun: "cantina", feminine: true },
};

/** 'questa villa', 'questo appartamento'; an unknown type is 'questo immobile'. */
export function thisProperty(propertyType: string): string {
  const n = nouns[propertyType] ?? { noun: "immobile", feminine: false };
  return `${n.feminine ? "questa" : "questo"} ${n.noun}`;
}

export interface MessageListing {
  propertyType: string;
  photoCount: number;
  isAuction: boolean;
  licenseTypeGroup?: string | null;
}

/** The context a listing's plain contact button opens with: auction, business, no photos, else interest. */
export function defaultMessageContext(l: MessageListing): MessageContext {
  if (l.isAuction) return "auction";
  if (l.propertyType === "attivita-licenza-commerciale" || l.licenseTypeGroup) return "business";
  if (l.photoCount === 0) return "photos";
  return "info";
}

export function defaultMessage(context: MessageContext, listing: MessageListing | null): string {
  const what = listing ? thisProperty(listing.propertyType) : "questo immobile";
  switch (context) {
    case "publisher":
      return "Buongiorno, vorrei essere ricontattato per ricevere maggiori informazioni sui vostri immobili. Grazie.";
    case "virtual-tour":
      return `Buongiorno, vorrei fare una visita virtuale di ${what}. Grazie.`;
    case "photos":
      return `Buongiorno, vorrei ricevere più foto di ${what}. Grazie.`;
    case "business":
      return `Buongiorno, sono interessato a ${what}: vorrei ricevere informazioni sull'attività (fatturato, licenza, contratti). Grazie.`;
    case "auction":
      return `Buongiorno, vorrei sapere la data della prossima asta di ${what}. Grazie.`;
    case "info":
    default:
      return `Buongiorno, sono interessato a ${what} e vorrei ricevere maggiori informazioni. Grazie.`;
  }
}
