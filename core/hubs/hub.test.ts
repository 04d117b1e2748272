import { describe, expect, it } from "vitest";
import { channelWord, hubKindOf, hubLink, hubTabs, intoColumns, splitZones, tabForHash, titleVariant } from "./hub.ts";

describe("province hub rules", () => {
  it("knows the five hubs by their path segment; 'vendita' has no segment of its own", () => {
    expect(hubKindOf(undefined)).toBe("vendita");
    expect(hubKindOf("affitto-breve")).toBe("affitto-breve");
    expect(hubKindOf("agenzie")).toBe("agenzie");
    expect(hubKindOf("vendita")).toBeNull();
    expect(hubKindOf("castelli")).toBeNull();
  });

  it("picks the tab by hash: rooms slug or key, property type, licence group; anything else the default", () => {
    const tabs = hubTabs("vendita");
    expect(tabForHash(tabs, "#bilocali").rooms).toBe(2);
    expect(tabForHash(tabs, "#2").key).toBe("bilocali");
    expect(tabForHash(tabs, "#villa").raw).toEqual({ channel: "vendita", propertyTypeGroup: "case", propertyTypes: ["villa"] });
    expect(tabForHash(tabs, "#aste").raw).toEqual({ channel: "vendita", propertyTypeGroup: "case", only_auction: true });
    expect(tabForHash(tabs, "#nuove-costruzioni").raw).toEqual({ channel: "vendita", propertyTypeGroup: "nuove-costruzioni" });
    expect(tabForHash(tabs, "#ristorazione")).toMatchObject({
      group: "licenseTypeGroups",
      raw: { channel: "vendita", propertyTypeGroup: "commerciale", license_type_groups: ["ristorazione"] },
    });
    for (const hash of ["", "#", "#castelli", "#9", "#%E0%A4%A", "#case-vacanza"]) expect(tabForHash(tabs, hash).key).toBe("");
    expect(tabForHash(hubTabs("affitto"), "#case-vacanza").raw).toEqual({ channel: "affitto-breve", propertyTypeGroup: "case" });
    expect(hubTabs("agenzie")).toHaveLength(1);
  });

  it("writes links with '/residenziale', the rooms slug and '#seoFooter'", () => {
    expect(hubLink("/vendita/case/milano/bilocali/")).toBe("/vendita/residenziale/milano/bilocali/#seoFooter");
    expect(hubLink("/affitto/case/roma/?prezzoMassimo=900")).toBe("/affitto/residenziale/roma/?prezzoMassimo=900#seoFooter");
    expect(hubLink("/affitto-breve/case-vacanza/roma/")).toBe("/affitto-breve/case-vacanza/roma/#seoFooter");
    expect(hubLink("/vendita/cantine-solai/roma/")).toBe("/vendita/cantine-solai/roma/#seoFooter");
  });

  it("names channels and title variants as the spec says", () => {
    expect(channelWord("affitti")).toBe("affitto");
    expect(channelWord("affitto-breve")).toBe("affitto breve");
    expect(titleVariant("agenzie")).toBe("agencies");
    expect(titleVariant("aste")).toBe("auctions");
    expect(titleVariant("affitto")).toBe("listings");
  });

  it("splits towns into three columns in order, and zones after the third", () => {
    expect(intoColumns([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(intoColumns([1])).toEqual([[1], [], []]);
    expect(splitZones(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: ["d", "e"] });
    expect(splitZones(["a"])).toEqual({ shown: ["a"], more: [] });
  });
});
