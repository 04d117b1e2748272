import { describe, expect, it } from "vitest";
import { attachChildren, checkState, selectedPlaceIds, toggleNode, type TreeNode } from "./checkbox-tree.ts";

// town → zones a, b (b has blocks b1, b2), c (children not loaded)
const tree = (): TreeNode[] => [
  { id: "a", children: [] },
  {
    id: "b",
    children: [
      { id: "b1", children: [] },
      { id: "b2", children: [] },
    ],
  },
  { id: "c" },
];

describe("checkbox tree", () => {
  it("checking a parent checks all its children", () => {
    const checked = toggleNode(tree(), new Set(), "b");
    expect([...checked].sort()).toEqual(["b", "b1", "b2"]);
    expect(checkState(tree()[1]!, checked)).toBe("checked");
  });

  it("a parent is indeterminate when only some children are checked, checked when all are", () => {
    const roots = tree();
    let checked = toggleNode(roots, new Set(), "b1");
    expect(checkState(roots[1]!, checked)).toBe("indeterminate");
    expect(checked.has("b")).toBe(false);
    checked = toggleNode(roots, checked, "b2");
    expect(checkState(roots[1]!, checked)).toBe("checked");
    expect(checked.has("b")).toBe(true);
  });

  it("unchecking a child unchecks its parent; unchecking a parent clears its children", () => {
    const roots = tree();
    let checked = toggleNode(roots, new Set(), "b");
    checked = toggleNode(roots, checked, "b1");
    expect([...checked]).toEqual(["b2"]);
    checked = toggleNode(roots, toggleNode(roots, new Set(), "b"), "b");
    expect(checked.size).toBe(0);
  });

  it("clicking an indeterminate parent checks it fully", () => {
    const roots = tree();
    const checked = toggleNode(roots, toggleNode(roots, new Set(), "b1"), "b");
    expect([...checked].sort()).toEqual(["b", "b1", "b2"]);
  });

  it("children loaded under a checked node arrive checked", () => {
    const roots = tree();
    const { roots: next, checked } = attachChildren(roots, new Set(["c"]), "c", [
      { id: "c1", children: [] },
      { id: "c2", children: [] },
    ]);
    expect([...checked].sort()).toEqual(["c", "c1", "c2"]);
    expect(checkState(next[2]!, checked)).toBe("checked");
    const unchecked = attachChildren(roots, new Set(), "c", [{ id: "c1", children: [] }]);
    expect(unchecked.checked.size).toBe(0);
  });

  it("searches a fully checked node as itself, and the root for none or all", () => {
    const roots = tree();
    expect(selectedPlaceIds(roots, new Set(), "town")).toEqual(["town"]);
    expect(selectedPlaceIds(roots, toggleNode(roots, new Set(), "b"), "town")).toEqual(["b"]);
    expect(selectedPlaceIds(roots, new Set(["a", "b1"]), "town")).toEqual(["a", "b1"]);
    expect(selectedPlaceIds(roots, new Set(["a", "b", "b1", "b2", "c"]), "town")).toEqual(["town"]);
  });
});
