/**
 * The JSON API under /portal-srp/api/ (seed 000 §7, seed 001 §7): one React Router route (app/routes/api.portal.ts)
 * and this table of its endpoints, path → module. React Router matches a request against every route, one
 * pattern at a time, and a page asks it four times (its URL, then each parent path for the browser's route
 * manifest): 83 API routes made every results page pay for them (docs/decisions/148). Each module is one
 * endpoint chain (app/api/endpoint.server.ts) exporting `loader` and `action`; a path not listed answers the
 * JSON 404 of app/routes/api.not-found.ts. Paths are matched as React Router matched them: without case, with or
 * without a trailing slash.
 */
import * as agencySearch from "./endpoints/agency-search.ts";
import * as agency from "./endpoints/agency.ts";
import * as agentPro from "./endpoints/agent-pro.ts";
import * as alertLinks from "./endpoints/alert-links.ts";
import * as apireqConvert from "./endpoints/apireq-convert.ts";
import * as apireqPaginator from "./endpoints/apireq-paginator.ts";
import * as apireqSearchParamsForUrl from "./endpoints/apireq-search-params-for-url.ts";
import * as apireq from "./endpoints/apireq.ts";
import * as cercaCasa from "./endpoints/cerca-casa.ts";
import * as cercaIntornoATe from "./endpoints/cerca-intorno-a-te.ts";
import * as homeAvailableresults from "./endpoints/home-availableresults.ts";
import * as home from "./endpoints/home.ts";
import * as hubPage from "./endpoints/hub-page.ts";
import * as leads from "./endpoints/leads.ts";
import * as mycasaAddresses from "./endpoints/mycasa-addresses.ts";
import * as mycasaExport from "./endpoints/mycasa-export.ts";
import * as mycasaFavourites from "./endpoints/mycasa-favourites.ts";
import * as mycasaHidden from "./endpoints/mycasa-hidden.ts";
import * as mycasaHiddentotal from "./endpoints/mycasa-hiddentotal.ts";
import * as mycasaHistory from "./endpoints/mycasa-history.ts";
import * as mycasaListingCards from "./endpoints/mycasa-listing-cards.ts";
import * as mycasaNearby from "./endpoints/mycasa-nearby.ts";
import * as mycasaPush from "./endpoints/mycasa-push.ts";
import * as mycasaSearchesAlertsSeen from "./endpoints/mycasa-searches-alerts-seen.ts";
import * as mycasaSearchesDeleteBoomark from "./endpoints/mycasa-searches-delete-boomark.ts";
import * as mycasaSearchesGetBookmarkData from "./endpoints/mycasa-searches-get-bookmark-data.ts";
import * as mycasaSearchesGet from "./endpoints/mycasa-searches-get.ts";
import * as mycasaSearchesSerialize from "./endpoints/mycasa-searches-serialize.ts";
import * as mycasaSearchesUpdateBoomark from "./endpoints/mycasa-searches-update-boomark.ts";
import * as mycasaSearchesUpsert from "./endpoints/mycasa-searches-upsert.ts";
import * as phonecall from "./endpoints/phonecall.ts";
import * as searchAvailableresults from "./endpoints/search-availableresults.ts";
import * as searchMapListings from "./endpoints/search-map-listings.ts";
import * as searchMapMarkers from "./endpoints/search-map-markers.ts";
import * as search from "./endpoints/search.ts";
import * as sharedUtilsGetBkmPayload from "./endpoints/shared-utils-get-bkm-payload.ts";
import * as sharedUtilsReverse from "./endpoints/shared-utils-reverse.ts";
import * as smartsuggestLocalityChildren from "./endpoints/smartsuggest-locality-children.ts";
import * as smartsuggestLocationById from "./endpoints/smartsuggest-location-by-id.ts";
import * as smartsuggestSuggest from "./endpoints/smartsuggest-suggest.ts";
import * as userBotcheck from "./endpoints/user-botcheck.ts";
import * as userConsents from "./endpoints/user-consents.ts";
import * as userDelete from "./endpoints/user-delete.ts";
import * as userGetjwt from "./endpoints/user-getjwt.ts";
import * as userLogin from "./endpoints/user-login.ts";
import * as userLogoutEverywhere from "./endpoints/user-logout-everywhere.ts";
import * as userOtpRequest from "./endpoints/user-otp-request.ts";
import * as userOtpVerify from "./endpoints/user-otp-verify.ts";
import * as userPasswordForgot from "./endpoints/user-password-forgot.ts";
import * as userPasswordReset from "./endpoints/user-password-reset.ts";
import * as userRegistrationSilently from "./endpoints/user-registration-silently.ts";
import * as userRegistration from "./endpoints/user-registration.ts";
import * as userVerifyEmail from "./endpoints/user-verify-email.ts";
import * as user from "./endpoints/user.ts";
import * as notFound from "../routes/api.not-found.ts";

type Handler = (args: never) => Promise<Response>;
export interface EndpointModule {
  loader: Handler;
  action: Handler;
}

