/**
 * The property-type button and its multi-select panel in a modal (seed 000 §2.4, §5): the groups
 * the channel offers (no stanze for sale, only homes as case-vacanza for short rent), and the types
 * of the chosen group, where 'Tutte' clears the selection and none means all.
 */
import { useState } from "react";
import type { SearchQuery } from "../../core/search/query.ts";
import { propertyGroupOptions, propertyTypeOptions, selectionLabel, togglePropertyType } from "../../core/search/ui-rules.ts";
import type { PropertyTypeGroup } from "../../core/search/vocabulary.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { propertyLabels, searchToolsTexts } from "../i18n/search-tools.ts";
import type { ToolPlace } from "./search-locality.tsx";
import { leaveTo, SearchModal } from "./search-modal.tsx";
import { preloadSearchUrl, searchUrl } from "./search-url.ts";
import "./search-tools.css";

export interface PropertyTypeButtonProps {
  query: SearchQuery;
  locale: Locale;
  /** The current places (to encode the URL); optional, unknown places are kept by id. */
  places?: ToolPlace[];
}

export function groupLabel(query: Pick<SearchQuery, "channel" | "group">, group: PropertyTypeGroup, locale: Locale): string {
  const labels = propertyLabels[locale];
  return query.channel === "affitto-breve" && group === "case" ? labels.holidayHomes : labels.group[group];
}

/** "Case", "Appartamento", "Appartamento +2". */
export function propertyTypeSummary(query: SearchQuery, locale: Locale): string {
  if (query.propertyTypes.length === 0) return groupLabel(query, query.group, locale);
  return selectionLabel(query.propertyTypes.map((t) => propertyLabels[locale].type[t] ?? t), 20);
}

export function PropertyTypeButton({ query, locale, places = [] }: PropertyTypeButtonProps) {
  const t = searchToolsTexts[locale];
  const [open, setOpen] = useState(false);
  const openModal = () => {
    preloadSearchUrl();
    setOpen(true);
  };
  const summary = propertyTypeSummary(query, locale);
  return (
    <>
      <button type="button" className="st-button st-button--types" aria-haspopup="dialog" aria-label={t.propertyTypeButton(summary)} onClick={openModal}>
        <span>{summary}</span>
      </button>
      <SearchModal open={open} onClose={() => setOpen(false)} title={t.propertyTypeTitle} closeLabel={t.close} className="st-modal--types">
        {open ? <PropertyTypePanel query={query} locale={locale} places={places} onDone={() => setOpen(false)} /> : null}
      </SearchModal>
    </>
  );
}

function PropertyTypePanel({ query, locale, places, onDone }: Required<PropertyTypeButtonProps> & { onDone: () => void }) {
  const t = searchToolsTexts[locale];
  const labels = propertyLabels[locale];
  const [group, setGroup] = useState<PropertyTypeGroup>(query.group);
  const [types, setTypes] = useState<string[]>(query.propertyTypes);
  const [failed, setFailed] = useState(false);
  const [applying, setApplying] = useState(false);
  const groups = propertyGroupOptions(query.channel);
  const offered = propertyTypeOptions(group);

  async function apply() {
    setApplying(true);
    setFailed(false);
    try {
      const url = await searchUrl({ ...query, group, propertyTypes: types, page: 1 }, places);
      await leaveTo(localizePath(url, locale));
    } catch (error) {
      console.error(error);
      setFailed(true);
      setApplying(false);
    }
  }

  return (
    <div className="st-types">
      <div className="st-types__columns">
        {groups.length > 1 ? (
          <fieldset className="st-fieldset">
            <legend>{t.propertyGroupLegend}</legend>
            {groups.map(({ group: g }) => (
              <label key={g} className="st-option">
                <input
                  type="radio"
                  name="st-group"
                  value={g}
                  checked={group === g}
                  onChange={() => {
                    setGroup(g);
                    setTypes([]);
                  }}
                />
                {groupLabel(query, g, locale)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="st-fieldset">
          <legend>{t.propertyTypesLegend}: {groupLabel(query, group, locale)}</legend>
          <label className="st-option st-option--all">
            <input type="checkbox" checked={types.length === 0} onChange={() => setTypes(togglePropertyType(group, types, "all"))} />
            {t.allTypes}
          </label>
          {offered.map((type) => (
            <label key={type} className="st-option">
              <input type="checkbox" value={type} checked={types.includes(type)} onChange={() => setTypes(togglePropertyType(group, types, type))} />
              {labels.type[type] ?? type}
            </label>
          ))}
        </fieldset>
      </div>
      {failed ? <p className="st-error" role="alert">{t.failure}</p> : null}
      <div className="st-actions">
        <button type="button" className="st-secondary" onClick={onDone}>{t.cancel}</button>
        <button type="button" className="st-primary" onClick={() => void apply()} disabled={applying} aria-busy={applying}>{t.apply}</button>
      </div>
    </div>
  );
}
