/**
 * The property-type panel's rules (seed 000 §5), as pure functions: no React, no DOM. Loaded with the
 * panel (app/ui/search-property-types-panel.tsx).
 */
import { categoryOf, groupsByChannel, propertyTypeGroups, type Category, type Channel, type PropertyTypeGroup } from "./vocabulary.ts";

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
