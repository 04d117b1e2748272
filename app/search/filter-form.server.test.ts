import { describe, expect, it } from "vitest";
import { searchFilters } from "../../core/search/filters.ts";
import { parseSearch } from "../../core/search/query.ts";
import { filterFormGroups, formChoices, type FilterFieldView } from "./filter-form.server.ts";

/** A field by its first input name. */
const field = (groups: ReturnType<typeof filterFormGroups>, name: string): FilterFieldView | undefined =>
  groups.flatMap((g) => g.fields).find((f) => ("names" in f ? f.names[0] : f.name) === name);

describe("the filter form as page data", () => {
  it("has the registry's groups and fields in order, with the page's locale's labels", () => {
    const groups = filterFormGroups(parseSearch({}), "it");
    const expected = searchFilters.formFields({ channel: "vendita", group: "case" });
    expect(groups.map((g) => g.group)).toEqual(expected.map((g) => g.group));
    expect(groups.map((g) => g.fields.map((f) => ("names" in f ? f.names[0] : f.name)))).toEqual(
      expected.map((g) => g.fields.map((f) => (f.form.control === "radio" ? f.form.name : f.entry.urlKeys[0]!.key))),
    );
    expect(groups[0]!.title).toBe("Prezzo e superficie");
    expect(field(groups, "price_min")).toEqual({
      control: "number-pair",
      names: ["price_min", "price_max"],
      labels: ["Prezzo minimo (€)", "Prezzo massimo (€)"],
      max: 1_000_000_000,
    });
    expect(field(groups, "numBaths")).toMatchObject({ control: "select", name: "numBaths", label: "Bagni" });
    expect((field(groups, "numBaths") as { options: unknown[] }).options[0]).toEqual(["1", "1+"]);
    expect(filterFormGroups(parseSearch({}), "en")[0]!.title).toBe("Price and size");
    expect(field(filterFormGroups(parseSearch({}), "en"), "lift")).toEqual({ control: "flag", name: "lift", label: "Lift" });
  });

  it("opens price and rooms, and a group when one of its filters is set", () => {
    const open = (raw: Record<string, unknown>) =>
      filterFormGroups(parseSearch(raw), "it")
        .filter((g) => g.open)
        .map((g) => g.group);
    expect(open({})).toEqual(["price", "rooms"]);
    expect(open({ energyClass: "A4" })).toEqual(["price", "rooms", "condition"]);
  });

  it("checks the radio of the filter's state, and shows the auction filter for sales only", () => {
    expect(field(filterFormGroups(parseSearch({}), "it"), "is_auction")).toMatchObject({
      control: "radio",
      name: "is_auction",
      options: [
        ["", "Includi le aste"],
        ["true", "Solo aste"],
        ["false", "Escludi le aste"],
      ],
      checked: "",
    });
    expect(field(filterFormGroups(parseSearch({ only_auction: true }), "it"), "is_auction")).toMatchObject({ checked: "true" });
    expect(field(filterFormGroups(parseSearch({ exclude_auction: true }), "it"), "is_auction")).toMatchObject({ checked: "false" });
    expect(field(filterFormGroups(parseSearch({ channel: "affitto" }), "it"), "is_auction")).toBeUndefined();
  });

  it("offers the channel's categories, and the sorts as the form sends them", () => {
    const sale = formChoices(parseSearch({}), "it");
    expect(sale.channel).toEqual([
      ["vendita", "Vendita"],
      ["affitto", "Affitto"],
      ["affitto-breve", "Affitto breve"],
    ]);
    expect(sale.group.map(([g]) => g)).not.toContain("stanze");
    expect(formChoices(parseSearch({ channel: "affitto" }), "it").group).toContainEqual(["stanze", "Stanze"]);
    expect(sale.sort[0]).toEqual(["", "Rilevanza"]);
    expect(sale.sort).toContainEqual(["prezzo-crescente", "Prezzo crescente"]);
    expect(formChoices(parseSearch({}), "en").sort[1]).toEqual(["prezzo-crescente", "Price, lowest first"]);
  });
});
