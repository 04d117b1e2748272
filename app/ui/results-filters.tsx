/**
 * The filter form of the results page: a GET form (works without JavaScript) in five groups, with
 * inputs named by the raw filter keys parseSearch accepts. It submits to /cerca/, which writes the
 * canonical search address. Desktop (≥ 1024 px): a side column. Narrower: behind a 'Filtri (n)'
 * button — a full-screen panel opened through the URL fragment (#filtri, CSS :target) without
 * JavaScript, and a modal panel with focus kept inside, Escape and focus return with it.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form } from "react-router";
import { deviceClass } from "../../core/device.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import { FilterField, type FormState, Group, keyOf, runs, valueOf } from "./results-filter-fields.tsx";
import { useCloseOnBack } from "./modal-history.ts";

export const FILTER_FORM_ID = "filtri-form";
const PANEL_ID = "filtri";

/** Keeps Tab inside the open panel and closes it on Escape. */
function useModalPanel(open: boolean, panelRef: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const focusables = () =>
      [
        ...panel.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), select, summary, [tabindex='0']"),
      ].filter((el) => el.offsetParent !== null);
    focusables()[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        const list = focusables();
        if (list.length === 0) return;
        const first = list[0]!;
        const last = list[list.length - 1]!;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, panelRef, close]);
}

/** The filter panel's open state, shared by its toggle and the panel when the page puts them apart (the results page's row of chips). */
export interface FiltersPanel {
  open: boolean;
  modal: boolean;
  toggleRef: RefObject<HTMLAnchorElement | null>;
  show(): void;
  close(): void;
}

/**
 * The state of one filter panel; `overlay`: it always opens over the page (the map), as on a phone. It is open for
 * one `search` only: a new search (the form submitted) finds it closed, as a panel mounted afresh would be.
 */
export function useFiltersPanel(overlay = false, search = ""): FiltersPanel {
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const [openFor, setOpenFor] = useState<string | null>(null);
  const [modal, setModal] = useState(false);
  const close = useRef(() => {
    setOpenFor(null);
    toggleRef.current?.focus();
  }).current;
  const show = () => {
    setModal(overlay || !deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: false }).isDesktop);
    setOpenFor(search);
  };
  return { open: openFor === search, modal, toggleRef, show, close };
}

/** 'Filtri (n)': a link to #filtri (the panel by :target without JavaScript); with it, the panel as a modal. */
export function FiltersToggle({ panel, activeFilters, locale }: { panel: FiltersPanel; activeFilters: number; locale: Locale }) {
  return (
    <a
      ref={panel.toggleRef}
      href={`#${PANEL_ID}`}
      className="filters-toggle"
      role="button"
      aria-controls={PANEL_ID}
      aria-expanded={panel.open}
      onClick={(event) => {
        event.preventDefault();
        panel.show();
      }}
    >
      {searchTexts[locale].filtersButton(activeFilters)}
    </a>
  );
}

export function ResultsFilters({
  form,
  total,
  activeFilters,
  locale,
  footer,
  keep = [],
  overlay = false,
  panel: shared,
}: {
  form: FormState;
  total: number;
  activeFilters: number;
  locale: Locale;
  /** Hidden fields that keep the search's area and the map view across a filter change (SearchPageData.formKeep). */
  keep?: Array<[name: string, value: string]>;
  /** On the map the panel always opens over the page, as on a phone. */
  overlay?: boolean;
  /** The live count footer (h5's useLiveCount) when it is mounted; otherwise the submit button shows the current total. */
  footer?: (formRef: RefObject<HTMLFormElement | null>) => ReactNode;
  /** The panel's state when its toggle sits elsewhere on the page (FiltersToggle); without it the toggle comes first here. */
  panel?: FiltersPanel;
}) {
  const t = searchTexts[locale];
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const own = useFiltersPanel(overlay);
  const { open, modal, close } = shared ?? own;
  useModalPanel(open && modal, panelRef, close);
  // Phones and tablets: the browser's back button closes the open panel first (seed 001 §2).
  useCloseOnBack(open && modal, close);

  return (
    <>
      {!shared && <FiltersToggle panel={own} activeFilters={activeFilters} locale={locale} />}
      <div
        id={PANEL_ID}
        ref={panelRef}
        className={`filters-panel${open ? " is-open" : ""}`}
        {...(open && modal ? { role: "dialog", "aria-modal": true, "aria-labelledby": "filtri-titolo" } : {})}
      >
        <div className="filters-panel__head">
          <h2 id="filtri-titolo">{t.filtersTitle}</h2>
          <a
            href="#risultati"
            className="filters-panel__close"
            aria-label={t.closeFilters}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            ×
          </a>
        </div>
        {/* Open as a modal, the panel's history entry is on top: the new search replaces it, so back never reopens the panel. */}
        <Form id={FILTER_FORM_ID} ref={formRef} method="get" action={form.action} className="filters-form" replace={open && modal}>
          {form.places.map((id) => (
            <input key={id} type="hidden" name="zones" value={id} />
          ))}
          {form.propertyTypes.length > 0 && <input type="hidden" name="propertyTypes" value={form.propertyTypes.join(",")} />}
          {valueOf(form, "pId") && <input type="hidden" name="pId" value={valueOf(form, "pId")} />}
          {keep.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="filter-field">
            <label htmlFor="f-channel">{t.channel}</label>
            <select id="f-channel" name="channel" defaultValue={form.channel}>
              {form.choices.channel.map(([c, label]) => (
                <option key={c} value={c}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-field">
            <label htmlFor="f-propertyTypeGroup">{t.propertyGroup}</label>
            <select id="f-propertyTypeGroup" name="propertyTypeGroup" defaultValue={form.group}>
              {form.choices.group.map(([g, label]) => (
                <option key={g} value={g}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {/* The property-type panel and the locality modal (h5) sit above the form, in the page's search tools. */}
          {form.fieldGroups.map(({ group, title, open, fields }) => (
            <Group key={group} title={title} open={open}>
              {runs(fields).map((run) =>
                run[0]!.control === "flag" ? (
                  <div key={keyOf(run[0]!)} className="filter-flags">
                    {run.map((f) => (
                      <FilterField key={keyOf(f)} field={f} form={form} locale={locale} />
                    ))}
                  </div>
                ) : (
                  <FilterField key={keyOf(run[0]!)} field={run[0]!} form={form} locale={locale} />
                ),
              )}
            </Group>
          ))}
          <div className="filters-panel__footer">
            {footer ? (
              footer(formRef)
            ) : (
              <button type="submit" className="button-primary">
                {t.submit(total)}
              </button>
            )}
            <a href={form.resetHref} className="filters-reset">
              {t.reset}
            </a>
          </div>
        </Form>
      </div>
    </>
  );
}
