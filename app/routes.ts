import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("immobili/:region", "routes/region.tsx"),
  route("immobili/:region/:province", "routes/province.tsx"),
  route("lh/v2/:level/:slug", "routes/api.lh-children.ts"),
  route("media/listing/:id/:file", "routes/media.listing.ts"),
  route("media/publisher/:id/logo.svg", "routes/media.publisher-logo.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
