/**
 * Asking prices per square metre used by the demo generator, so that synthetic listings cost what
 * similar homes cost in that part of Italy. Figures are rounded averages for residential sale asking
 * prices in 2024–2025, in line with the publicly reported regional and city averages of the Agenzia
 * delle Entrate's Osservatorio del Mercato Immobiliare (OMI) and of the main portals' market reports.
 * They are for realistic demo data only, not market statistics. See docs/decisions/006-demo-data.md.
 */

/** €/m², residential sale, regional average, keyed by ISTAT region code. */
export const regionSalePricePerSqm: Readonly<Record<string, number>> = {
  "01": 1450, // Piemonte
  "02": 2300, // Valle d'Aosta
  "03": 2350, // Lombardia
  "04": 3150, // Trentino-Alto Adige
  "05": 1800, // Veneto
  "06": 1500, // Friuli-Venezia Giulia
  "07": 2450, // Liguria
  "08": 2050, // Emilia-Romagna
  "09": 2650, // Toscana
  "10": 1300, // Umbria
  "11": 1550, // Marche
  "12": 2500, // Lazio
  "13": 1300, // Abruzzo
  "14": 950, // Molise
  "15": 1850, // Campania
  "16": 1450, // Puglia
  "17": 1100, // Basilicata
  "18": 1000, // Calabria
  "19": 1200, // Sicilia
  "20": 1900, // Sardegna
};

/** €/m², residential sale, city average, keyed by ISTAT municipality code (cities and resort towns). */
export const townSalePricePerSqm: Readonly<Record<string, number>> = {
  "015146": 5300, // Milano
  "058091": 3350, // Roma
  "048017": 4200, // Firenze
  "027042": 4300, // Venezia
  "037006": 3500, // Bologna
  "063049": 2900, // Napoli
  "001272": 2050, // Torino
  "010025": 1850, // Genova
  "021008": 4300, // Bolzano
  "022205": 3100, // Trento
  "082053": 1400, // Palermo
  "072006": 2200, // Bari
  "092009": 2450, // Cagliari
  "023091": 2450, // Verona
  "028060": 2200, // Padova
  "032006": 1900, // Trieste
  "054039": 1450, // Perugia
  "087015": 1300, // Catania
  "050026": 2700, // Pisa
  "052032": 3000, // Siena
  "046017": 2800, // Lucca
  "108033": 2700, // Monza
  "016024": 2250, // Bergamo
  "017029": 2050, // Brescia
  "034027": 2300, // Parma
  "036023": 2150, // Modena
  "099014": 3200, // Rimini
  "013075": 2700, // Como
  "007003": 2600, // Aosta
  "042002": 1900, // Ancona
  "065116": 2200, // Salerno
  "083048": 1400, // Messina
  "080063": 1300, // Reggio di Calabria
  "090064": 1850, // Sassari
};

/** Resort towns whose prices are far above their region's (€/m²). */
export const resortSalePricePerSqm: Readonly<Record<string, number>> = {
  "025016": 10500, // Cortina d'Ampezzo
  "063014": 9000, // Capri
  "010044": 14000, // Portofino
  "046013": 10000, // Forte dei Marmi
  "007022": 7000, // Courmayeur
  "065100": 8000, // Positano
  "065006": 6000, // Amalfi
  "083097": 3900, // Taormina
  "090006": 6000, // Arzachena (Porto Cervo)
  "010054": 6000, // Santa Margherita Ligure
  "022143": 7000, // Pinzolo (Madonna di Campiglio)
  "001263": 4500, // Sestriere
  "063004": 5800, // Anacapri
  "009001": 3500, // Alassio
  "013145": 4200, // Menaggio
  "013250": 6500, // Bellagio
};

/** Gross yearly rent as a share of the sale price (Italian residential average ~5 %). */
export const RENT_YIELD = 0.05;

/** Price multiplier by town size: small villages cost less than their province's towns. */
export function sizeFactor(population: number, isProvinceCapital: boolean): number {
  if (isProvinceCapital) return 1.25;
  if (population < 1_000) return 0.55;
  if (population < 3_000) return 0.65;
  if (population < 10_000) return 0.8;
  if (population < 30_000) return 0.92;
  if (population < 100_000) return 1.0;
  return 1.1;
}

export interface TownMarketInput {
  istatCode: string;
  regionCode: string;
  population: number;
  isProvinceCapital: boolean;
  isCoastal: boolean;
}

/** Average residential sale asking price (€/m²) for a town. */
export function townPricePerSqm(town: TownMarketInput): number {
  const resort = resortSalePricePerSqm[town.istatCode];
  if (resort) return resort;
  const city = townSalePricePerSqm[town.istatCode];
  if (city) return city;
  const regional = regionSalePricePerSqm[town.regionCode] ?? 1500;
  return Math.round(regional * sizeFactor(town.population, town.isProvinceCapital) * (town.isCoastal ? 1.2 : 1));
}

/**
 * Inside a city, prices fall from the centre outwards: ×1.8 at the centre down to ×0.75 at the
 * edge for large cities, flatter for small towns.
 */
export function centreFactor(distanceKm: number, population: number): number {
  const radiusKm = Math.max(1, Math.sqrt(population / 3000));
  const peak = population > 500_000 ? 1.8 : population > 100_000 ? 1.45 : 1.15;
  return 0.75 + (peak - 0.75) * Math.exp(-distanceKm / (radiusKm * 0.35));
}
