/**
 * The contents of the property-type modal (app/ui/search-property-types.tsx): the groups and types to
 * tick, and 'Applica'. Its own chunk, loaded when the modal first opens.
 */
import { useState } from "react";
import { propertyGroupOptions, propertyTypeOptions, togglePropertyType } from "../../core/search/property-type-panel.ts";
import type { PropertyTypeGroup } from "../../core/search/vocabulary.ts";
import { localizePath } from "../i18n/locale.ts";
import { searchToolPanelTexts } from "../i18n/search-tool-panels.ts";
import { propertyLabels, searchToolsTexts } from "../i18n/search-tools.ts";
import { leaveTo } from "./modal-history.ts";
import { groupLabel, type PropertyTypeButtonProps } from "./search-property-types.tsx";
import { searchUrl } from "./search-url.ts";

export function PropertyTypePanel({ query, locale, places, onDone }: Required<PropertyTypeButtonProps> & { onDone: () => void }) {
  const t = searchToolsTexts[locale];
  const pt = searchToolPanelTexts[locale];
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
            <legend>{pt.propertyGroupLegend}</legend>
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
          <legend>
            {pt.propertyTypesLegend}: {groupLabel(query, group, locale)}
          </legend>
          <label className="st-option st-option--all">
            <input type="checkbox" checked={types.length === 0} onChange={() => setTypes(togglePropertyType(group, types, "all"))} />
            {pt.allTypes}
          </label>
          {offered.map((type) => (
            <label key={type} className="st-option">
              <input
                type="checkbox"
                value={type}
                checked={types.includes(type)}
                onChange={() => setTypes(togglePropertyType(group, types, type))}
              />
              {labels.type[type] ?? type}
            </label>
          ))}
        </fieldset>
      </div>
      {failed ? (
        <p className="st-error" role="alert">
          {t.failure}
        </p>
      ) : null}
      <div className="st-actions">
        <button type="button" className="st-secondary" onClick={onDone}>
          {pt.cancel}
        </button>
        <button type="button" className="st-primary" onClick={() => void apply()} disabled={applying} aria-busy={applying}>
          {pt.apply}
        </button>
      </div>
    </div>
  );
}
