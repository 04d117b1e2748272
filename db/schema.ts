/**
 * Kysely table types (camelCase; the CamelCasePlugin maps them to the snake_case columns).
 * Only the db/ folder imports these: repositories return the plain types of core/.
 */
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface PlacesTable {
  id: string;
  level: number;
  type: string;
  name: string;
  nameEn: string | null;
  nameAlt: string | null;
  slug: string;
  qslug: string;
  hkey: string;
  parentHkey: string | null;
  parentId: string | null;
  regionCode: string;
  provinceCode: string | null;
  istatCode: string | null;
  short: string | null;
  population: number | null;
  lat: number;
  lon: number;
  bboxMinLon: number;
  bboxMinLat: number;
  bboxMaxLon: number;
  bboxMaxLat: number;
  zoom: number;
  /** GeoJSON geometry text; parsed only where a polygon is needed. */
  geometry: string | null;
  extra: ColumnType<Record<string, unknown>, string, string>;
  searchName: string;
}

export interface PublishersTable {
  id: number;
  kind: string;
  isAgentPro: boolean;
  parentId: number | null;
  name: string;
  slug: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  street: string | null;
  townId: string | null;
  postalCode: string | null;
  description: string | null;
  logoColor: string | null;
  createdAt: Timestamp;
}

export interface PoisTable {
  id: number;
  type: string;
  name: string;
  lat: number;
  lon: number;
  townId: string | null;
}

export interface ListingsTable {
  id: number;
  channel: string;
  category: string;
  propertyTypeGroup: string;
  propertyType: string;
  isNewConstruction: boolean;
  price: number;
  priceUnit: string;
  priceType: string;
  originalPrice: number | null;
  priceMax: number | null;
  surface: number;
  rooms: number | null;
  bedrooms: number | null;
  baths: number | null;
  parkingSpaces: number;
  floor: number | null;
  totalFloors: number | null;
  hasLift: boolean;
  hasBalcony: boolean;
  hasTerrace: boolean;
  garden: string | null;
  heating: string | null;
  energyClass: string | null;
  energyIndex: number | null;
  buildingCondition: string | null;
  buildingYear: number | null;
  availability: string | null;
  sellerType: string;
  furniture: string | null;
  publishedAt: Timestamp;
  isAuction: boolean;
  auctionDate: string | null;
  isPrivateNegotiation: boolean;
  hasPool: boolean;
  hasReception: boolean;
  hasVirtualTour: boolean;
  hasAirConditioning: boolean;
  isLuxury: boolean;
  isUnderConstruction: boolean;
  licenseTypeGroup: string | null;
  licenseType: string | null;
  includesPropertyOwnership: boolean | null;
  commercialBuildingLocation: string | null;
  photoCount: number;
  hasFloorPlan: boolean;
  title: string;
  description: string;
  street: string;
  streetNumber: string;
  postalCode: string | null;
  lat: number;
  lon: number;
  geoVisibility: number;
  regionId: string;
  provinceId: string;
  townId: string;
  zoneId: string | null;
  blockId: string | null;
  nonadminZoneIds: string[];
  metroStopIds: string[];
  placeHkey: string;
  publisherId: number;
  agentId: number | null;
  distBusStation: number | null;
  distSubway: number | null;
  distElectricCharging: number | null;
  distElementarySchool: number | null;
  distHighSchool: number | null;
  distSecondarySchool: number | null;
  distNurserySchool: number | null;
  distSupermarket: number | null;
  relevance: number;
  pricePerMq: ColumnType<number, never, never>;
}

export interface MetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: Generated<Timestamp>;
}

export interface Database {
  places: PlacesTable;
  publishers: PublishersTable;
  pois: PoisTable;
  listings: ListingsTable;
  meta: MetaTable;
}
