/**
 * /cerca-casa/chat/ — the guided flow as a conversation (seed 001 §2 "There is a chat variant", §7
 * `/cerca-casa/chat`; docs/decisions/123). The same steps and endpoints as /cerca-casa/: each question has
 * quick-reply chips (posted as answers to `/portal-srp/api/v1/cerca-casa`, the rooms and bathrooms chips with
 * `/available`'s counts) and a text box whose words go to `/cerca-casa/chat` (places through the place search;
 * prices, rooms and features read by core/guided/chat.ts). It ends like the plain flow: `/cerca-casa/savealert`
 * (the results page's save service: same hash), then the thank-you page; a visitor logs in through /accedi/
 * and comes back to the save question. Without JavaScript the page is the plain flow's first step.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { guidedStateSchema, hasWhere } from "../../core/guided/flow.ts";
import { budgetPicks, guidedFeatures, homeTypes, readStateParams, stateParams, type GuidedStep } from "../../core/guided/steps.ts";
import { propertyTypeLabels } from "../../core/listing/labels.ts";
import { alertFrequencies } from "../../core/search/saved-search-alerts.ts";
import { guidedSearch } from "../guided/guided.server.ts";
import { guidedChatTexts, guidedTexts, type ChatTurn } from "../i18n/guided.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { requestInfo, services } from "../services.ts";
import { GuidedParamsFields } from "../ui/guided-params.tsx";
import type { Route } from "./+types/guided-chat";
import "../ui/account.css";
import "../ui/guided.css";

/** The chat's questions in order, and the flow step each answers. */
const TURNS: readonly ChatTurn[] = ["contratto", "tipologia", "dove", "budget", "locali", "bagni", "filtri", "salva"];
const STEP_OF: Readonly<Record<ChatTurn, GuidedStep>> = {
  contratto: "parametri",
  tipologia: "parametri",
  dove: "dove",
  budget: "budget",
  locali: "locali",
  bagni: "locali",
  filtri: "filtri",
  salva: "salva",
};
/** Fields a turn answers: an answer from the text that already set the next turn's field skips that turn. */
const FIELDS_OF: Readonly<Partial<Record<ChatTurn, string>>> = { tipologia: "tipologia", bagni: "bagni" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const svc = services(context);
  // The answers so far come back in the URL after a login from the save question; anything invalid starts over.
  const parsed = guidedStateSchema.safeParse(readStateParams(url.searchParams));
  const state = parsed.success ? parsed.data : guidedStateSchema.parse({});
  const resume = url.searchParams.get("passo") === "salva" && hasWhere(state);
  const search = resume ? await guidedSearch(svc.database.readDb, state, svc.counts) : null;
  const user = resume ? await svc.accounts.sessions.currentUser(requestInfo(context).session) : null;
  return {
    locale,
    state,
    filters: Object.fromEntries(stateParams(state)),
    resume: search ? { place: search.place?.name ?? "", count: search.count } : null,
    loggedIn: user !== null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const c = guidedChatTexts[loaderData?.locale ?? "it"];
  return [{ title: `${c.title} - casa.it` }, { name: "description", content: c.intro }];
}

type Filters = Record<string, string>;
type Message = { id: number; from: "bot" | "me"; text: string };
type Chip = { label: string; set?: Record<string, string | undefined>; pressed?: boolean; toggle?: string; done?: boolean };
type FlowAnswer = {
  queryFilters: Filters;
  count: number;
  place: { id: string; name: string } | null;
  understood?: Record<string, unknown>;
};
type Availability = { rooms: Array<{ value: number; count: number }>; baths: Array<{ value: number; count: number }> };

async function postFlow(path: string, body: Record<string, unknown>): Promise<{ ok: true; json: any } | { ok: false; message: string }> {
  const res = await fetch(`/portal-srp/api/v1/cerca-casa${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { ok: false, message: "" };
  const json = await res.json().catch(() => null);
  if (!res.ok) return { ok: false, message: String(json?.error?.message ?? "") };
  return { ok: true, json };
}

function merge(filters: Filters, set: Record<string, string | undefined>): Filters {
  const out = { ...filters };
  for (const [k, v] of Object.entries(set)) {
    if (v === undefined || v === "") delete out[k];
    else out[k] = v;
  }
  return out;
}

export default function GuidedChat({ loaderData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = guidedTexts[locale];
  const c = guidedChatTexts[locale];
  // Before hydration (and without JavaScript): the plain flow's first step.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <section className="page guided-page guided-chat-page" aria-labelledby="guided-title">
      <p className="guided-kicker">{t.title}</p>
      <h1 id="guided-title">{c.title}</h1>
      {live ? (
        <Chat data={loaderData} />
      ) : (
        <form method="get" action={localizePath("/cerca-casa/", locale)} className="account-form guided-form">
          <p>{c.noScript}</p>
          <input type="hidden" name="passo" value="dove" />
          <GuidedParamsFields locale={locale} state={loaderData.state} />
          <div className="guided-actions">
            <button type="submit" className="account-button">
              {t.next}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Chat({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { locale } = data;
  const t = guidedTexts[locale];
  const c = guidedChatTexts[locale];
  const nextId = useRef(0);
  const say = (from: Message["from"], text: string): Message => ({ id: nextId.current++, from, text });
  const [turn, setTurn] = useState<ChatTurn>(data.resume ? "salva" : "contratto");
  const [filters, setFilters] = useState<Filters>(data.filters);
  const [messages, setMessages] = useState<Message[]>(() =>
    data.resume
      ? [say("bot", c.placeFound(data.resume.place, data.resume.count)), say("bot", c.ask("salva"))]
      : [say("bot", c.intro), say("bot", c.ask("contratto"))],
  );
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState("");
  const logRef = useRef<HTMLOListElement>(null);

  // The newest turn in view, each time one is added.
  const turns = messages.length;
  useEffect(() => {
    if (turns > 0) logRef.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [turns]);

  // The rooms and bathrooms chips carry how many listings each choice finds.
  useEffect(() => {
    if (turn !== "locali" && turn !== "bagni") return;
    let current = true;
    void postFlow("/available", { locale, step: "locali", queryFilters: filters }).then((r) => {
      if (current && r.ok) setAvailability(r.json as Availability);
    });
    return () => {
      current = false;
    };
  }, [turn, filters, locale]);

  /** After an answer: the count so far, then the next question (skipping one the answer already gave). */
  const advance = (answered: FlowAnswer, from: ChatTurn, youSaid: string) => {
    let next = TURNS[TURNS.indexOf(from) + 1]!;
    const skip = FIELDS_OF[next];
    if (skip && answered.understood && Object.hasOwn(answered.understood, skip)) next = TURNS[TURNS.indexOf(next) + 1]!;
    const said: Message[] = [say("me", youSaid)];
    if (answered.place && from === "dove") said.push(say("bot", c.placeFound(answered.place.name, answered.count)));
    else if (answered.queryFilters.luogo || answered.queryFilters.vicino) said.push(say("bot", c.found(answered.count)));
    said.push(say("bot", c.ask(next)));
    setFilters(answered.queryFilters);
    setMessages((m) => [...m, ...said]);
    setTurn(next);
    setText("");
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** A chip: its values set, checked by the step endpoint. */
  const choose = (chip: Chip) =>
    run(async () => {
      if (chip.toggle) {
        const chosen = new Set((filters.filtri ?? "").split(",").filter(Boolean));
        if (chosen.has(chip.toggle)) chosen.delete(chip.toggle);
        else chosen.add(chip.toggle);
        setFilters(merge(filters, { filtri: [...chosen].join(",") }));
        return;
      }
      const wanted = chip.done ? filters : merge(filters, chip.set ?? {});
      const r = await postFlow("", { locale, step: STEP_OF[turn], queryFilters: wanted });
      if (!r.ok) return setError(r.message || c.notUnderstood);
      advance(r.json as FlowAnswer, turn, chip.label);
    });

  /** Typed words: read by the chat endpoint (the place search for places). */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q || busy) return;
    void run(async () => {
      const r = await postFlow("/chat", { locale, step: STEP_OF[turn], q, queryFilters: filters });
      if (!r.ok) {
        setMessages((m) => [...m, say("me", q), say("bot", r.message || c.notUnderstood)]);
        setText("");
        return;
      }
      advance(r.json as FlowAnswer, turn, q);
    });
  };

  const save = (frequency: string, label: string) =>
    run(async () => {
      setMessages((m) => [...m, say("me", label), say("bot", c.saving)]);
      const r = await postFlow("/savealert", { locale, step: "salva", queryFilters: filters, emailFrequency: frequency });
      if (!r.ok) return setError(r.message || t.loginToSave);
      window.location.assign((r.json as { thankyou: string }).thankyou);
    });

  const chips = chipsFor(turn, filters, availability, locale);
  const selfUrl = `${localizePath("/cerca-casa/chat/", locale)}?${new URLSearchParams([["passo", "salva"], ...Object.entries(filters)])}`;
  return (
    <div className="guided-chat">
      <div className="guided-chat-log" role="log" aria-live="polite" aria-label={c.log}>
        <ol ref={logRef}>
          {messages.map((m) => (
            <li key={m.id} className={`guided-chat-message guided-chat-message--${m.from}`}>
              <span className="visually-hidden">{m.from === "me" ? c.you : c.assistant}: </span>
              {m.text}
            </li>
          ))}
        </ol>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {turn === "salva" ? (
        data.loggedIn ? (
          <div className="guided-chat-chips" role="group" aria-label={c.choices}>
            {alertFrequencies.map((f) => (
              <button key={f} type="button" className="guided-chip" disabled={busy} onClick={() => void save(f, t.frequency(f))}>
                {t.frequency(f)}
              </button>
            ))}
          </div>
        ) : (
          <p className="guided-actions">
            <a className="account-button" href={`${localizePath("/accedi/", locale)}?redirect=${encodeURIComponent(selfUrl)}`}>
              {t.loginToSave}
            </a>
          </p>
        )
      ) : (
        <>
          <div className="guided-chat-chips" role="group" aria-label={c.choices}>
            {chips.map((chip) => (
              <button
                key={chip.label}
                type="button"
                className="guided-chip"
                aria-pressed={chip.toggle ? Boolean(chip.pressed) : undefined}
                disabled={busy}
                onClick={() => void choose(chip)}
              >
                {chip.label}
              </button>
            ))}
          </div>
          <form className="guided-chat-form" onSubmit={submit}>
            <label htmlFor="guided-chat-text">{c.answer}</label>
            <div className="guided-chat-input">
              <input
                id="guided-chat-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={c.answerPlaceholder}
                autoComplete="off"
                maxLength={100}
              />
              <button type="submit" className="account-button" disabled={busy}>
                {c.send}
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}

/** The quick replies of a turn. */
function chipsFor(turn: ChatTurn, filters: Filters, availability: Availability | null, locale: Locale): Chip[] {
  const t = guidedTexts[locale];
  const c = guidedChatTexts[locale];
  const count = (list: Availability["rooms"] | undefined, n: number) => {
    const found = list?.find((o) => o.value === n);
    return found ? ` (${t.available(found.count)})` : "";
  };
  switch (turn) {
    case "contratto":
      return [
        { label: t.sale, set: { contratto: "vendita" } },
        { label: t.rent, set: { contratto: "affitto" } },
      ];
    case "tipologia":
      return [
        { label: t.anyType, set: { tipologia: undefined } },
        ...homeTypes.map((type) => ({ label: propertyTypeLabels[type] ?? type, set: { tipologia: type } })),
      ];
    case "dove":
      return [];
    case "budget":
      return [
        ...budgetPicks[filters.contratto === "affitto" ? "affitto" : "vendita"].map((v) => ({
          label: c.upTo(v),
          set: { prezzoMin: undefined, prezzoMax: String(v) },
        })),
        { label: t.any, set: { prezzoMin: undefined, prezzoMax: undefined } },
      ];
    case "locali":
      return [
        ...[1, 2, 3, 4, 5].map((n) => ({ label: `${t.atLeast(n)}${count(availability?.rooms, n)}`, set: { locali: String(n) } })),
        { label: t.any, set: { locali: undefined } },
      ];
    case "bagni":
      return [
        ...[1, 2, 3].map((n) => ({ label: `${t.atLeast(n)}${count(availability?.baths, n)}`, set: { bagni: String(n) } })),
        { label: t.any, set: { bagni: undefined } },
      ];
    case "filtri": {
      const chosen = new Set((filters.filtri ?? "").split(",").filter(Boolean));
      return [
        ...guidedFeatures.map((f) => ({ label: t.feature(f), toggle: f, pressed: chosen.has(f) })),
        { label: chosen.size > 0 ? c.done : c.none, done: true },
      ];
    }
    case "salva":
      return [];
  }
}
