/**
 * The interaction rules of the search tools on the results page (seed 000 §4 and §5) that the page
 * uses from its first render, as pure functions: labels, the filter dropdown, the live-count timing and
 * the smart-back stack. No React, no DOM, no zod, no filter registry: this module is in the results
 * page's first JavaScript. The rules of the modals load with them: checkbox-tree.ts (locality),
 * property-type-panel.ts; the live count's form reading (form-filters.ts) loads on the form's first use.
 */

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
