/**
 * Smart back on the results page (seed 000 §4): the searches visited in this tab are kept as a stack
 * in session storage; 'Indietro' goes to the previous search (its filters, places and parent place
 * are all in its address); with one entry or none it is the browser's back.
 */
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { recordVisit, smartBackTarget } from "../../core/search/ui-rules.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchToolsTexts } from "../i18n/search-tools.ts";
import "./search-tools.css";

export const SMART_BACK_KEY = "casa.searchStack";

function readStack(): string[] {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(SMART_BACK_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((u): u is string => typeof u === "string" && u.startsWith("/") && !u.startsWith("//")) : [];
  } catch {
    return [];
  }
}

function writeStack(stack: string[]): void {
  try {
    window.sessionStorage.setItem(SMART_BACK_KEY, JSON.stringify(stack));
  } catch {
    // Storage refused: 'Indietro' falls back to the browser's back.
  }
}

export interface SmartBack {
  /** The previous search's address, or null when back is the browser's back. */
  previous: string | null;
  goBack: () => void;
}

/** Records the current search (path and query, with the locale prefix) and offers the way back. */
export function useSmartBack(): SmartBack {
  const location = useLocation();
  const url = `${location.pathname}${location.search}`;
  const [previous, setPrevious] = useState<string | null>(null);

  useEffect(() => {
    const stack = recordVisit(readStack(), url);
    writeStack(stack);
    setPrevious(smartBackTarget(stack)?.url ?? null);
  }, [url]);

  const goBack = useCallback(() => {
    const target = smartBackTarget(readStack());
    if (!target) {
      window.history.back();
      return;
    }
    writeStack(target.stack);
    // A full load of the previous search, rendered on the server like any results page.
    window.location.assign(target.url);
  }, []);

  return { previous, goBack };
}

/** The 'Indietro' control; usable once the page runs JavaScript (without it the browser's back does the same). */
export function SmartBackButton({ locale }: { locale: Locale }) {
  const t = searchToolsTexts[locale];
  const { previous, goBack } = useSmartBack();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Rendered on the server too, but invisible until the page runs JavaScript: no dead button, no layout shift.
  return (
    <button
      type="button"
      className="st-button st-button--back"
      onClick={goBack}
      data-previous={previous ?? undefined}
      data-ready={ready ? undefined : "false"}
      tabIndex={ready ? undefined : -1}
      aria-hidden={ready ? undefined : true}
    >
      <span aria-hidden="true" className="st-button__icon">
        ←
      </span>
      <span>{t.back}</span>
    </button>
  );
}
