/** Points-of-interest types of seed 000 §3. A POI distance filter means "at most maxDistance metres". */

export const poiTypeIds = [
  "bus_station",
  "subway",
  "electric_charging",
  "elementary_school",
  "high_school",
  "secondary_school",
  "nursery_school",
  "supermarket",
] as const;
export type PoiTypeId = (typeof poiTypeIds)[number];

/** How far the nearest POI of a type may be for a listing to record its distance (`dist_*`, else null). */
export const POI_DISTANCE_RADIUS_M = 10_000;
/** The cell of the POI grids the distances are measured on (the generator's and the publishing path's). */
export const POI_GRID_CELL_DEGREES = 0.05;

export interface PoiType {
  id: PoiTypeId;
  singular: string;
  plural: string;
  maxDistance: number;
  icon: string;
  marker: string;
  enabledOnFilters: boolean;
  priority: number;
  /** Listing column holding the distance to the nearest POI of this type. */
  distanceColumn: string;
}

export const poiTypes: readonly PoiType[] = [
  {
    id: "subway",
    singular: "Fermata metro",
    plural: "Fermate metro",
    maxDistance: 800,
    icon: "metro",
    marker: "poi-metro",
    enabledOnFilters: true,
    priority: 1,
    distanceColumn: "distSubway",
  },
  {
    id: "bus_station",
    singular: "Stazione autobus",
    plural: "Stazioni autobus",
    maxDistance: 500,
    icon: "bus",
    marker: "poi-bus",
    enabledOnFilters: true,
    priority: 2,
    distanceColumn: "distBusStation",
  },
  {
    id: "supermarket",
    singular: "Supermercato",
    plural: "Supermercati",
    maxDistance: 500,
    icon: "cart",
    marker: "poi-cart",
    enabledOnFilters: true,
    priority: 3,
    distanceColumn: "distSupermarket",
  },
  {
    id: "nursery_school",
    singular: "Scuola dell'infanzia",
    plural: "Scuole dell'infanzia",
    maxDistance: 1000,
    icon: "school",
    marker: "poi-school",
    enabledOnFilters: true,
    priority: 4,
    distanceColumn: "distNurserySchool",
  },
  {
    id: "elementary_school",
    singular: "Scuola primaria",
    plural: "Scuole primarie",
    maxDistance: 1000,
    icon: "school",
    marker: "poi-school",
    enabledOnFilters: true,
    priority: 5,
    distanceColumn: "distElementarySchool",
  },
  {
    id: "secondary_school",
    singular: "Scuola secondaria di primo grado",
    plural: "Scuole secondarie di primo grado",
    maxDistance: 1000,
    icon: "school",
    marker: "poi-school",
    enabledOnFilters: true,
    priority: 6,
    distanceColumn: "distSecondarySchool",
  },
  {
    id: "high_school",
    singular: "Scuola secondaria di secondo grado",
    plural: "Scuole secondarie di secondo grado",
    maxDistance: 1500,
    icon: "school",
    marker: "poi-school",
    enabledOnFilters: true,
    priority: 7,
    distanceColumn: "distHighSchool",
  },
  {
    id: "electric_charging",
    singular: "Colonnina di ricarica",
    plural: "Colonnine di ricarica",
    maxDistance: 1000,
    icon: "plug",
    marker: "poi-plug",
    enabledOnFilters: true,
    priority: 8,
    distanceColumn: "distElectricCharging",
  },
];

export function poiType(id: PoiTypeId): PoiType {
  return poiTypes.find((t) => t.id === id)!;
}