/** Each path after /portal-srp/api/, as the spec spells it. */
export const portalEndpoints: Readonly<Record<string, EndpointModule>> = {
  // Search API (seed 000 §7)
  "v1/search": search,
  "v1/search/availableresults": searchAvailableresults,
  "v1/agencySearch": agencySearch,
  "v1/agencySearch/availableresults": agencySearch,
  "v1/search-map": searchMapListings,
  "v1/search-map/listings": searchMapListings,
  "v1/search-map/markers": searchMapMarkers,
  "v1/cerca-intorno-a-te": cercaIntornoATe,
  "v1/home": home,
  "v1/hubPage": hubPage,
  "v1/home/availableresults": homeAvailableresults,
  "v1/mycasa/hiddentotal": mycasaHiddentotal,
  // apireq: search URLs and the pager (issue 3 part 2)
  "v1/apireq": apireq,
  "v1/apireq/searchParamsForUrl": apireqSearchParamsForUrl,
  "v1/apireq/convertApiParamForEncode": apireqConvert,
  "v1/apireq/getPaginatorData": apireqPaginator,
  // Places API (issue 3 part 6)
  "v1/smartsuggest/suggest": smartsuggestSuggest,
  "v1/smartsuggest/localityChildren": smartsuggestLocalityChildren,
  "v1/smartsuggest/locationById": smartsuggestLocationById,
  "v1/sharedUtils/reverse": sharedUtilsReverse,
  // Favourites' cards (issue 4 part 4)
  "v1/mycasa/listings/cards": mycasaListingCards,
  // MyCasa records of a logged-in user (issue 11 items 3–6; docs/api.md)
  "v1/mycasa/listing/upsert": mycasaFavourites,
  "v1/mycasa/listing/remove-bookmark": mycasaFavourites,
  "v1/mycasa/listings/get/basic": mycasaFavourites,
  "v1/mycasa/listings/merge": mycasaFavourites,
  "v1/mycasa/hidden": mycasaHidden,
  "v1/mycasa/hidden/add": mycasaHidden,
  "v1/mycasa/hidden/remove": mycasaHidden,
  "v1/mycasa/addresses/get": mycasaAddresses,
  "v1/mycasa/addresses/add": mycasaAddresses,
  "v1/mycasa/addresses/rename": mycasaAddresses,
  "v1/mycasa/addresses/delete": mycasaAddresses,
  "v1/mycasa/nearby": mycasaNearby,
  "v1/mycasa/nearby/add": mycasaNearby,
  "v1/mycasa/nearby/update": mycasaNearby,
  "v1/mycasa/nearby/delete": mycasaNearby,
  "v1/mycasa/nearby/sync": mycasaNearby,
  "v1/mycasa/history/searches": mycasaHistory,
  "v1/mycasa/history/searches/delete": mycasaHistory,
  "v1/mycasa/export": mycasaExport,
  "v1/mycasa/push/key": mycasaPush,
  "v1/mycasa/push/subscribe": mycasaPush,
  "v1/mycasa/push/unsubscribe": mycasaPush,
  "v1/mycasa/push/devices": mycasaPush,
  // Agencies, Agente Pro, contact forms and phone (issue 12)
  "v1/agency": agency,
  "v1/agency/availableresultsagency": agency,
  "v1/agentPro": agentPro,
  "v1/agentPro/search": agentPro,
  "v1/phonecall": phonecall,
  "v1/mycasa/searchSpecific": leads,
  "v1/mycasa/searchGeneric": leads,
  "v1/mycasa/searchAgency": leads,
  // Accounts and sessions (issue 9; seed 001 §7 "Account and session")
  "v1/user": user,
  "v1/user/login": userLogin,
  "v1/user/registration": userRegistration,
  "v1/user/registrationsilently": userRegistrationSilently,
  "v1/user/getJWT": userGetjwt,
  "v1/user/botcheck": userBotcheck,
  "v1/user/otp/request": userOtpRequest,
  "v1/user/otp/verify": userOtpVerify,
  "v1/user/verify-email": userVerifyEmail,
  "v1/user/password/forgot": userPasswordForgot,
  "v1/user/password/reset": userPasswordReset,
  "v1/user/consents": userConsents,
  "v1/user/logout-everywhere": userLogoutEverywhere,
  "v1/user/delete": userDelete,
  // Saved searches (issue 11; seed 001 §7 "Saved searches and My{product}"; the spec's spellings kept)
  "v1/sharedUtils/getBkmPayload": sharedUtilsGetBkmPayload,
  "v1/mycasa/searches/serialize": mycasaSearchesSerialize,
  "v1/mycasa/searches/upsert": mycasaSearchesUpsert,
  "v1/mycasa/searches/get": mycasaSearchesGet,
  "v1/mycasa/searches/getBookmarkData": mycasaSearchesGetBookmarkData,
  "v1/mycasa/searches/updateBoomark": mycasaSearchesUpdateBoomark,
  "v1/mycasa/searches/deleteBoomark": mycasaSearchesDeleteBoomark,
  "v1/mycasa/searches/alertsSeen": mycasaSearchesAlertsSeen,
  // Alert mails' links without login (issue 23 item 6; seed 001 §2, §7; docs/decisions/091)
  "v1/deactivation-alerts": alertLinks,
  "v1/deactivation-alerts/manage-consents": alertLinks,
  "v1/remove-mail-and-consents": alertLinks,
  // The guided flow 'cerca casa' and its chat (issue 25 item 2; docs/decisions/102)
  "v1/cerca-casa": cercaCasa,
  "v1/cerca-casa/available": cercaCasa,
  "v1/cerca-casa/savealert": cercaCasa,
  "v1/cerca-casa/thankyou": cercaCasa,
  "v1/cerca-casa/chat": cercaCasa,
};

const byLowerCasePath = new Map(Object.entries(portalEndpoints).map(([path, module]) => [path.toLowerCase(), module]));

/** The endpoint of a path after /portal-srp/api/ (React Router's splat, decoded), or the JSON 404. */
export function portalEndpoint(splat: string | undefined): EndpointModule {
  const path = (splat ?? "").replace(/\/$/, "").toLowerCase();
  return byLowerCasePath.get(path) ?? notFound;
}
