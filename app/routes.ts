import { index, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every page is declared once, here, and gets its English twin under /en/ with the id "en-{id}"
 * (docs/decisions/049): a page cannot miss its English version. app/routes.integration.test.ts
 * walks every pair in both locales.
 */
function page(path: string, file: string, id: string): RouteConfigEntry[] {
  const italian = path ? route(path, file, { id }) : index(file, { id });
  return [italian, route(path ? `en/${path}` : "en", file, { id: `en-${id}` })];
}

export default [
  ...page("", "routes/home.tsx", "home"),
  ...page("immobili/:region", "routes/region.tsx", "region"),
  ...page("immobili/:region/:province/:kind?", "routes/province.tsx", "province"),
  route("lh/v2/:level/:slug", "routes/api.lh-children.ts"),
  // The JSON API under /portal-srp/api/: one route, its endpoints in app/api/portal-endpoints.server.ts (decision 148).
  route("portal-srp/api/*", "routes/api.portal.ts"),
  route("media/listing/:id/:file", "routes/media.listing.ts"),
  route("media/listing/:id/foto/:file", "routes/media.listing-photo.ts"),
  route("media/publisher/:id/logo.svg", "routes/media.publisher-logo.ts"),
  // Search results pages (issue 4 part 2): the roots of searchPathRoots in core/search/url.ts, in Italian and English
  ...["vendita", "affitto", "affitto-breve", "aste"].flatMap((root) => page(`${root}/*`, "routes/search-results.tsx", `search-${root}`)),
  // Home search (no-JavaScript form) and the category pages of seed 000 §2, redirected onto the search URLs
  ...page("ricerca", "routes/home-search.ts", "home-search"),
  ...page(":channel/residenziale/:type?", "routes/category-redirect.ts", "category-redirect"),
  ...page("cerca", "routes/search-form.tsx", "search-form"),
  ...page("come-ordiniamo-i-risultati", "routes/search-ordering.tsx", "search-ordering"),
  ...page("cerca-intorno-a-te", "routes/search-around-you.tsx", "search-around-you"),
  // Listing page, favourites, valuation, find an agency (issue 4 parts 1, 4, 5)
  ...page("annunci/:id", "routes/listing.tsx", "listing"),
  route("annunci/:id/mappa.geojson", "routes/listing-map-data.ts"),
  route("vendor/maplibre-gl/:version/:file", "routes/vendor.maplibre.ts"),
  // The search map's base layer (issue 10; docs/decisions/057)
  route("mappa/confini.geojson", "routes/map-boundaries.ts"),
  route("mappa/poi.geojson", "routes/map-pois.ts"),
  route("mappa/trasporti.geojson", "routes/map-transit.ts"),
  route("mappa/prezzi.json", "routes/map-prices.ts"),
  ...page("preferiti", "routes/favourites.tsx", "favourites"),
  // The service worker that shows push alerts (docs/decisions/116); at the root so that its scope is the whole site.
  route("sw.js", "routes/service-worker.ts"),
  ...page("mycasa/:tab?", "routes/mycasa.tsx", "mycasa"),
  ...page("valutazione-immobile", "routes/valuation.tsx", "valuation"),
  ...page("trova-agenzia", "routes/find-agency.tsx", "find-agency"),
  route("srp", "routes/srp.ts"),
  route("en/srp", "routes/srp.ts", { id: "en-srp" }),
  ...page("agenzie/:publisher", "routes/agency.tsx", "agency"),
  ...page("agenzie/:publisher/agenti", "routes/agency-agents.tsx", "agency-agents"),
  ...page("agenti/:publisher", "routes/agent-pro.tsx", "agent-pro"),
  ...page("contatta", "routes/contact.tsx", "contact"),
  ...page("telefono", "routes/phone.tsx", "phone"),
  route("media/publisher/:id/photo.svg", "routes/media.publisher-photo.ts"),
  route("client-account/api/v1/user/getjwt", "routes/api.user-renew.ts"),
  route("logout", "routes/logout.ts"),
  ...page("mycasa/ricerche", "routes/mycasa-searches.tsx", "mycasa-searches"),
  ...page("mycasa/ricerche/salva", "routes/mycasa-search-save.tsx", "mycasa-search-save"),
  route("client-account/api/v1/social/:provider/login", "routes/social-login.ts", { id: "social-login" }),
  route("client-account/api/v1/social/googlelogin", "routes/social-login.ts", { id: "social-login-google" }),
  route("client-account/api/v1/social/facebook", "routes/social-login.ts", { id: "social-login-facebook" }),
  route("client-account/api/v1/social/:provider/callback", "routes/social-callback.ts"),
  // Account pages that work without JavaScript
  ...page("accedi", "routes/login.tsx", "login"),
  ...page("accedi/codice", "routes/login-code.tsx", "login-code"),
  ...page("registrati", "routes/register.tsx", "register"),
  ...page("verifica-email", "routes/verify-email.tsx", "verify-email"),
  ...page("password-dimenticata", "routes/forgot-password.tsx", "forgot-password"),
  ...page("reimposta-password", "routes/reset-password.tsx", "reset-password"),
  ...page("account", "routes/my-account.tsx", "my-account"),
  ...page("area-agenzia", "routes/publisher-inbox.tsx", "publisher-inbox"),
  // A private seller's pages (docs/decisions/139): become one, their listings, the listing form.
  ...page("pubblica-annuncio", "routes/private-seller.tsx", "private-seller"),
  ...page("pubblica-annuncio/nuovo", "routes/private-listing-new.tsx", "private-listing-new"),
  ...page("pubblica-annuncio/:id/modifica", "routes/private-listing-edit.tsx", "private-listing-edit"),
  route("sviluppo/posta", "routes/dev-outbox.tsx"),
  // Alert mails' links without login (issue 23 item 6; seed 001 §2, §7; docs/decisions/091)
  route("deactivation-alerts/one-click", "routes/alert-one-click.ts"),
  ...page("deactivation-alerts", "routes/alert-deactivation.tsx", "alert-deactivation"),
  ...page("deactivation-alerts/manage-consents", "routes/alert-manage.tsx", "alert-manage"),
  ...page("remove-mail-and-consents", "routes/alert-remove.tsx", "alert-remove"),
  // Cookie consent (issue 25 item 3; docs/decisions/089): the preferences page and the choice's form endpoint
  ...page("preferenze-cookie", "routes/cookie-preferences.tsx", "cookie-preferences"),
  route("consenso-cookie", "routes/cookie-consent.ts"),
  // The guided flow 'cerca casa' and its chat (issue 25 item 2; docs/decisions/102)
  ...page("cerca-casa", "routes/guided.tsx", "guided"),
  ...page("cerca-casa/chat", "routes/guided-chat.tsx", "guided-chat"),
  // Search engines (issue 25 item 5; docs/decisions/090)
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  // Publishing API (issue 24; docs/decisions/096): the OpenAPI document lists exactly these (app/publisher/openapi.ts)
  route("api/publisher/v1/openapi.json", "routes/api.publisher-openapi.ts"),
  route("api/publisher/v1/listings", "routes/api.publisher-listings.ts"),
  route("api/publisher/v1/listings/:id", "routes/api.publisher-listing.ts"),
  route("api/publisher/v1/listings/:id/withdraw", "routes/api.publisher-listing-command.ts", { id: "publisher-listing-withdraw" }),
  route("api/publisher/v1/listings/:id/confirm", "routes/api.publisher-listing-command.ts", { id: "publisher-listing-confirm" }),
  route("api/publisher/v1/listings/:id/photos", "routes/api.publisher-listing-photos.ts"),
  route("api/publisher/v1/listings/:id/photos/order", "routes/api.publisher-listing-photo-command.ts", { id: "publisher-photos-order" }),
  route("api/publisher/v1/listings/:id/photos/:photoId/delete", "routes/api.publisher-listing-photo-command.ts", {
    id: "publisher-photo-delete",
  }),
  route("api/publisher/v1/feed-source", "routes/api.publisher-feed-source.ts"),
  route("api/publisher/v1/feed-source/delete", "routes/api.publisher-feed-source-delete.ts"),
  route("api/publisher/v1/feeds", "routes/api.publisher-feeds.ts"),
  route("api/publisher/v1/feeds/:id", "routes/api.publisher-feed.ts"),
  // Unknown API paths answer JSON 404 in the error shape; every route above is more specific.
  route("api/publisher/*", "routes/api.not-found.ts", { id: "publisher-api-not-found" }),
  route("lh/*", "routes/api.not-found.ts", { id: "lh-not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
