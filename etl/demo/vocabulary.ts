/** Italian words the demo generator draws from: names, streets, agency names, listing copy. */

export const firstNames = [
  "Giuseppe", "Giovanni", "Antonio", "Mario", "Luigi", "Francesco", "Angelo", "Vincenzo", "Pietro", "Salvatore",
  "Marco", "Andrea", "Luca", "Alessandro", "Matteo", "Lorenzo", "Davide", "Simone", "Federico", "Riccardo",
  "Maria", "Anna", "Giuseppina", "Rosa", "Angela", "Giovanna", "Teresa", "Lucia", "Carmela", "Caterina",
  "Francesca", "Chiara", "Sara", "Giulia", "Martina", "Valentina", "Elena", "Alessia", "Silvia", "Paola",
] as const;

export const surnames = [
  "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco",
  "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
  "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli", "Martini", "Leone",
  "Longo", "Gentile", "Martinelli", "Vitale", "Lombardo", "Serra", "Coppola", "De Santis", "D'Angelo", "Marchetti",
] as const;

export const streetNames = [
  "Via Roma", "Via Giuseppe Garibaldi", "Via Giuseppe Mazzini", "Via Giuseppe Verdi", "Via Cavour", "Via Dante Alighieri",
  "Via Vittorio Emanuele II", "Corso Italia", "Via Marconi", "Via Matteotti", "Via XX Settembre", "Via IV Novembre",
  "Via Umberto I", "Via della Repubblica", "Via Alessandro Manzoni", "Via Galileo Galilei", "Via Leonardo da Vinci",
  "Via San Francesco", "Via Trieste", "Via Trento", "Viale Europa", "Via Kennedy", "Via Gramsci", "Via Aldo Moro",
  "Piazza del Popolo", "Piazza Dante", "Via Cesare Battisti", "Via Nazario Sauro", "Via Fratelli Bandiera",
  "Via Michelangelo", "Via Raffaello", "Via dei Mille", "Via Montegrappa", "Via Piave", "Via Isonzo", "Via Milano",
  "Via Napoli", "Via Firenze", "Via Torino", "Via Venezia", "Viale della Libertà", "Via delle Rose", "Via dei Pini",
  "Via del Mare", "Via Belvedere", "Via Santa Maria", "Vicolo Stretto", "Strada Provinciale", "Via Costituzione",
  "Via Papa Giovanni XXIII", "Via Don Minzoni", "Via Pascoli", "Via Carducci", "Via Puccini", "Via Rossini",
  "Via Bellini", "Via Donizetti", "Via Petrarca", "Via Boccaccio", "Via Colombo", "Via Vespucci", "Via Volta",
] as const;

export const agencyNamePatterns = [
  "{surname} Immobiliare", "Immobiliare {town}", "Studio Immobiliare {surname}", "Agenzia {surname} & Partners",
  "Casa {town}", "{town} Case", "Gruppo Immobiliare {surname}", "Abitare a {town}", "Immobiliare Il Portico",
  "Immobiliare La Piazza", "Immobiliare Il Campanile", "Studio Casa {surname}", "Affari Immobiliari {town}",
  "Immobiliare Centro {town}", "Case & Dimore {surname}", "La Chiave {town}", "Nuova Casa {town}",
] as const;

export const auctionAgencyPattern = "Aste Giudiziarie {province}";

export const licenseTypes: ReadonlyArray<readonly [group: string, type: string]> = [
  ["ristorazione", "bar"], ["ristorazione", "ristorante"], ["ristorazione", "pizzeria"], ["ristorazione", "gelateria"],
  ["commercio", "tabaccheria"], ["commercio", "edicola"], ["commercio", "abbigliamento"], ["commercio", "alimentari"],
  ["servizi", "lavanderia"], ["servizi", "parrucchiere"], ["servizi", "palestra"], ["servizi", "centro-estetico"],
  ["ricettivo", "albergo"], ["ricettivo", "bed-and-breakfast"], ["ricettivo", "agriturismo"],
];

export const commercialLocations = ["strada", "centro-commerciale", "stazione", "aeroporto", "altro"] as const;

export const colours = ["#1f6f8b", "#99a8b2", "#e6a400", "#c0392b", "#2e7d32", "#6a1b9a", "#00838f", "#ef6c00", "#455a64", "#ad1457"] as const;


export const roomNames: Readonly<Record<number, string>> = { 1: "Monolocale", 2: "Bilocale", 3: "Trilocale", 4: "Quadrilocale" };

export const descriptionOpenings = [
  "In posizione comoda e ben servita proponiamo",
  "In zona tranquilla e residenziale, a pochi passi dai servizi, proponiamo",
  "Nel cuore del paese, vicino a negozi e scuole, si propone",
  "In contesto signorile e ben curato offriamo",
  "A due passi dal centro storico, in stabile d'epoca, proponiamo",
  "In zona verde e silenziosa, comoda ai mezzi pubblici, proponiamo",
] as const;

export const descriptionClosings = [
  "Ideale come prima casa o come investimento.",
  "Disponibile da subito. Possibilità di visite anche nel fine settimana.",
  "Per informazioni e visite contattare l'inserzionista.",
  "Spese condominiali contenute. Da vedere!",
  "Ottima esposizione e luminosità in tutte le ore del giorno.",
] as const;

export const poiNames: Readonly<Record<string, readonly string[]>> = {
  bus_station: ["Autostazione", "Stazione autobus", "Capolinea autobus"],
  electric_charging: ["Colonnina di ricarica", "Stazione di ricarica veicoli elettrici"],
  elementary_school: ["Scuola primaria", "Scuola elementare"],
  high_school: ["Liceo scientifico", "Liceo classico", "Istituto tecnico", "Istituto professionale"],
  secondary_school: ["Scuola secondaria di primo grado", "Scuola media"],
  nursery_school: ["Scuola dell'infanzia", "Asilo nido"],
  supermarket: ["Supermercato", "Minimarket", "Ipermercato", "Discount alimentare"],
};
