/**
 * The locality button and its modal 'Scegli il luogo' (seed 000 §2, §4 Checkbox tree): a checkbox
 * tree of the current town's zones (or the province's towns, with their zones — also for a town
 * that has no zones), loaded from
 * GET /lh/v2/{level}/{slug}. 'Applica' goes to the same search with the chosen places. The tree
 * (search-locality-tree.tsx) is its own chunk, loaded when the modal first opens.
 */
import { useState } from "react";
import type { SearchQuery } from "../../core/search/query.ts";
import { selectionLabel } from "../../core/search/ui-rules.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchToolsTexts } from "../i18n/search-tools.ts";
import { onDemand, useOnDemand } from "./on-demand.ts";
import { SearchModal } from "./search-modal.tsx";
import { preloadSearchUrl } from "./search-url.ts";
import "./search-tools.css";

/** The tree is loaded when the modal first opens (app/ui/on-demand.ts). */
const localityTree = onDemand(() => import("./search-locality-tree.tsx"));

export interface ToolPlace {
  id: string;
  level: number;
  qslug: string;
  name: string;
  parentId: string | null;
}

export interface LocalityButtonProps {
  query: SearchQuery;
  places: ToolPlace[];
  locale: Locale;
}

export function LocalityButton({ query, places, locale }: LocalityButtonProps) {
  const t = searchToolsTexts[locale];
  const [open, setOpen] = useState(false);
  const tree = useOnDemand(localityTree);
  const openModal = () => {
    preloadSearchUrl();
    tree.open(() => setOpen(true));
  };
  const Tree = tree.module?.LocalityTree;
  const names = query.places.map((id) => places.find((p) => p.id === id)?.name).filter((n): n is string => Boolean(n));
  const label = names.length > 0 ? selectionLabel(names) : t.everywhere;
  return (
    <>
      <button
        type="button"
        className="st-button"
        aria-haspopup="dialog"
        aria-label={t.localityButton(names.join(", ") || t.everywhere)}
        onClick={openModal}
        onPointerEnter={localityTree.preload}
        onFocus={localityTree.preload}
      >
        <svg aria-hidden="true" className="st-button__icon" width="14" height="18" viewBox="0 0 14 18" focusable="false">
          <path
            d="M7 0a7 7 0 0 0-7 7c0 5 7 11 7 11s7-6 7-11a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 7 4.5a2.5 2.5 0 0 1 0 5Z"
            fill="currentColor"
          />
        </svg>
        <span>{label}</span>
      </button>
      {/* On a publisher's listings the modal is 'Scegli dove' (seed 000 §2.5). */}
      <SearchModal
        open={open}
        onClose={() => setOpen(false)}
        title={query.filters.publisherId ? t.localityTitlePublisher : t.localityTitle}
        closeLabel={t.close}
        className="st-modal--locality"
      >
        {open ? (
          Tree ? (
            <Tree query={query} places={places} locale={locale} onDone={() => setOpen(false)} />
          ) : tree.failed ? (
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
