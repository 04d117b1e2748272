/** The energy label (APE) as the listing page draws it: classes A4…G with readable text colours. */
import { energyScale } from "./labels.ts";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Black or white, whichever reads better on the background (always ≥ 4.5:1 for these colours). */
export function textColourOn(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

export interface EnergyStep {
  energyClass: string;
  background: string;
  text: string;
  current: boolean;
}

/** The ten steps of the scale, the listing's class marked. */
export function energySteps(current: string | null): EnergyStep[] {
  return energyScale.map(([energyClass, background]) => ({
    energyClass,
    background,
    text: textColourOn(background),
    current: energyClass === current,
  }));
}
