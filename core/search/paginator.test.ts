import { describe, expect, it } from "vitest";
import { buildPaginator } from "./paginator.ts";

const href = (p: number) => (p === 1 ? "/vendita/case/" : `/vendita/case/?page=${p}`);
const texts = (current: number, total: number) =>
  buildPaginator(current, total, href)
    .btns.map((b) => (b.isCurrent ? `[${b.text}]` : b.text))
    .join(" ");

describe("buildPaginator", () => {
  it("shows first, last, the current page with its neighbours, and dots for longer gaps", () => {
    expect(texts(1, 10)).toBe("[1] 2 … 10");
    expect(texts(5, 10)).toBe("1 … 4 [5] 6 … 10");
    expect(texts(4, 10)).toBe("1 2 3 [4] 5 … 10");
    expect(texts(10, 10)).toBe("1 … 9 [10]");
    expect(texts(2, 3)).toBe("1 [2] 3");
    expect(texts(1, 2)).toBe("[1] 2");
  });

  it("has no buttons for a single page or none (the pager is hidden)", () => {
    expect(buildPaginator(1, 1, href).btns).toEqual([]);
    expect(buildPaginator(1, 0, href)).toEqual({ currentPage: 1, totalPages: 0, prevLink: null, nextLink: null, btns: [] });
  });

  it("links previous and next pages and marks gap entries with hasDots and no link", () => {
    const p = buildPaginator(5, 10, href);
    expect(p.prevLink).toBe("/vendita/case/?page=4");
    expect(p.nextLink).toBe("/vendita/case/?page=6");
    expect(p.btns[1]).toEqual({ text: "…", href: null, isCurrent: false, hasDots: true, page: null });
    expect(p.btns[0]).toEqual({ text: "1", href: "/vendita/case/", isCurrent: false, hasDots: false, page: 1 });
    expect(buildPaginator(1, 10, href).prevLink).toBeNull();
    expect(buildPaginator(10, 10, href).nextLink).toBeNull();
  });

  it("clamps a current page outside 1…totalPages", () => {
    expect(buildPaginator(99, 10, href).currentPage).toBe(10);
    expect(buildPaginator(-3, 10, href).currentPage).toBe(1);
    expect(buildPaginator(Number.NaN, 10, href).currentPage).toBe(1);
  });
});
