/**
 * Demo photos, floor plans and logos drawn as SVG from a seed, so the portal shows images with
 * no network and no stored files. Same inputs, same picture.
 */
import { Random } from "../random.ts";

const skies = ["#cfe8ff", "#ffe3c4", "#e0f2f1", "#fde2e4", "#e8eaf6"];
const walls = ["#f4e1c1", "#e9d8a6", "#d8e2dc", "#f1faee", "#ffcdb2", "#e5e5e5", "#cdb4db"];
const roofs = ["#9d4b3b", "#7f5539", "#6b705c", "#8d5524", "#5e548e"];

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Photo n of a listing: an exterior for the first, interiors after. 800×600. */
export function listingPhotoSvg(listingId: number, index: number): string {
  const r = new Random(`photo:${listingId}:${index}`);
  if (index === 0) {
    const wall = r.pick(walls);
    const floors = r.int(1, 5);
    const width = r.int(320, 560);
    const height = 90 * floors;
    const x = (800 - width) / 2;
    const y = 520 - height;
    const windows: string[] = [];
    for (let f = 0; f < floors; f++) {
      for (let w = 0; w < Math.floor(width / 90); w++) {
        windows.push(
          `<rect x="${x + 25 + w * 90}" y="${y + 20 + f * 90}" width="40" height="50" fill="#8ecae6" stroke="#fff" stroke-width="4"/>`,
        );
      }
    }
    return svg(
      `<rect width="800" height="600" fill="${r.pick(skies)}"/><rect y="520" width="800" height="80" fill="#7cb518"/>` +
        `<polygon points="${x - 20},${y} ${x + width / 2},${y - 90} ${x + width + 20},${y}" fill="${r.pick(roofs)}"/>` +
        `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${wall}"/>${windows.join("")}` +
        `<rect x="${x + width / 2 - 30}" y="450" width="60" height="70" fill="#6d4c41"/>`,
    );
  }
  const wall = r.pick(walls);
  const floor = r.pick(["#b08968", "#ddb892", "#a5a58d", "#cfcfcf"]);
  const sofa = r.pick(["#457b9d", "#e76f51", "#2a9d8f", "#6d597a"]);
  return svg(
    `<rect width="800" height="600" fill="${wall}"/><polygon points="0,420 800,420 800,600 0,600" fill="${floor}"/>` +
      `<rect x="${r.int(380, 560)}" y="90" width="180" height="220" fill="#bde0fe" stroke="#fff" stroke-width="10"/>` +
      `<rect x="${r.int(60, 200)}" y="330" width="260" height="110" rx="20" fill="${sofa}"/>` +
      `<rect x="${r.int(420, 600)}" y="400" width="120" height="60" fill="#6c584c"/>` +
      `<circle cx="${r.int(100, 700)}" cy="60" r="22" fill="#ffd166"/>`,
  );
}

/** A floor plan with as many rooms as the listing has (at least one). 800×600. */
export function floorPlanSvg(listingId: number, rooms: number): string {
  const r = new Random(`plan:${listingId}`);
  const n = Math.max(1, Math.min(8, rooms));
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const cells: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = i % cols;
    const row = Math.floor(i / cols);
    const w = 700 / cols;
    const h = 500 / rows;
    cells.push(
      `<rect x="${50 + c * w}" y="${50 + row * h}" width="${w}" height="${h}" fill="#fff" stroke="#263238" stroke-width="6"/>` +
        `<text x="${50 + c * w + w / 2}" y="${50 + row * h + h / 2}" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#455a64">${escape(i === 0 ? "Soggiorno" : i === n - 1 && n > 2 ? "Bagno" : `Camera ${i}`)} ${r.int(9, 28)} m²</text>`,
    );
  }
  return svg(`<rect width="800" height="600" fill="#f5f5f5"/>${cells.join("")}`);
}

/** An agency logo: initials on the agency's colour. 200×200. */
export function logoSvg(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-zÀ-ÿ]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  const safeColour = /^#[0-9a-f]{6}$/i.test(colour) ? colour : "#455a64";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escape(name)}">` +
    `<rect width="200" height="200" rx="24" fill="${safeColour}"/><text x="100" y="125" text-anchor="middle" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${escape(initials)}</text></svg>`
  );
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${body}</svg>`;
}

/** An agent's portrait: a head-and-shoulders silhouette on a colour drawn from the id. 100×100. */
export function agentPhotoSvg(id: number): string {
  const hues = [200, 150, 25, 280, 340, 45];
  const hue = hues[Math.abs(id) % hues.length]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="hsl(${hue} 45% 80%)"/><circle cx="50" cy="40" r="18" fill="hsl(${hue} 30% 35%)"/>` +
    `<path d="M16 100c2-22 16-34 34-34s32 12 34 34z" fill="hsl(${hue} 30% 35%)"/></svg>`
  );
}
