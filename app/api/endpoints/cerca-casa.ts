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
import { readAnswer } from "../../../core/guided/chat.ts";
import { hasWhere, missingStep, type GuidedState } from "../../../core/guided/flow.ts";
import { AREA_KEY, guidedSteps, nextStep, stateParams, stepFields } from "../../../core/guided/steps.ts";
import { BadInputError } from "../../../core/errors.ts";
import { alertFrequencies } from "../../../core/search/saved-search-alerts.ts";
import type { UserRecord } from "../../../db/users.ts";
import { chain, endpointByPath } from "../endpoint.server.ts";
import { jsonError } from "../errors.ts";
import { anyone, type Policy } from "../policies.server.ts";
import type { RequestInput } from "../request.ts";
import {
  answerWhere,
  guidedAvailability,
  guidedSearch,
  guidedStateSchema,
  resolveWhere,
  saveGuidedSearch,
} from "../../guided/guided.server.ts";
import { guidedChatTexts, guidedTexts } from "../../i18n/guided.ts";
import { locales, localizePath } from "../../i18n/locale.ts";
import type { Services } from "../../services.ts";

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

type GuidedBody = z.infer<typeof bodySchema>;

/** A step's answers read: the body, its state, the chat's text and the where step's place resolved; 400 naming the field. */
async function readAnswers(input: RequestInput, svc: Services, chat: boolean) {
  const body = await input.jsonOf(bodySchema);
  let state = readState(body.queryFilters);
  const t = guidedTexts[body.locale];
  // The chat's free text: what it says at this step replaces those answers (a place: the where step's search below).
  let understood: Partial<GuidedState> | undefined;
  if (chat) {
    const c = guidedChatTexts[body.locale];
    if (!body.q?.trim()) throw jsonError(400, c.notUnderstood, "q");
    if (body.step === "dove") state = { ...state, luogo: undefined, vicino: undefined, da: undefined, [AREA_KEY]: undefined };
    else {
      understood = readAnswer(body.step, body.q) ?? undefined;
      if (!understood) throw jsonError(400, c.notUnderstood, "q");
      state = readState({ ...state, ...understood });
    }
  }
  // The where step: a typed place is resolved by the place search.
  // With a travel mode and time given, the place is where the commute time starts.
  if (body.step === "dove" && !hasWhere(state)) {
    const place = body.q ? await resolveWhere(svc.database.readDb, body.q, state) : null;
    const answered = place ? answerWhere(state, place, state.mezzo !== undefined && state.minuti !== undefined) : null;
    if (!answered) throw jsonError(400, body.q ? t.placeNotFound : t.placeRequired, body.q ? "q" : "queryFilters.luogo");
    state = answered;
    understood = answered.luogo ? { luogo: answered.luogo } : { vicino: answered.vicino, da: answered.da };
  }
  if (missingStep(state, body.step === "dove" ? "budget" : body.step)) throw jsonError(400, t.placeRequired, "queryFilters.luogo");
  return { body, state, understood };
}

/** The step's answer: its fields, the next step, the state, the live count and the results URL. */
async function stepAnswer(svc: Services, { body, state, understood }: Awaited<ReturnType<typeof readAnswers>>, chat: boolean) {
  const search = await guidedSearch(svc.database.readDb, state, svc.counts);
  return {
    step: body.step,
    fields: stepFields[body.step],
    next: nextStep(body.step),
    queryFilters: Object.fromEntries(stateParams(state)),
    place: search.place,
    uri: localizePath(search.uri, body.locale),
    count: search.count,
    ...(chat ? { understood: Object.fromEntries(Object.entries(understood ?? {}).map(([k, v]) => [k, v ?? null])) } : {}),
  };
}

/** Saving the search with alerts: the logged-in user, told in the body's language to log in otherwise (401). */
const guidedSaver: Policy<UserRecord> = async ({ info, svc, input }) => {
  const user = await svc.accounts.sessions.currentUser(info.session);
  if (user) return user;
  const raw = await input.json();
  const locale: GuidedBody["locale"] =
    typeof raw === "object" && raw !== null && (raw as { locale?: unknown }).locale === "en" ? "en" : "it";
  throw jsonError(401, guidedTexts[locale].loginToSave);
};

/** Which endpoint the path is: the step (the base path) or one of its companions. */
function guidedCall(request: Request): string {
  const path = new URL(request.url).pathname;
  for (const call of ["thankyou", "chat", "available", "savealert"]) if (path.endsWith(`/${call}`)) return call;
  return "step";
}

// Every call comes from the flow's own pages (same origin) and is the visitor's own search: anyone may ask, but
// saving it with alerts needs a logged-in user.
const endpoint = endpointByPath("POST", { limit: "search" }, guidedCall, {
  step: chain({
    sameOrigin: "writes",
    authorise: anyone,
    validate: (input, { svc }) => readAnswers(input, svc, false),
    command: ({ input, svc }) => stepAnswer(svc, input, false),
    present: (answer) => Response.json(answer),
  }),
  chat: chain({
    sameOrigin: "writes",
    authorise: anyone,
    validate: (input, { svc }) => readAnswers(input, svc, true),
    command: ({ input, svc }) => stepAnswer(svc, input, true),
    present: (answer) => Response.json(answer),
  }),
  available: chain({
    sameOrigin: "writes",
    authorise: anyone,
    validate: (input, { svc }) => readAnswers(input, svc, false),
    command: ({ input, svc }) => guidedAvailability(svc.database.readDb, input.state),
    present: (availability) => Response.json(availability),
  }),
  thankyou: chain({
    sameOrigin: "writes",
    authorise: anyone,
    validate: async (input) => {
      const body = await input.jsonOf(bodySchema);
      readState(body.queryFilters);
      return body;
    },
    command: ({ input }) => guidedTexts[input.locale],
    present: (t, { input }) =>
      Response.json({ title: t.thanksTitle, text: t.thanksText, mycasa: localizePath("/mycasa/ricerche/", input.locale) }),
  }),
  savealert: chain({
    sameOrigin: "writes",
    authorise: guidedSaver,
    validate: (input, { svc }) => readAnswers(input, svc, false),
    command: async ({ input: { body, state }, actor, svc }) => {
      const search = await guidedSearch(svc.database.readDb, state, svc.counts);
      try {
        return await saveGuidedSearch(svc.database.db, actor, search.uri, body.emailFrequency ?? "immediately");
      } catch (error) {
        if (error instanceof BadInputError) throw jsonError(400, error.message, "queryFilters");
        throw error;
      }
    },
    present: (saved, { input: { body, state } }) =>
      Response.json({
        saved: true,
        id: saved.id,
        hash: saved.hash,
        searchUrl: localizePath(saved.searchUrl, body.locale),
        thankyou: `${localizePath("/cerca-casa/", body.locale)}?${new URLSearchParams([["passo", "grazie"], ["salvata", "1"], ...stateParams(state)])}`,
      }),
  }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
