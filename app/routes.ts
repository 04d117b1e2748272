import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("immobili/:region", "routes/region.tsx"),
  route("immobili/:region/:province", "routes/province.tsx"),
  route("lh/v2/:level/:slug", "routes/api.lh-children.ts"),
  // Search API (seed 000 §7)
  route("portal-srp/api/v1/search", "routes/api.search.ts"),
  route("portal-srp/api/v1/search/availableresults", "routes/api.search-availableresults.ts"),
  route("portal-srp/api/v1/agencySearch", "routes/api.agency-search.ts", { id: "agency-search" }),
  route("portal-srp/api/v1/agencySearch/availableresults", "routes/api.agency-search.ts", { id: "agency-search-availableresults" }),
  route("portal-srp/api/v1/search-map", "routes/api.search-map-listings.ts", { id: "search-map" }),
  route("portal-srp/api/v1/search-map/listings", "routes/api.search-map-listings.ts", { id: "search-map-listings" }),
  route("portal-srp/api/v1/search-map/markers", "routes/api.search-map-markers.ts"),
  route("portal-srp/api/v1/cerca-intorno-a-te", "routes/api.cerca-intorno-a-te.ts"),
  route("portal-srp/api/v1/home", "routes/api.home.ts"),
  route("portal-srp/api/v1/home/availableresults", "routes/api.home-availableresults.ts"),
  route("portal-srp/api/v1/mycasa/hiddentotal", "routes/api.mycasa-hiddentotal.ts"),
  route("media/listing/:id/:file", "routes/media.listing.ts"),
  route("media/publisher/:id/logo.svg", "routes/media.publisher-logo.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
