/**
 * The pager of seed 000 §3 (Pagination: currentPage, totalPages, prevLink, nextLink, btns with text,
 * href, isCurrent, hasDots). Pure; the links come from the caller (see withPage in url.ts).
 */

export interface PaginatorButton {
  /** The page number as text, or "…" for a gap. */
  text: string;
  /** null for a gap (hasDots) entry. */
  href: string | null;
  isCurrent: boolean;
  /** True for a gap entry standing for the pages left out; it is not a link. */
  hasDots: boolean;
  /** The page number; null for a gap entry. */
  page: number | null;
}

export interface Paginator {
  currentPage: number;
  totalPages: number;
  prevLink: string | null;
  nextLink: string | null;
  /** Empty when there is at most one page (the pager is not shown then, seed 000 §5). */
  btns: PaginatorButton[];
}

/** Pages shown on each side of the current one. */
const WINDOW = 1;

/**
 * First page, last page, and the current page with its neighbours; a gap of one page shows that page,
 * a longer gap one "…" entry. currentPage is clamped into 1…totalPages.
 */
export function buildPaginator(currentPage: number, totalPages: number, hrefForPage: (page: number) => string): Paginator {
  const total = Math.max(0, Math.floor(Number.isFinite(totalPages) ? totalPages : 0));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(currentPage) ? currentPage : 1)), Math.max(total, 1));
  const btns: PaginatorButton[] = [];
  if (total > 1) {
    const pages = new Set<number>([1, total]);
    for (let p = current - WINDOW; p <= current + WINDOW; p++) if (p >= 1 && p <= total) pages.add(p);
    // A gap of exactly one page shows that page rather than dots.
    for (const p of [...pages]) {
      if (!pages.has(p + 1) && pages.has(p + 2)) pages.add(p + 1);
    }
    const sorted = [...pages].sort((a, b) => a - b);
    let previous = 0;
    for (const p of sorted) {
      if (p > previous + 1) btns.push({ text: "…", href: null, isCurrent: false, hasDots: true, page: null });
      btns.push({ text: String(p), href: hrefForPage(p), isCurrent: p === current, hasDots: false, page: p });
      previous = p;
    }
  }
  return {
    currentPage: current,
    totalPages: total,
    prevLink: current > 1 && total > 0 ? hrefForPage(current - 1) : null,
    nextLink: current < total ? hrefForPage(current + 1) : null,
    btns,
  };
}
