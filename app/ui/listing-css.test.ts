/** The energy label colours live in CSS (no style attributes under the CSP): they must match the domain's scale. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { textColourOn } from "../../core/listing/energy.ts";
import { energyScale } from "../../core/listing/labels.ts";

describe("listing.css energy scale", () => {
  const css = readFileSync(new URL("./listing.css", import.meta.url), "utf8");
  it.each(energyScale.map(([c, b]) => [c, b] as const))(
    "class %s has its APE colour and a readable text colour",
    (energyClass, background) => {
      expect(css).toContain(
        `.energy-scale li[data-energy-class="${energyClass}"] { background-color: ${background}; color: ${textColourOn(background)}; }`,
      );
    },
  );
});
