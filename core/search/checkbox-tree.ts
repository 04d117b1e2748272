/**
 * The checkbox tree of the locality modal (seed 000 §4 Checkbox tree), as pure functions: no React, no
 * DOM. Loaded with the modal's contents (app/ui/search-locality-tree.tsx).
 */

/** A node of the locality tree; `children` undefined means not loaded yet (a leaf has []). */
export interface TreeNode {
  id: string;
  children?: TreeNode[];
}

export type CheckState = "checked" | "unchecked" | "indeterminate";

function findPath(nodes: readonly TreeNode[], id: string, path: TreeNode[] = []): TreeNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [...path, node];
    if (node.children) {
      const found = findPath(node.children, id, [...path, node]);
      if (found) return found;
    }
  }
  return null;
}

function descendants(node: TreeNode): string[] {
  return (node.children ?? []).flatMap((c) => [c.id, ...descendants(c)]);
}

/** A parent is checked when all its children are, indeterminate when only some are (or some below them). */
export function checkState(node: TreeNode, checked: ReadonlySet<string>): CheckState {
  if (!node.children || node.children.length === 0) return checked.has(node.id) ? "checked" : "unchecked";
  const states = node.children.map((c) => checkState(c, checked));
  if (states.every((s) => s === "checked")) return "checked";
  if (states.some((s) => s !== "unchecked")) return "indeterminate";
  return "unchecked";
}

/**
 * Toggles a node: checking checks it and everything below it; unchecking clears it, everything below
 * it and its ancestors (which are no longer fully checked). Ancestors whose children all end up
 * checked become checked. Returns a new set.
 */
export function toggleNode(roots: readonly TreeNode[], checked: ReadonlySet<string>, id: string): Set<string> {
  const path = findPath(roots, id);
  const next = new Set(checked);
  if (!path) return next;
  const node = path[path.length - 1]!;
  const turnOn = checkState(node, checked) !== "checked";
  for (const x of [node.id, ...descendants(node)]) {
    if (turnOn) next.add(x);
    else next.delete(x);
  }
  for (const ancestor of path.slice(0, -1).reverse()) {
    if (checkState(ancestor, next) === "checked") next.add(ancestor.id);
    else next.delete(ancestor.id);
  }
  return next;
}

/** Children just loaded under a node: if the node was checked, they are checked too. */
export function attachChildren(
  roots: readonly TreeNode[],
  checked: ReadonlySet<string>,
  id: string,
  children: TreeNode[],
): { roots: TreeNode[]; checked: Set<string> } {
  const next = new Set(checked);
  const attach = (nodes: readonly TreeNode[]): TreeNode[] =>
    nodes.map((n) => (n.id === id ? { ...n, children } : n.children ? { ...n, children: attach(n.children) } : n));
  if (checked.has(id)) for (const c of children) next.add(c.id);
  return { roots: attach(roots), checked: next };
}

/**
 * The place ids a tree selection searches: a fully checked node stands for everything below it;
 * with nothing checked, or everything, the tree's own place (`rootId`).
 */
export function selectedPlaceIds(roots: readonly TreeNode[], checked: ReadonlySet<string>, rootId: string): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const n of nodes) {
      const state = checkState(n, checked);
      if (state === "checked") out.push(n.id);
      else if (state === "indeterminate") walk(n.children ?? []);
    }
  };
  walk(roots);
  if (out.length === 0) return [rootId];
  if (roots.length > 0 && roots.every((r) => checkState(r, checked) === "checked")) return [rootId];
  return out;
}
