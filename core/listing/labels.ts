/** Italian labels for listing attributes, shared by pages, cards and generated titles. */

export const propertyTypeLabels: Readonly<Record<string, string>> = {
  appartamento: "Appartamento",
  "attico-mansarda": "Attico",
  "casa-bi-trifamiliare": "Casa bifamiliare",
  "casa-indipendente": "Casa indipendente",
  loft: "Loft",
  "rustico-casale": "Rustico",
  villa: "Villa",
  "villetta-a-schiera": "Villetta a schiera",
  "baita-bungalow-chalet-trullo": "Baita",
  palazzo: "Palazzo",
  edificio: "Edificio",
  "attivita-licenza-commerciale": "Attività commerciale",
  "negozio-locale-commerciale": "Negozio",
  "terreno-edificabile": "Terreno edificabile",
  "terreno-agricolo": "Terreno agricolo",
  box: "Box",
  "posto-auto": "Posto auto",
  stanza: "Stanza",
  ufficio: "Ufficio",
  capannone: "Capannone",
  "cantina-solaio": "Cantina",
};

/** What Italians call an apartment by its number of rooms ('Bilocale': an apartment of two rooms). */
export const apartmentRoomNames: Readonly<Record<number, string>> = { 1: "Monolocale", 2: "Bilocale", 3: "Trilocale", 4: "Quadrilocale" };

/**
 * The word a listing's title starts with: an apartment of 1–4 rooms by its room name, anything else by its
 * type ('Attico', 'Villa', 'Appartamento'), so a title never names another type than the listing's.
 */
export function titleLabel(propertyType: string, rooms: number | null): string {
  if (propertyType === "appartamento" && rooms !== null && Object.hasOwn(apartmentRoomNames, rooms)) return apartmentRoomNames[rooms]!;
  return propertyTypeLabels[propertyType] ?? propertyType;
}

export const conditionLabels: Readonly<Record<string, string>> = {
  nuovo: "Nuovo / In costruzione",
  "nuovo-ristrutturato": "Ottimo / Ristrutturato",
  abitabile: "Buono / Abitabile",
  "da-ristrutturare": "Da ristrutturare",
};

export const availabilityLabels: Readonly<Record<string, string>> = {
  libero: "Libero",
  occupato: "Occupato",
  "nuda proprieta": "Nuda proprietà",
  affittato: "Affittato",
};

export const furnitureLabels: Readonly<Record<string, string>> = {
  none: "Non arredato",
  partially: "Parzialmente arredato",
  full: "Arredato",
};
export const heatingLabels: Readonly<Record<string, string>> = { autonomo: "Autonomo", centralizzato: "Centralizzato" };
export const gardenLabels: Readonly<Record<string, string>> = { comune: "Giardino comune", privato: "Giardino privato" };
export const priceUnitSuffix: Readonly<Record<string, string>> = { total: "", month: "/mese", week: "/settimana" };

/** "Piano terra", "Seminterrato", "3° piano", "Ultimo piano (5°)". */
export function floorLabel(floor: number | null, totalFloors: number | null): string | null {
  if (floor === null) return null;
  if (floor < 0) return "Seminterrato";
  if (floor === 0) return "Piano terra";
  if (totalFloors !== null && floor === totalFloors) return `Ultimo piano (${floor}°)`;
  return `${floor}° piano`;
}

/** The energy classes from best to worst, with the colours of the Italian APE label. */
export const energyScale: ReadonlyArray<readonly [string, string]> = [
  ["A4", "#00843d"],
  ["A3", "#1c9a3f"],
  ["A2", "#4cb848"],
  ["A1", "#8cc63f"],
  ["B", "#c4d600"],
  ["C", "#fff200"],
  ["D", "#fdb913"],
  ["E", "#f37021"],
  ["F", "#ed1c24"],
  ["G", "#b31b1b"],
];

/** The contract a listing offers. */
export const channelLabels: Readonly<Record<string, string>> = { vendita: "Vendita", affitto: "Affitto", "affitto-breve": "Affitto breve" };

/** "bed-and-breakfast" → "Bed and breakfast": licence types of businesses for sale (attività commerciali). */
export function licenseTypeLabel(licenseType: string | null): string | null {
  if (!licenseType) return null;
  const words = licenseType.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
