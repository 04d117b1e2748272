/**
 * The guided flow's JSON endpoints (seed 001 §7 "Guided flow", POST JSON, same-origin; docs/decisions/102).
 * Body as §3: { site?, domain?, locale?, apireq?, uri?, queryFilters } plus `step` and, for the where step, `q`.
 * - /portal-srp/api/v1/cerca-casa: validates the step's answers (4xx naming the field), answers the state,
 *   the canonical results URL, the live count of matching listings and the next step;
 * - …/cerca-casa/available: how many listings each rooms and bathrooms choice would find;
 * - …/cerca-casa/savealert: saves the search for the logged-in user with e-mail alerts, as the results page's
 *   save button does (the same service, so the same hash);
 * - …/cerca-casa/thankyou: the thank-you step's texts and links;
 * - …/cerca-casa/chat: the chat variant's free text `q` at a step (docs/decisions/123): read by
 *   core/guided/chat.ts (the where step's by the place search), merged into the state and answered as the
 *   step endpoint answers, plus `understood` (the fields the text set); not understood, 400 naming `q`.
 */
import { z } from "zod";
import { readAnswer } from "../../core/guided/chat.ts";
import { hasWhere, missingStep, type GuidedState } from "../../core/guided/flow.ts";
import { AREA_KEY, guidedSteps, nextStep, stateParams, stepFields } from "../../core/guided/steps.ts";
import { BadInputError } from "../../core/errors.ts";
import { alertFrequencies } from "../../core/search/saved-search-alerts.ts";
import { crossSiteRefusal } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { fromOwnSite } from "../contact/client.server.ts";
import {
  answerWhere,
  guidedAvailability,
  guidedSearch,
  guidedStateSchema,
  resolveWhere,
  saveGuidedSearch,
} from "../guided/guided.server.ts";
import { guidedChatTexts, guidedTexts } from "../i18n/guided.ts";
import { locales, localizePath } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import type { Route } from "./+types/api.cerca-casa";

const bodySchema = z.strictObject({
  site: z.string().max(40).optional(),
  domain: z.string().max(200).optional(),
  locale: z.enum(locales).default("it"),
  apireq: z.record(z.string(), z.unknown()).optional(),
  uri: z.string().max(4000).optional(),
  step: z.enum(guidedSteps).default("parametri"),
  q: z.string().max(100).optional(),
  queryFilters: z.record(z.string(), z.unknown()).default({}),
  emailFrequency: z.enum(alertFrequencies).optional(),
});

/** The state in `queryFilters`, validated: a 400 names the field ("queryFilters.prezzoMax"). */
function readState(raw: Record<string, unknown>): GuidedState {
  const parsed = guidedStateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ["queryFilters", ...issue.path].join(".");
    throw jsonError(400, `${field}: ${issue.message}`, field);
  }
  return parsed.data;
}

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  if (!fromOwnSite(request, context)) return crossSiteRefusal();
  const body = await readJsonBody(request, bodySchema);
  const svc = services(context);
  const db = svc.database.readDb;
  const path = new URL(request.url).pathname;
  let state = readState(body.queryFilters);
  const t = guidedTexts[body.locale];
  const c = guidedChatTexts[body.locale];

  if (path.endsWith("/thankyou"))
    return Response.json({ title: t.thanksTitle, text: t.thanksText, mycasa: localizePath("/mycasa/ricerche/", body.locale) });

  // The chat's free text: what it says at this step replaces those answers (a place: the where step's search below).
  let understood: Partial<GuidedState> | undefined;
  if (path.endsWith("/chat")) {
    if (!body.q?.trim()) return jsonError(400, c.notUnderstood, "q");
    if (body.step === "dove") state = { ...state, luogo: undefined, vicino: undefined, da: undefined, [AREA_KEY]: undefined };
    else {
      understood = readAnswer(body.step, body.q) ?? undefined;
      if (!understood) return jsonError(400, c.notUnderstood, "q");
      state = readState({ ...state, ...understood });
    }
  }
  // The where step: a typed place is resolved by the place search.
  // With a travel mode and time given, the place is where the commute time starts.
  if (body.step === "dove" && !hasWhere(state)) {
    const place = body.q ? await resolveWhere(db, body.q, state) : null;
    const answered = place ? answerWhere(state, place, state.mezzo !== undefined && state.minuti !== undefined) : null;
    if (!answered) return jsonError(400, body.q ? t.placeNotFound : t.placeRequired, body.q ? "q" : "queryFilters.luogo");
    state = answered;
    understood = answered.luogo ? { luogo: answered.luogo } : { vicino: answered.vicino, da: answered.da };
  }
  const missing = missingStep(state, body.step === "dove" ? "budget" : body.step);
  if (missing) return jsonError(400, t.placeRequired, "queryFilters.luogo");

  if (path.endsWith("/available")) return Response.json(await guidedAvailability(db, state));

  const search = await guidedSearch(db, state, svc.counts);
  if (path.endsWith("/savealert")) {
    const user = await svc.accounts.sessions.currentUser(requestInfo(context).session);
    if (!user) return jsonError(401, t.loginToSave);
    const frequency = body.emailFrequency ?? "immediately";
    try {
      const saved = await saveGuidedSearch(svc.database.db, user, search.uri, frequency);
      return Response.json({
        saved: true,
        id: saved.id,
        hash: saved.hash,
        searchUrl: localizePath(saved.searchUrl, body.locale),
        thankyou: `${localizePath("/cerca-casa/", body.locale)}?${new URLSearchParams([["passo", "grazie"], ["salvata", "1"], ...stateParams(state)])}`,
      });
    } catch (error) {
      if (error instanceof BadInputError) return jsonError(400, error.message, "queryFilters");
      throw error;
    }
  }
  return Response.json({
    step: body.step,
    fields: stepFields[body.step],
    next: nextStep(body.step),
    queryFilters: Object.fromEntries(stateParams(state)),
    place: search.place,
    uri: localizePath(search.uri, body.locale),
    count: search.count,
    ...(path.endsWith("/chat") ? { understood: Object.fromEntries(Object.entries(understood ?? {}).map(([k, v]) => [k, v ?? null])) } : {}),
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;
