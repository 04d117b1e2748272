/**
 * The names of the property groups (the contract menus, the property-type panel, recent-search texts), one
 * table for the text tables that show them (search-options.ts, search-tools.ts). Results pages' titles use
 * nouns of their own (core/search/seo.ts: "New homes" in a title, "New builds" in a menu).
 */
export const propertyGroupLabels = {
  it: {
    case: "Case",
    "nuove-costruzioni": "Nuove costruzioni",
    stanze: "Stanze",
    "garage-posti-auto": "Garage e posti auto",
    "cantine-solai": "Cantine e solai",
    "edifici-palazzi": "Edifici e palazzi",
    uffici: "Uffici",
    commerciale: "Locali commerciali",
    capannoni: "Capannoni",
    terreni: "Terreni",
  },
  en: {
    case: "Homes",
    "nuove-costruzioni": "New builds",
    stanze: "Rooms",
    "garage-posti-auto": "Garages and parking",
    "cantine-solai": "Cellars and lofts",
    "edifici-palazzi": "Buildings",
    uffici: "Offices",
    commerciale: "Commercial premises",
    capannoni: "Warehouses",
    terreni: "Land",
  },
} as const;
