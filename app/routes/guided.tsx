/**
 * /cerca-casa/ — the guided find-a-home flow (seed 001 §2 Guided flow; docs/decisions/102): one step per page,
 * `?passo=` and the answers so far in the URL, each step a plain GET form (hidden fields carry the other
 * answers), so it works without JavaScript. With JavaScript the budget step's count and the rooms and
 * bathrooms availability follow the inputs live through the §7 endpoints. The save step stores the search for
 * the logged-in user with the saved-search service the results page's save button uses (same hash); a
 * visitor logs in or registers through /accedi/ and comes back to this step. Then the thank-you step.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useActionData } from "react-router";
import { z } from "zod";
import { answerArea, guidedStateSchema, hasWhere, missingStep, type GuidedState } from "../../core/guided/flow.ts";
import {
  AREA_KEY,
  guidedFeatures,
  guidedSteps,
  nextStep,
  previousStep,
  readStateParams,
  stateParams,
  stepFields,
  type GuidedStep,
} from "../../core/guided/steps.ts";
import { alertFrequencies } from "../../core/search/saved-search-alerts.ts";
import { formAction, formCsrfToken, type FormResult } from "../account/form.server.ts";
import { answerWhere, guidedAvailability, guidedSearch, resolveWhere, saveGuidedSearch } from "../guided/guided.server.ts";
import { guidedChatTexts, guidedTexts } from "../i18n/guided.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { describeSearch, savedSearchesService } from "../mycasa/saved-searches.server.ts";
import { requestInfo, services } from "../services.ts";
import { FormMessages } from "../ui/account-form.tsx";
import { GuidedParamsFields } from "../ui/guided-params.tsx";
import { WhereStep } from "../ui/guided-where.tsx";
import type { Route } from "./+types/guided";
import "../ui/account.css";
import "../ui/guided.css";

/** The steps a visitor answers, numbered for 'Passo n di N'. */
const QUESTION_STEPS = guidedSteps.filter((s) => s !== "grazie");

function stepOf(value: string | null): GuidedStep {
  return (guidedSteps as readonly string[]).includes(value ?? "") ? (value as GuidedStep) : "parametri";
}

/** The step that asks a field (to show a bad value where it was typed). */
function stepAsking(field: string): GuidedStep {
  return (Object.keys(stepFields) as GuidedStep[]).find((s) => (stepFields[s] as readonly string[]).includes(field)) ?? "parametri";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const t = guidedTexts[locale];
  const svc = services(context);
  const db = svc.database.readDb;
  let step = stepOf(url.searchParams.get("passo"));
  const parsed = guidedStateSchema.safeParse(readStateParams(url.searchParams));
  const base = { locale, csrf: formCsrfToken(request, context), styleUrl: svc.mapStyleUrl ?? null };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "");
    const fallback = guidedStateSchema.parse({});
    return data(
      { ...base, step: stepAsking(field), state: fallback, q: "", error: { field, message: issue.message }, view: null },
      { status: 400 },
    );
  }
  let state = parsed.data;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // The where step's map answer (docs/decisions/134): the drawn area alone; none drawn, the where step again.
  if (url.searchParams.get("modo") === "mappa" && step !== "dove") {
    const answered = answerArea(state);
    if (!answered)
      return data(
        { ...base, step: "dove" as GuidedStep, state, q, error: { field: AREA_KEY, message: t.areaRequired }, view: null },
        { status: 400 },
      );
    state = answered;
  } else if (q && step !== "dove") {
    // The where step's typed text: resolved by the place search; not found, the where step again with the text.
    const place = await resolveWhere(db, q, state);
    const answered = place ? answerWhere(state, place, url.searchParams.get("modo") === "tempo") : null;
    if (!answered)
      return data(
        { ...base, step: "dove" as GuidedStep, state, q, error: { field: "q", message: t.placeNotFound }, view: null },
        { status: 400 },
      );
    state = answered;
  }
  const missing = missingStep(state, step);
  if (missing) {
    const error = url.searchParams.has("passo") && step !== "parametri" ? { field: "q", message: t.placeRequired } : null;
    return data({ ...base, step: missing, state, q, error, view: null }, { status: error ? 400 : 200 });
  }
  if (step === "grazie" && !url.searchParams.has("salvata")) step = "salva";
  const search = hasWhere(state) ? await guidedSearch(db, state, svc.counts) : null;
  const availability = step === "locali" ? await guidedAvailability(db, state) : null;
  const user = step === "salva" ? await svc.accounts.sessions.currentUser(requestInfo(context).session) : null;
  const described = step === "salva" && search ? describeSearch(search.query, await savedSearchesService(db).directory(), locale) : null;
  return {
    ...base,
    step,
    state,
    q,
    error: null as null | { field: string; message: string },
    view: {
      place: search?.place ?? null,
      count: search?.count ?? null,
      resultsUrl: search ? localizePath(search.uri, locale) : null,
      availability,
      loggedIn: user !== null,
      summary: described ? `${described.defaultTitle} · ${described.summary}` : null,
      selfUrl: `${url.pathname}?${url.searchParams}`,
    },
  };
}

