/**
 * The live result count of the filter panel (seed 000 §2.12, §5): every change in the filter form is
 * counted with POST /portal-srp/api/v1/search/availableresults — multiple-choice changes (and typed
 * values) after 500 ms, single-choice ones at once — so the footer can say 'Vedi N risultati'.
 * Also the filter dropdown's behaviour (seed 000 §4 Filter dropdown) as a small hook.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { SearchQuery } from "../../core/search/query.ts";
import { createCountScheduler } from "../../core/search/live-count.ts";
import { pickDropdownValue, type DropdownState } from "../../core/search/ui-rules.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchToolsTexts } from "../i18n/search-tools.ts";
import { onDemand } from "./on-demand.ts";
import "./search-tools.css";

export const AVAILABLE_RESULTS_URL = "/portal-srp/api/v1/search/availableresults";

/**
 * How the form's entries become the count's filters, with the filter registry it reads: loaded when the
 * form is first used (the pointer over it, the focus in it), so it stays out of the page's first JavaScript.
 */
const formFilters = onDemand(() => import("../../core/search/form-filters.ts"));

export interface LiveCount {
  /** The count for the form as it is now; null before the first change (show the page's total). */
  total: number | null;
  loading: boolean;
  /** The last count failed: show 'Si è verificato un problema, riprova.' and keep the form as it is. */
  error: boolean;
}

export function useLiveCount(formRef: RefObject<HTMLFormElement | null>, { query }: { query: SearchQuery }): LiveCount {
  const [state, setState] = useState<LiveCount>({ total: null, loading: false, error: false });
  const inflight = useRef<AbortController | null>(null);
  const queryRef = useRef(query);
  queryRef.current = query;

  const count = useCallback(async () => {
    const form = formRef.current;
    if (!form) return;
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setState((s) => ({ ...s, loading: true, error: false }));
    try {
      const { baseFilters, formEntriesToFilters } = await formFilters.load();
      if (controller.signal.aborted) return;
      const q = queryRef.current;
      const entries = [...new FormData(form).entries()].filter((e): e is [string, string] => typeof e[1] === "string");
      const body = { locations: q.places, filters: formEntriesToFilters(entries, baseFilters(q)) };
      const response = await fetch(AVAILABLE_RESULTS_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`availableresults answered ${response.status}`);
      const { total } = (await response.json()) as { total: number };
      if (inflight.current === controller) setState({ total, loading: false, error: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(error);
      if (inflight.current === controller) setState((s) => ({ ...s, loading: false, error: true }));
    }
  }, [formRef]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const scheduler = createCountScheduler(() => void count());
    const schedule = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
      scheduler.changed(event.type, {
        tagName: target.tagName,
        type: target instanceof HTMLSelectElement ? undefined : target.type,
        multiple: target instanceof HTMLSelectElement && target.multiple,
      });
    };
    form.addEventListener("change", schedule);
    form.addEventListener("input", schedule);
    form.addEventListener("pointerover", formFilters.preload);
    form.addEventListener("focusin", formFilters.preload);
    return () => {
      form.removeEventListener("change", schedule);
      form.removeEventListener("input", schedule);
      form.removeEventListener("pointerover", formFilters.preload);
      form.removeEventListener("focusin", formFilters.preload);
      scheduler.cancel();
      inflight.current?.abort();
    };
  }, [formRef, count]);

  // A new page (new search) starts again from the page's own total.
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger, not an input
  useEffect(() => {
    setState({ total: null, loading: false, error: false });
  }, [key]);

  return state;
}

/**
 * The footer of the filter panel: the form's submit button, labelled with the live count
 * ('Vedi N risultati', 'Nessun risultato', a counting label while it counts, disabled meanwhile).
 */
export function LiveCountFooter({
  formRef,
  query,
  total,
  locale,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  query: SearchQuery;
  total: number;
  locale: Locale;
}) {
  const t = searchToolsTexts[locale];
  const live = useLiveCount(formRef, { query });
  // Without JavaScript the count cannot follow the form, so the server renders a plain 'Cerca'.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const n = live.total ?? total;
  return (
    <div className="st-live">
      <button type="submit" className="button-primary st-live__submit" disabled={live.loading} aria-busy={live.loading}>
        {!hydrated ? t.liveCountStatic : live.loading ? t.liveCountLoading : n === 0 ? t.liveCountNone : t.liveCount(n)}
      </button>
      <p className="st-live__status" role="status">
        {live.error ? <span className="st-error">{t.failure}</span> : null}
      </p>
    </div>
  );
}

/**
 * A filter dropdown: open/closed on click, closed by a click outside or Escape; single choice closes
 * on pick, multiple choice toggles, the default clears the others, removing the last restores it.
 */
export function useFilterDropdown({ multiple, defaultValue, initial }: { multiple: boolean; defaultValue: string; initial?: string[] }) {
  const [state, setState] = useState<DropdownState>({ open: false, values: initial && initial.length > 0 ? initial : [defaultValue] });
  const rootRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!state.open) return;
    // On click, not pointerdown: closing reflows the panel, and a pointerdown close would move the button
    // under the pointer (e.g. the panel's submit button) before the click lands on it.
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target))
        setState((s) => ({ ...s, open: false }));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setState((s) => ({ ...s, open: false }));
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [state.open]);

  return {
    rootRef,
    open: state.open,
    values: state.values,
    toggleOpen: () => setState((s) => ({ ...s, open: !s.open })),
    close: () => setState((s) => ({ ...s, open: false })),
    pick: (value: string) => setState((s) => pickDropdownValue(s, value, { multiple, defaultValue })),
  };
}
