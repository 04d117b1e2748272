/**
 * The filter form of the results page: a GET form (works without JavaScript) in five groups, with
 * inputs named by the raw filter keys parseSearch accepts. It submits to /cerca/, which writes the
 * canonical search address. Desktop (≥ 1024 px): a side column. Narrower: behind a 'Filtri (n)'
 * button — a full-screen panel opened through the URL fragment (#filtri, CSS :target) without
 * JavaScript, and a modal panel with focus kept inside, Escape and focus return with it.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form } from "react-router";
import { dropdownSummary } from "../../core/search/ui-rules.ts";
import { deviceClass } from "../../core/device.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import type { FilterFieldView } from "../search/filter-form.server.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { useFilterDropdown } from "./search-live-count.tsx";
import { useCloseOnBack } from "./search-modal.tsx";

export const FILTER_FORM_ID = "filtri-form";
const PANEL_ID = "filtri";

type FormState = SearchPageData["form"];

function valueOf(form: FormState, key: string): string {
  const v = form.values[key];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}
function listOf(form: FormState, key: string): string[] {
  const v = form.values[key];
  return v === undefined ? [] : Array.isArray(v) ? v : v.split(",");
}

/** A field's first input name: no two fields share one. */
const keyOf = (field: FilterFieldView) => ("names" in field ? field.names[0] : field.name);

/** Consecutive flags share one row; every other field stands alone. */
function runs(fields: FilterFieldView[]): FilterFieldView[][] {
  const out: FilterFieldView[][] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (f.control === "flag" && last?.[0]!.control === "flag") last.push(f);
    else out.push([f]);
  }
  return out;
}

/** One filter's inputs, named by its raw keys, as the page's data describes them (app/search/filter-form.server.ts). */
function FilterField({ field, form, locale }: { field: FilterFieldView; form: FormState; locale: Locale }) {
  const t = searchTexts[locale];
  switch (field.control) {
    case "number-pair":
      return (
        <div className="filter-pair">
          {field.names.map((name, i) => (
            <NumberField key={name} name={name} label={field.labels[i]!} value={valueOf(form, name)} max={field.max} />
          ))}
        </div>
      );
    case "select-pair":
      return (
        <div className="filter-pair">
          {field.names.map((name, i) => (
            <Select key={name} name={name} label={field.labels[i]!} value={valueOf(form, name)} anyLabel={t.any} options={field.options} />
          ))}
        </div>
      );
    case "select":
      return <Select name={field.name} label={field.label} value={valueOf(form, field.name)} anyLabel={t.any} options={field.options} />;
    case "checks":
      return <Checks name={field.name} legend={field.label} selected={listOf(form, field.name)} options={field.options} locale={locale} />;
    case "flag":
      return <Flag name={field.name} label={field.label} checked={valueOf(form, field.name) === "true"} />;
    case "radio":
      return (
        <fieldset className="filter-checks">
          <legend>{field.label}</legend>
          {field.options.map(([sent, label]) => (
            <label key={sent}>
              <input type="radio" name={field.name} value={sent} defaultChecked={sent === field.checked} /> {label}
            </label>
          ))}
        </fieldset>
      );
  }
}

function Select({
  name,
  label,
  value,
  options,
  anyLabel,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
  anyLabel: string;
}) {
  const id = `f-${name}`;
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ name, label, value, max }: { name: string; label: string; value: string; max: number }) {
  const id = `f-${name}`;
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="number" inputMode="numeric" min={0} max={max} step={1} defaultValue={value} />
    </div>
  );
}

/** The value a multiple-choice dropdown offers to mean "no filter" (seed 000 §4: picking it clears the others). */
const ANY = "";

/**
 * A multiple-choice filter. Without JavaScript: a group of checkboxes. With it: the filter dropdown of
 * seed 000 §4 — a button summarising the choice ('Seleziona', the label, 'N selezionate') that opens
 * the options; they toggle, 'Indifferente' clears the others, removing the last restores it; an
 * outside click or Escape closes it. The chosen values travel in hidden inputs of the same name.
 */
function Checks({
  name,
  legend,
  selected,
  options,
  locale,
}: {
  name: string;
  legend: string;
  selected: string[];
  options: Array<[string, string]>;
  locale: Locale;
}) {
  const t = searchTexts[locale];
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const dropdown = useFilterDropdown({ multiple: true, defaultValue: ANY, initial: selected });
  if (!interactive) {
    return (
      <fieldset className="filter-checks">
        <legend>{legend}</legend>
        {options.map(([v, l]) => (
          <label key={v}>
            <input type="checkbox" name={name} value={v} defaultChecked={selected.includes(v)} /> {l}
          </label>
        ))}
      </fieldset>
    );
  }
  const labelOf = (v: string) => options.find(([o]) => o === v)?.[1] ?? v;
  const summary = dropdownSummary(dropdown.values, ANY, labelOf, { none: t.select, several: t.selectedMany });
  const chosen = dropdown.values.filter((v) => v !== ANY);
  const id = `dd-${name}`;
  return (
    <div
      className="filter-dropdown"
      ref={(el) => {
        dropdown.rootRef.current = el;
      }}
    >
      <span id={`${id}-label`} className="filter-dropdown__label">
        {legend}
      </span>
      <button
        type="button"
        id={`${id}-button`}
        className="filter-dropdown__button"
        aria-expanded={dropdown.open}
        aria-controls={`${id}-options`}
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={dropdown.toggleOpen}
      >
        {summary}
      </button>
      {chosen.map((v) => (
        <input key={v} type="hidden" name={name} value={v} />
      ))}
      <fieldset id={`${id}-options`} className="filter-dropdown__options" hidden={!dropdown.open}>
        <legend className="visually-hidden">{legend}</legend>
        {([[ANY, t.any], ...options] as Array<[string, string]>).map(([v, l]) => (
          <label key={v || "any"}>
            <input type="checkbox" checked={v === ANY ? chosen.length === 0 : chosen.includes(v)} onChange={() => dropdown.pick(v)} /> {l}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="filter-flag">
      <input type="checkbox" name={name} value="true" defaultChecked={checked} /> {label}
    </label>
  );
}

function Group({ title, children, open }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="filter-group" open={open}>
      <summary>{title}</summary>
      <div className="filter-group__body">{children}</div>
    </details>
  );
}

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

export function ResultsFilters({
  form,
  total,
  activeFilters,
  locale,
  footer,
  keep = [],
  overlay = false,
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
}) {
  const t = searchTexts[locale];
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState(false);
  const close = useRef(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }).current;
  useModalPanel(open && modal, panelRef, close);
  // Phones and tablets: the browser's back button closes the open panel first (seed 001 §2).
  useCloseOnBack(open && modal, close);

  return (
    <>
      <a
        ref={toggleRef}
        href={`#${PANEL_ID}`}
        className="filters-toggle"
        role="button"
        aria-controls={PANEL_ID}
        aria-expanded={open}
        onClick={(event) => {
          event.preventDefault();
          setModal(overlay || !deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: false }).isDesktop);
          setOpen(true);
        }}
      >
        {t.filtersButton(activeFilters)}
      </a>
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