const saveSchema = z.object({ emailFrequency: z.enum(alertFrequencies).default("immediately") });

export function action(args: Route.ActionArgs) {
  return formAction(args, async ({ form, values, info, svc }): Promise<Response | FormResult> => {
    const url = new URL(args.request.url);
    const locale = localeFromPath(url.pathname);
    const t = guidedTexts[locale];
    const user = await svc.accounts.sessions.currentUser(info.session);
    if (!user) return { errors: { form: t.loginToSave }, values };
    const state = guidedStateSchema.safeParse(readStateParams(url.searchParams));
    if (!state.success || !hasWhere(state.data)) return { errors: { form: t.placeRequired }, values };
    const choice = saveSchema.safeParse(Object.fromEntries(form));
    if (!choice.success) return { errors: { emailFrequency: choice.error.issues[0]!.message }, values };
    const search = await guidedSearch(svc.database.readDb, state.data, svc.counts);
    await saveGuidedSearch(svc.database.db, user, search.uri, choice.data.emailFrequency);
    return redirect(
      `${localizePath("/cerca-casa/", locale)}?${new URLSearchParams([["passo", "grazie"], ["salvata", "1"], ...stateParams(state.data)])}`,
      303,
    );
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = guidedTexts[loaderData?.locale ?? "it"];
  const step = loaderData?.step ?? "parametri";
  return [
    { title: `${t.stepTitle(step)} - ${t.title} - casa.it` },
    { name: "description", content: t.intro },
    ...(step === "parametri" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

/** The state as hidden fields, but for the fields the step asks. */
function HiddenState({ state, except }: { state: GuidedState; except: readonly string[] }) {
  return (
    <>
      {[...stateParams(state)]
        .filter(([key]) => !except.includes(key))
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
    </>
  );
}

function stepUrl(locale: Locale, step: GuidedStep, state: GuidedState): string {
  return `${localizePath("/cerca-casa/", locale)}?${new URLSearchParams([["passo", step], ...stateParams(state)])}`;
}

export default function Guided({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const t = guidedTexts[d.locale];
  const result = useActionData<FormResult>();
  const { step, state } = d;
  const number = QUESTION_STEPS.indexOf(step as (typeof QUESTION_STEPS)[number]) + 1;
  const back = previousStep(step);
  const error = d.error;
  const errorId = error ? "guided-error" : undefined;
  return (
    <section className="page guided-page" aria-labelledby="guided-title">
      <p className="guided-kicker">{t.title}</p>
      {number > 0 && <p className="guided-progress">{t.stepOf(number, QUESTION_STEPS.length)}</p>}
      <h1 id="guided-title">{step === "grazie" ? t.thanksTitle : t.stepTitle(step)}</h1>
      {error && (
        <p className="form-error" id="guided-error" role="alert">
          {error.message}
        </p>
      )}
      {step === "parametri" && (
        <p className="guided-chat-link">
          <a href={localizePath("/cerca-casa/chat/", d.locale)}>{guidedChatTexts[d.locale].tryChat}</a>
        </p>
      )}
      {step === "grazie" ? (
        <div className="guided-thanks">
          <p>{t.thanksText}</p>
          <p className="guided-actions">
            {d.view?.resultsUrl && (
              <a className="account-button" href={d.view.resultsUrl}>
                {t.seeResults}
              </a>
            )}
            <a className="button-secondary" href={localizePath("/mycasa/ricerche/", d.locale)}>
              {t.mySearches}
            </a>
          </p>
        </div>
      ) : step === "salva" ? (
        <SaveStep d={d} result={result} />
      ) : (
        <form method="get" action={localizePath("/cerca-casa/", d.locale)} className="account-form guided-form">
          <input type="hidden" name="passo" value={nextStep(step)} />
          <HiddenState state={state} except={[...stepFields[step], ...(step === "dove" ? ["luogo"] : [])]} />
          {step === "parametri" && <GuidedParamsFields locale={d.locale} state={state} />}
          {step === "dove" && (
            <WhereStep
              locale={d.locale}
              state={state}
              text={d.q || d.view?.place?.name || state.da || ""}
              placeBox={d.view?.place?.bbox ?? pointBox(state.vicino)}
              invalid={error !== null}
              errorId={errorId}
              count={d.view?.count ?? null}
              styleUrl={d.styleUrl}
              back={back ? stepUrl(d.locale, back, state) : null}
            />
          )}
          {step === "budget" && <BudgetStep d={d} />}
          {step === "locali" && <RoomsStep d={d} />}
          {step === "filtri" && (
            <fieldset className="guided-choices">
              <legend>{t.features}</legend>
              {guidedFeatures.map((f) => (
                <label key={f} className="guided-choice">
                  <input type="checkbox" name="filtri" value={f} defaultChecked={state.filtri.includes(f)} /> {t.feature(f)}
                </label>
              ))}
            </fieldset>
          )}
          {d.view?.count !== null && d.view?.count !== undefined && step !== "budget" && step !== "dove" && (
            <p className="guided-count" aria-live="polite">
              {t.liveCount(d.view.count)}
            </p>
          )}
          {step !== "dove" && (
            <div className="guided-actions">
              {back && (
                <a className="button-secondary" href={stepUrl(d.locale, back, state)}>
                  {t.back}
                </a>
              )}
              <button type="submit" className="account-button">
                {t.next}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}

type Data = Route.ComponentProps["loaderData"];

/** A small box around a commute time's starting point ("lat,lon"), for the where step's map; null without one. */
function pointBox(point: string | undefined): [number, number, number, number] | null {
  if (!point) return null;
  const [lat, lon] = point.split(",").map(Number) as [number, number];
  return [lon - 0.02, lat - 0.015, lon + 0.02, lat + 0.015];
}

/** POSTs one of the §7 endpoints with the state the form holds now; null when it fails (the server-rendered figure stays). */
async function askFlow(path: string, locale: Locale, step: GuidedStep, form: HTMLFormElement): Promise<unknown> {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  const res = await fetch(`/portal-srp/api/v1/cerca-casa${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ locale, step, queryFilters: readStateParams(params) }),
  }).catch(() => null);
  return res?.ok ? res.json() : null;
}

function BudgetStep({ d }: { d: Data }) {
  const t = guidedTexts[d.locale];
  const [count, setCount] = useState(d.view?.count ?? null);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const onInput = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(async () => {
      const form = ref.current?.closest("form");
      if (!form) return;
      const answer = (await askFlow("", d.locale, "budget", form)) as { count?: number } | null;
      if (answer && typeof answer.count === "number") setCount(answer.count);
    }, 300);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <div ref={ref} className="guided-budget">
      <div className="form-field">
        <label htmlFor="guided-min">{t.minPrice}</label>
        <input
          id="guided-min"
          name="prezzoMin"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={d.state.prezzoMin}
          onInput={onInput}
        />
      </div>
      <div className="form-field">
        <label htmlFor="guided-max">{t.maxPrice}</label>
        <input
          id="guided-max"
          name="prezzoMax"
          type="number"
          min={0}
          inputMode="numeric"
          defaultValue={d.state.prezzoMax}
          onInput={onInput}
        />
      </div>
      {count !== null && (
        <p className="guided-count" aria-live="polite" data-testid="guided-count">
          {t.liveCount(count)}
        </p>
      )}
    </div>
  );
}

function RoomsStep({ d }: { d: Data }) {
  const t = guidedTexts[d.locale];
  const [availability, setAvailability] = useState(d.view?.availability ?? null);
  const ref = useRef<HTMLDivElement>(null);
  const onChange = async () => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const answer = (await askFlow("/available", d.locale, "locali", form)) as typeof availability;
    if (answer) setAvailability(answer);
  };
  const group = (
    name: "locali" | "bagni",
    legend: string,
    options: Array<{ value: number; count: number }>,
    current: number | undefined,
  ) => (
    <fieldset className="guided-choices">
      <legend>{legend}</legend>
      <label className="guided-choice">
        <input type="radio" name={name} value="" defaultChecked={current === undefined} onChange={onChange} /> {t.any}
      </label>
      {options.map((o) => (
        <label key={o.value} className="guided-choice">
          <input type="radio" name={name} value={o.value} defaultChecked={current === o.value} onChange={onChange} /> {t.atLeast(o.value)}{" "}
          <span className="guided-available" data-testid={`${name}-${o.value}`}>
            ({t.available(o.count)})
          </span>
        </label>
      ))}
    </fieldset>
  );
  return (
    <div ref={ref}>
      {group("locali", t.rooms, availability?.rooms ?? [], d.state.locali)}
      {group("bagni", t.baths, availability?.baths ?? [], d.state.bagni)}
    </div>
  );
}

function SaveStep({ d, result }: { d: Data; result: FormResult | undefined }) {
  const t = guidedTexts[d.locale];
  const view = d.view!;
  const back = previousStep("salva")!;
  return (
    <div className="guided-save">
      <h2>{t.summary}</h2>
      <p>{view.summary}</p>
      {view.count !== null && <p className="guided-count">{t.liveCount(view.count)}</p>}
      <FormMessages errors={result?.errors ?? {}} />
      {view.loggedIn ? (
        <Form method="post" className="account-form">
          <input type="hidden" name="csrf" value={d.csrf} />
          <div className="form-field">
            <label htmlFor="guided-email">{t.emailAlerts}</label>
            <select id="guided-email" name="emailFrequency" defaultValue="immediately">
              {alertFrequencies.map((f) => (
                <option key={f} value={f}>
                  {t.frequency(f)}
                </option>
              ))}
            </select>
          </div>
          <div className="guided-actions">
            <a className="button-secondary" href={stepUrl(d.locale, back, d.state)}>
              {t.back}
            </a>
            <button type="submit" className="account-button">
              {t.saveAlert}
            </button>
          </div>
        </Form>
      ) : (
        <div>
          <p>{t.loginToSaveHint}</p>
          <p className="guided-actions">
            <a className="button-secondary" href={stepUrl(d.locale, back, d.state)}>
              {t.back}
            </a>
            <a className="account-button" href={`${localizePath("/accedi/", d.locale)}?redirect=${encodeURIComponent(view.selfUrl)}`}>
              {t.loginToSave}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
