/**
 * The interaction rules of the search tools on the results page (seed 000 §4 and §5), as pure
 * functions: labels, the checkbox tree of the locality modal, the property-type panel, the filter
 * dropdown, the live-count timing and the smart-back stack. No React, no DOM, no zod: this module
 * is shipped to the browser.
 */
import { frameRawKeys, geoFormOf, geoForms, searchFilters, type SearchFilters } from "./filters.ts";
import type { SearchQuery } from "./query.ts";
import { categoryOf, groupsByChannel, propertyTypeGroups, type Category, type Channel, type PropertyTypeGroup } from "./vocabulary.ts";

// ---------- labels (seed 000 §5) ----------

/** Location labels: at most `max` characters, then '...' (14 on buttons, 10 in the short summary). */
export function truncateLabel(label: string, max = 14): string {
  const chars = [...label.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}...` : chars.join("");
}

/** "Brera" / "Brera +2": the first selection, truncated, and '+N' for the others. */
export function selectionLabel(names: readonly string[], max = 14): string {
  if (names.length === 0) return "";
  const first = truncateLabel(names[0]!, max);
  return names.length > 1 ? `${first} +${names.length - 1}` : first;
}

// ---------- checkbox tree (seed 000 §4 Checkbox tree) ----------

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

// ---------- property-type panel (seed 000 §5) ----------

/** The groups the panel offers for a channel: stanze only for rent, short rent only homes (as case-vacanza). */
export function propertyGroupOptions(channel: Channel): Array<{ group: PropertyTypeGroup; category: Category }> {
  return groupsByChannel[channel].map((group) => ({ group, category: categoryOf(channel, group) }));
}

/** The types a group offers (nuove-costruzioni are homes in new condition, so the same types as case). */
export function propertyTypeOptions(group: PropertyTypeGroup): readonly string[] {
  return propertyTypeGroups[group];
}

/**
 * One click in the panel: 'all' clears the selection (none = all); another type toggles; selecting
 * every type is the same as none. Returns the new, sorted selection.
 */
export function togglePropertyType(group: PropertyTypeGroup, selected: readonly string[], type: string | "all"): string[] {
  if (type === "all") return [];
  const offered = propertyTypeGroups[group] as readonly string[];
  if (!offered.includes(type)) return [...selected].sort();
  const next = new Set(selected.filter((t) => offered.includes(t)));
  if (next.has(type)) next.delete(type);
  else next.add(type);
  return next.size === offered.length ? [] : [...next].sort();
}

// ---------- filter dropdown (seed 000 §4 Filter dropdown) ----------

export interface DropdownState {
  open: boolean;
  values: string[];
}

/**
 * Picking a value. Single choice: that value, and the dropdown closes. Multiple choice: toggles it and
 * stays open; picking the default clears the others; removing the last value restores the default.
 */
export function pickDropdownValue(
  state: DropdownState,
  value: string,
  options: { multiple: boolean; defaultValue: string },
): DropdownState {
  const { multiple, defaultValue } = options;
  if (!multiple) return { open: false, values: [value] };
  if (value === defaultValue) return { open: true, values: [defaultValue] };
  const without = state.values.filter((v) => v !== defaultValue);
  const values = without.includes(value) ? without.filter((v) => v !== value) : [...without, value];
  return { open: true, values: values.length === 0 ? [defaultValue] : values };
}

/** The dropdown's summary: 'Seleziona' with no choice, the label for one, 'N selezionate' for several (seed 000 §8). */
export function dropdownSummary(
  values: readonly string[],
  defaultValue: string,
  labelOf: (v: string) => string,
  texts: { none: string; several: (n: number) => string },
): string {
  const chosen = values.filter((v) => v !== defaultValue);
  if (chosen.length === 0) return texts.none;
  if (chosen.length === 1) return labelOf(chosen[0]!);
  return texts.several(chosen.length);
}

// ---------- live count (seed 000 §5) ----------

/** Multiple-choice changes are sent after this many ms; single-choice ones at once. */
export const MULTI_CHOICE_DELAY_MS = 500;

export interface ControlDescription {
  tagName: string;
  type?: string;
  multiple?: boolean;
}

/** How long to wait before counting after a change of this form control. */
export function countDelay(control: ControlDescription): number {
  const tag = control.tagName.toLowerCase();
  if (tag === "select") return control.multiple ? MULTI_CHOICE_DELAY_MS : 0;
  const type = (control.type ?? "text").toLowerCase();
  if (type === "radio") return 0;
  // Checkboxes are multiple choice; typed values (prices, surfaces) wait too, so typing is not a request per key.
  return MULTI_CHOICE_DELAY_MS;
}

/**
 * The raw filter keys parseSearch accepts (seed 000 §3), so a form's other fields (submit buttons,
 * sort, page) are not sent as filters.
 */
export const RAW_FILTER_KEYS: readonly string[] = [
  ...frameRawKeys,
  ...geoForms.map((g) => g.key),
  ...Object.keys(searchFilters.schemaShape),
];
const RANGE_KEY = new RegExp(`^(${Object.keys(searchFilters.rangeBases).join("|")})_?(min|max|Min|Max)$`);
/** Keys the form may carry that the count takes from elsewhere: page and sort change nothing, places and map areas come from the page's query. */
const NOT_COUNTED = new Set(["page", "sortType", "zones", ...geoForms.map((g) => g.key)]);

/**
 * The filters of a form as a search body's `filters`: repeated names become lists, empty values and
 * unknown names are left out, the page, sort, places and map area are dropped. `base` (channel, group,
 * types, map area) comes first and the form's values override it.
 */
export function formEntriesToFilters(entries: Iterable<[string, string]>, base: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  const lists = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (value.trim() === "" || NOT_COUNTED.has(key)) continue;
    if (!RAW_FILTER_KEYS.includes(key) && !RANGE_KEY.test(key)) continue;
    lists.set(key, [...(lists.get(key) ?? []), value.trim()]);
  }
  for (const [key, values] of lists) out[key] = values.length === 1 ? values[0] : values;
  // Another group picked in the form: the page's types belong to the old group.
  if (base.propertyTypeGroup !== undefined && out.propertyTypeGroup !== base.propertyTypeGroup) delete out.propertyTypes;
  return out;
}

/** What the search keeps from the page's query when the form does not say otherwise: channel, group, types, map area. */
export function baseFilters(query: SearchQuery): Record<string, unknown> {
  const base: Record<string, unknown> = { channel: query.channel, propertyTypeGroup: query.group };
  if (query.propertyTypes.length > 0) base.propertyTypes = query.propertyTypes;
  if (query.geo) {
    const form = geoFormOf(query.geo.kind);
    base[form.key] = form.toRaw(query.geo as never);
  }
  if (query.filters.publisherId) Object.assign(base, searchFilters.write({ publisherId: query.filters.publisherId } as SearchFilters));
  return base;
}

// ---------- smart back (seed 000 §4 Smart back on the results page) ----------

export const SMART_BACK_MAX = 30;

/**
 * Records a visit: the same address as the top is ignored; the address below the top means the
 * visitor went back, so the top is removed; anything else is pushed (at most SMART_BACK_MAX kept).
 */
export function recordVisit(stack: readonly string[], url: string): string[] {
  if (stack[stack.length - 1] === url) return [...stack];
  if (stack.length >= 2 && stack[stack.length - 2] === url) return stack.slice(0, -1);
  return [...stack, url].slice(-SMART_BACK_MAX);
}

/** Where 'Indietro' goes: the previous search and the stack without the current one; null means use history.back(). */
export function smartBackTarget(stack: readonly string[]): { url: string; stack: string[] } | null {
  if (stack.length < 2) return null;
  return { url: stack[stack.length - 2]!, stack: stack.slice(0, -1) };
}
