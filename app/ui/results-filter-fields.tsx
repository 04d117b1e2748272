/**
 * The fields of the results page's filter form (results-filters.tsx): one filter's inputs, named by its raw
 * keys, as the page's data describes them (app/search/filter-form.server.ts), and the form's groups.
 */
import { useEffect, useState, type ReactNode } from "react";
import { dropdownSummary } from "../../core/search/ui-rules.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import type { FilterFieldView } from "../search/filter-form.server.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { useFilterDropdown } from "./search-live-count.tsx";

export type FormState = SearchPageData["form"];

export function valueOf(form: FormState, key: string): string {
  const v = form.values[key];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}
function listOf(form: FormState, key: string): string[] {
  const v = form.values[key];
  return v === undefined ? [] : Array.isArray(v) ? v : v.split(",");
}

/** A field's first input name: no two fields share one. */
export const keyOf = (field: FilterFieldView) => ("names" in field ? field.names[0] : field.name);

/** Consecutive flags share one row; every other field stands alone. */
export function runs(fields: FilterFieldView[]): FilterFieldView[][] {
  const out: FilterFieldView[][] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (f.control === "flag" && last?.[0]!.control === "flag") last.push(f);
    else out.push([f]);
  }
  return out;
}

/** One filter's inputs, named by its raw keys, as the page's data describes them (app/search/filter-form.server.ts). */
export function FilterField({ field, form, locale }: { field: FilterFieldView; form: FormState; locale: Locale }) {
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

export function Group({ title, children, open }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details className="filter-group" open={open}>
      <summary>{title}</summary>
      <div className="filter-group__body">{children}</div>
    </details>
  );
}
