/**
 * The filter form's fields as page data (docs/decisions/071): the registry (core/search/filters.ts) says
 * which fields a search shows, in which groups and order, with which inputs and options; the labels
 * (app/i18n/search.ts filterLabels, app/i18n/search-options.ts) are those of the page's locale. The form component
 * (app/ui/results-filters.tsx) and the sort menu render from this, so neither the registry, the
 * vocabulary nor the other locale's labels go to the browser with the results page.
 */
import { formGroupsOpen, searchFilters, type AnyFilter, type FormFilterKey, type FormGroup } from "../../core/search/filters.ts";
import type { SearchQuery } from "../../core/search/query.ts";
import { channels, groupsByChannel, sortKeys, sortParam } from "../../core/search/vocabulary.ts";
import type { Locale } from "../i18n/locale.ts";
import { filterLabels, type FilterLabel } from "../i18n/search.ts";
import { optionLabels } from "../i18n/search-options.ts";

/** An option: the value sent, the text shown. */
export type FieldOption = [value: string, label: string];

/** One filter's inputs, named by its raw keys (each name is the form's only one), labelled in the page's locale. */
export type FilterFieldView =
  | { control: "number-pair"; names: [min: string, max: string]; labels: [min: string, max: string]; max: number }
  | { control: "select-pair"; names: [min: string, max: string]; labels: [min: string, max: string]; options: FieldOption[] }
  | { control: "select" | "checks"; name: string; label: string; options: FieldOption[] }
  | { control: "flag"; name: string; label: string }
  /** Radio buttons on one raw key; `checked` is the sent value of the filter's state. */
  | { control: "radio"; name: string; label: string; options: FieldOption[]; checked: string | null };

export interface FilterFormGroup {
  group: FormGroup;
  title: string;
  /** Open when the group starts open, or when one of its filters differs from its default. */
  open: boolean;
  fields: FilterFieldView[];
}

/** Whether a filter differs from its default. */
function isSet(entry: AnyFilter, filters: SearchQuery["filters"]): boolean {
  const value = (filters as Record<string, unknown>)[entry.key];
  return value !== undefined && value !== entry.default;
}

function fieldView(entry: AnyFilter, filters: SearchQuery["filters"], locale: Locale): FilterFieldView {
  const l: FilterLabel = filterLabels[locale].filters[entry.key as FormFilterKey] ?? {};
  const [name, maxName = ""] = entry.urlKeys.map((k) => k.key) as [string, string?];
  const options = (values: readonly string[]): FieldOption[] => values.map((v) => [v, l.options?.[v] ?? v]);
  const control = entry.form!;
  switch (control.control) {
    case "number-pair":
      return { control: "number-pair", names: [name, maxName], labels: [l.min ?? name, l.max ?? maxName], max: control.max };
    case "select-pair":
      return {
        control: "select-pair",
        names: [name, maxName],
        labels: [l.min ?? name, l.max ?? maxName],
        options: options(control.options),
      };
    case "select":
    case "checks":
      return { control: control.control, name, label: l.label ?? name, options: options(control.options) };
    case "flag":
      return { control: "flag", name, label: l.label ?? name };
    case "radio": {
      const state = String((filters as Record<string, unknown>)[entry.key] ?? entry.default ?? "");
      return {
        control: "radio",
        name: control.name,
        label: l.label ?? entry.key,
        options: control.options.map(([option, sent]) => [sent, l.options?.[option] ?? option]),
        checked: control.options.find(([option]) => option === state)?.[1] ?? null,
      };
    }
  }
}

/** The form's groups and fields for a search, in order. */
export function filterFormGroups(query: SearchQuery, locale: Locale): FilterFormGroup[] {
  return searchFilters.formFields({ channel: query.channel, group: query.group }).map(({ group, fields }) => ({
    group,
    title: filterLabels[locale].groups[group],
    open: formGroupsOpen.has(group) || fields.some(({ entry }) => isSet(entry, query.filters)),
    fields: fields.map(({ entry }) => fieldView(entry, query.filters, locale)),
  }));
}

/** The options of the form's contract and category menus and of the sort menu, as the form sends them. */
export interface FormChoices {
  channel: FieldOption[];
  group: FieldOption[];
  sort: FieldOption[];
}

export function formChoices(query: SearchQuery, locale: Locale): FormChoices {
  const o = optionLabels[locale];
  return {
    channel: channels.map((c) => [c, o.channel[c]]),
    group: groupsByChannel[query.channel].map((g) => [g, o.group[g]]),
    // The default sort sends nothing; the others as the URL writes them (prezzo-crescente).
    sort: sortKeys.map((k) => [k === "rilevanza" ? "" : sortParam(k), o.sort[k]]),
  };
}
