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
  route("portal-srp/api/v1/hubPage", "routes/api.hub-page.ts"),
  route("portal-srp/api/v1/home/availableresults", "routes/api.home-availableresults.ts"),
  route("portal-srp/api/v1/mycasa/hiddentotal", "routes/api.mycasa-hiddentotal.ts"),
  // apireq: search URLs and the pager (issue 3 part 2)
  route("portal-srp/api/v1/apireq", "routes/api.apireq.ts"),
  route("portal-srp/api/v1/apireq/searchParamsForUrl", "routes/api.apireq-search-params-for-url.ts"),
  route("portal-srp/api/v1/apireq/convertApiParamForEncode", "routes/api.apireq-convert.ts"),
  route("portal-srp/api/v1/apireq/getPaginatorData", "routes/api.apireq-paginator.ts"),
  // Places API (issue 3 part 6)
  route("portal-srp/api/v1/smartsuggest/suggest", "routes/api.smartsuggest-suggest.ts"),
  route("portal-srp/api/v1/smartsuggest/localityChildren", "routes/api.smartsuggest-locality-children.ts"),
  route("portal-srp/api/v1/smartsuggest/locationById", "routes/api.smartsuggest-location-by-id.ts"),
  route("portal-srp/api/v1/sharedUtils/reverse", "routes/api.shared-utils-reverse.ts"),
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
  route("portal-srp/api/v1/mycasa/listings/cards", "routes/api.mycasa-listing-cards.ts"),
  // MyCasa records of a logged-in user (issue 11 items 3–6; docs/api.md)
  ...["listing/upsert", "listing/remove-bookmark", "listings/get/basic", "listings/merge"].map((p) =>
    route(`portal-srp/api/v1/mycasa/${p}`, "routes/api.mycasa-favourites.ts", { id: `mycasa-${p}` }),
  ),
  ...["hidden", "hidden/add", "hidden/remove"].map((p) =>
    route(`portal-srp/api/v1/mycasa/${p}`, "routes/api.mycasa-hidden.ts", { id: `mycasa-${p}` }),
  ),
  ...["addresses/get", "addresses/add", "addresses/rename", "addresses/delete"].map((p) =>
    route(`portal-srp/api/v1/mycasa/${p}`, "routes/api.mycasa-addresses.ts", { id: `mycasa-${p}` }),
  ),
  ...["nearby", "nearby/add", "nearby/update", "nearby/delete", "nearby/sync"].map((p) =>
    route(`portal-srp/api/v1/mycasa/${p}`, "routes/api.mycasa-nearby.ts", { id: `mycasa-${p}` }),
  ),
  ...["history/searches", "history/searches/delete"].map((p) =>
    route(`portal-srp/api/v1/mycasa/${p}`, "routes/api.mycasa-history.ts", { id: `mycasa-${p}` }),
  ),
  route("portal-srp/api/v1/mycasa/export", "routes/api.mycasa-export.ts"),
  ...["key", "subscribe", "unsubscribe", "devices"].map((p) =>
    route(`portal-srp/api/v1/mycasa/push/${p}`, "routes/api.mycasa-push.ts", { id: `mycasa-push-${p}` }),
  ),
  // The service worker that shows push alerts (docs/decisions/116); at the root so that its scope is the whole site.
  route("sw.js", "routes/service-worker.ts"),
  ...page("mycasa/:tab?", "routes/mycasa.tsx", "mycasa"),
  ...page("valutazione-immobile", "routes/valuation.tsx", "valuation"),
  ...page("trova-agenzia", "routes/find-agency.tsx", "find-agency"),
  // Agencies, Agente Pro, contact forms and phone (issue 12)
  route("portal-srp/api/v1/agency", "routes/api.agency.ts", { id: "api-agency" }),
  route("portal-srp/api/v1/agency/availableresultsagency", "routes/api.agency.ts", { id: "api-agency-availableresults" }),
  route("portal-srp/api/v1/agentPro", "routes/api.agent-pro.ts", { id: "api-agent-pro" }),
  route("portal-srp/api/v1/agentPro/search", "routes/api.agent-pro.ts", { id: "api-agent-pro-search" }),
  route("portal-srp/api/v1/phonecall", "routes/api.phonecall.ts"),
  route("portal-srp/api/v1/mycasa/searchSpecific", "routes/api.leads.ts", { id: "api-lead-specific" }),
  route("portal-srp/api/v1/mycasa/searchGeneric", "routes/api.leads.ts", { id: "api-lead-generic" }),
  route("portal-srp/api/v1/mycasa/searchAgency", "routes/api.leads.ts", { id: "api-lead-agency" }),
  route("srp", "routes/srp.ts"),
  route("en/srp", "routes/srp.ts", { id: "en-srp" }),
  ...page("agenzie/:publisher", "routes/agency.tsx", "agency"),
  ...page("agenzie/:publisher/agenti", "routes/agency-agents.tsx", "agency-agents"),
  ...page("agenti/:publisher", "routes/agent-pro.tsx", "agent-pro"),
  ...page("contatta", "routes/contact.tsx", "contact"),
  ...page("telefono", "routes/phone.tsx", "phone"),
  route("media/publisher/:id/photo.svg", "routes/media.publisher-photo.ts"),
  // Accounts and sessions (issue 9; seed 001 §7 "Account and session")
  route("portal-srp/api/v1/user", "routes/api.user.ts"),
  route("portal-srp/api/v1/user/login", "routes/api.user-login.ts"),
  route("portal-srp/api/v1/user/registration", "routes/api.user-registration.ts"),
  route("portal-srp/api/v1/user/registrationsilently", "routes/api.user-registration-silently.ts"),
  route("portal-srp/api/v1/user/getJWT", "routes/api.user-getjwt.ts"),
  route("portal-srp/api/v1/user/botcheck", "routes/api.user-botcheck.ts"),
  route("portal-srp/api/v1/user/otp/request", "routes/api.user-otp-request.ts"),
  route("portal-srp/api/v1/user/otp/verify", "routes/api.user-otp-verify.ts"),
  route("portal-srp/api/v1/user/verify-email", "routes/api.user-verify-email.ts"),
  route("portal-srp/api/v1/user/password/forgot", "routes/api.user-password-forgot.ts"),
  route("portal-srp/api/v1/user/password/reset", "routes/api.user-password-reset.ts"),
  route("portal-srp/api/v1/user/consents", "routes/api.user-consents.ts"),
  route("portal-srp/api/v1/user/logout-everywhere", "routes/api.user-logout-everywhere.ts"),
  route("portal-srp/api/v1/user/delete", "routes/api.user-delete.ts"),
  route("client-account/api/v1/user/getjwt", "routes/api.user-renew.ts"),
  route("logout", "routes/logout.ts"),
  // Saved searches (issue 11; seed 001 §7 "Saved searches and My{product}"; the spec's spellings kept)
  route("portal-srp/api/v1/sharedUtils/getBkmPayload", "routes/api.shared-utils-get-bkm-payload.ts"),
  route("portal-srp/api/v1/mycasa/searches/serialize", "routes/api.mycasa-searches-serialize.ts"),
  route("portal-srp/api/v1/mycasa/searches/upsert", "routes/api.mycasa-searches-upsert.ts"),
  route("portal-srp/api/v1/mycasa/searches/get", "routes/api.mycasa-searches-get.ts"),
  route("portal-srp/api/v1/mycasa/searches/getBookmarkData", "routes/api.mycasa-searches-get-bookmark-data.ts"),
  route("portal-srp/api/v1/mycasa/searches/updateBoomark", "routes/api.mycasa-searches-update-boomark.ts"),
  route("portal-srp/api/v1/mycasa/searches/deleteBoomark", "routes/api.mycasa-searches-delete-boomark.ts"),
  route("portal-srp/api/v1/mycasa/searches/alertsSeen", "routes/api.mycasa-searches-alerts-seen.ts"),
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
  route("portal-srp/api/v1/deactivation-alerts", "routes/api.alert-links.ts", { id: "api-deactivation-alerts" }),
  route("portal-srp/api/v1/deactivation-alerts/manage-consents", "routes/api.alert-links.ts", { id: "api-manage-consents" }),
  route("portal-srp/api/v1/remove-mail-and-consents", "routes/api.alert-links.ts", { id: "api-remove-mail-and-consents" }),
  // Cookie consent (issue 25 item 3; docs/decisions/089): the preferences page and the choice's form endpoint
  ...page("preferenze-cookie", "routes/cookie-preferences.tsx", "cookie-preferences"),
  route("consenso-cookie", "routes/cookie-consent.ts"),
  // The guided flow 'cerca casa' and its chat (issue 25 item 2; docs/decisions/102)
  ...page("cerca-casa", "routes/guided.tsx", "guided"),
  ...page("cerca-casa/chat", "routes/guided-chat.tsx", "guided-chat"),
  route("portal-srp/api/v1/cerca-casa", "routes/api.cerca-casa.ts", { id: "api-cerca-casa" }),
  ...["available", "savealert", "thankyou", "chat"].map((p) =>
    route(`portal-srp/api/v1/cerca-casa/${p}`, "routes/api.cerca-casa.ts", { id: `api-cerca-casa-${p}` }),
  ),
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
  route("api/publisher/*", "routes/api.not-found.ts", { id: "publisher-api-not-found" }),
  // Unknown API paths answer JSON 404 in the error shape; every route above is more specific.
  route("portal-srp/api/*", "routes/api.not-found.ts", { id: "api-not-found" }),
  route("lh/*", "routes/api.not-found.ts", { id: "lh-not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
