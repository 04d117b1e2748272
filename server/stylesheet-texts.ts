/**
 * The client build's stylesheets, read once at start: pages write them into the document instead of linking them
 * (app/page-styles.tsx, docs/decisions/133). Keys are the addresses React Router's manifest names (`/assets/x.css`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function readStylesheetTexts(clientDir: string, publicPath = "/"): Map<string, string> {
  const texts = new Map<string, string>();
  const dir = join(clientDir, "assets");
  if (!existsSync(dir)) return texts;
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".css")) texts.set(`${publicPath}assets/${name}`, readFileSync(join(dir, name), "utf8"));
  }
  return texts;
}
