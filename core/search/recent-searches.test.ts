import { describe, expect, it } from "vitest";
import {
  addRecentSearch,
  firstFilterPart,
  parseRecentSearches,
  RECENT_SEARCHES_MAX,
  serializeRecentSearches,
  type RecentSearch,
} from "./recent-searches.ts";

const e = (uri: string, localities: string, filters: string): RecentSearch => ({ uri, localities, filters });

describe("addRecentSearch", () => {
  it.each<[string, RecentSearch[], RecentSearch, string[]]>([
    ["adds to an empty list", [], e("/vendita/case/milano/", "Milano", "Case in vendita"), ["/vendita/case/milano/"]],
    [
      "puts the newest first",
      [e("/vendita/case/roma/", "Roma", "Case in vendita")],
      e("/vendita/case/milano/", "Milano", "Case in vendita"),
      ["/vendita/case/milano/", "/vendita/case/roma/"],
    ],
    [
      "replaces the same uri and moves it to the top",
      [e("/vendita/case/roma/", "Roma", "Case in vendita"), e("/vendita/case/milano/", "Milano", "Case in vendita")],
      e("/vendita/case/milano/", "Milano", "Case in vendita"),
      ["/vendita/case/milano/", "/vendita/case/roma/"],
    ],
    [
      "drops a new entry with the same location text and first filter part",
      [e("/vendita/case/milano/", "Milano", "Case in vendita")],
      e("/vendita/case/milano/?price_max=300000", "Milano", "Case in vendita · fino a 300.000 €"),
      ["/vendita/case/milano/"],
    ],
    [
      "compares texts without case or extra spaces",
      [e("/vendita/case/milano/", "Milano", "Case in vendita · 2 locali")],
      e("/vendita/case/milano/?x", " milano ", "case  in vendita"),
      ["/vendita/case/milano/"],
    ],
    [
      "keeps an entry whose location differs",
      [e("/vendita/case/milano/", "Milano", "Case in vendita")],
      e("/vendita/case/roma/", "Roma", "Case in vendita"),
      ["/vendita/case/roma/", "/vendita/case/milano/"],
    ],
    [
      "keeps an entry whose first filter part differs",
      [e("/vendita/case/milano/", "Milano", "Case in vendita")],
      e("/affitto/case/milano/", "Milano", "Case in affitto"),
      ["/affitto/case/milano/", "/vendita/case/milano/"],
    ],
  ])("%s", (_name, list, entry, uris) => {
    expect(addRecentSearch(list, entry).map((x) => x.uri)).toEqual(uris);
  });

  it("keeps at most 20, dropping the oldest", () => {
    let list: RecentSearch[] = [];
    for (let i = 0; i < 25; i++) list = addRecentSearch(list, e(`/vendita/case/t${i}/`, `Town ${i}`, "Case in vendita"));
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]!.uri).toBe("/vendita/case/t24/");
    expect(list[19]!.uri).toBe("/vendita/case/t5/");
  });

  it("updates the texts of a replaced entry", () => {
    const list = addRecentSearch([e("/a/", "Milano", "old")], e("/a/", "Milano", "Case in vendita"));
    expect(list).toEqual([e("/a/", "Milano", "Case in vendita")]);
  });

  it("takes the first part before the separator", () => {
    expect(firstFilterPart("Case in vendita · 2 locali · fino a 300.000 €")).toBe("case in vendita");
  });
});

describe("stored list", () => {
  it("round-trips", () => {
    const list = [e("/a/", "Milano", "Case in vendita"), e("/b/", "Roma", "Case in affitto")];
    expect(parseRecentSearches(serializeRecentSearches(list))).toEqual(list);
  });
  it.each([
    null,
    "",
    "not json",
    "{}",
    "[1,2]",
    '[{"uri":"//evil.example/","localities":"x","filters":"y"}]',
    '[{"uri":"https://x/","localities":"x","filters":"y"}]',
  ])("reads %j as an empty list", (stored) => {
    expect(parseRecentSearches(stored)).toEqual([]);
  });
  it("skips malformed entries and duplicates, keeps at most 20", () => {
    const many = Array.from({ length: 30 }, (_, i) => e(`/t${i}/`, "x", "y"));
    const stored = JSON.stringify([{ uri: 5 }, many[0], many[0], ...many.slice(1)]);
    const list = parseRecentSearches(stored);
    expect(list).toHaveLength(20);
    expect(list[0]!.uri).toBe("/t0/");
    expect(list[1]!.uri).toBe("/t1/");
  });
});
