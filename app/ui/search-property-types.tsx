/**
 * The property-type button and its multi-select panel in a modal (seed 000 §2.4, §5): the groups
 * the channel offers (no stanze for sale, only homes as case-vacanza for short rent), and the types
 * of the chosen group, where 'Tutte' clears the selection and none means all. The panel
 * (search-property-types-panel.tsx) is its own chunk, loaded when the modal first opens.
 */
import { useState } from "react";
import type { SearchQuery } from "../../core/search/query.ts";
import { selectionLabel } from "../../core/search/ui-rules.ts";
import type { PropertyTypeGroup } from "../../core/search/vocabulary.ts";
import type { Locale } from "../i18n/locale.ts";
import { propertyLabels, searchToolsTexts } from "../i18n/search-tools.ts";
import type { ToolPlace } from "./search-locality.tsx";
import { onDemand, useOnDemand } from "./on-demand.ts";
import { SearchModal } from "./search-modal.tsx";
import { preloadSearchUrl } from "./search-url.ts";
import "./search-tools.css";

/** The panel is loaded when the modal first opens (app/ui/on-demand.ts). */
const typesPanel = onDemand(() => import("./search-property-types-panel.tsx"));

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
  return selectionLabel(
    query.propertyTypes.map((t) => propertyLabels[locale].type[t] ?? t),
    20,
  );
}

export function PropertyTypeButton({ query, locale, places = [] }: PropertyTypeButtonProps) {
  const t = searchToolsTexts[locale];
  const [open, setOpen] = useState(false);
  const panel = useOnDemand(typesPanel);
  const openModal = () => {
    preloadSearchUrl();
    panel.open(() => setOpen(true));
  };
  const Panel = panel.module?.PropertyTypePanel;
  const summary = propertyTypeSummary(query, locale);
  return (
    <>
      <button
        type="button"
        className="st-button"
        aria-haspopup="dialog"
        aria-label={t.propertyTypeButton(summary)}
        onClick={openModal}
        onPointerEnter={typesPanel.preload}
        onFocus={typesPanel.preload}
      >
        <span>{summary}</span>
      </button>
      <SearchModal open={open} onClose={() => setOpen(false)} title={t.propertyTypeTitle} closeLabel={t.close} className="st-modal--types">
        {open ? (
          Panel ? (
            <Panel query={query} locale={locale} places={places} onDone={() => setOpen(false)} />
          ) : panel.failed ? (
            <p className="st-error" role="alert">
              {t.failure}
            </p>
          ) : (
            <p className="st-muted" role="status">
              {t.loading}
            </p>
          )
        ) : null}
      </SearchModal>
    </>
  );
}
