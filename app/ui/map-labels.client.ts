/**
 * Label images for the portal's style (no glyph server, core/map/style.ts placeLabelLayers): drawn with the
 * browser's own fonts on a canvas when a layer first asks for one. Shared by the results map
 * (search-map.client.ts) and the guided flow's area map (area-map.client.ts).
 */
import type * as MapLibre from "maplibre-gl";
import { PLACE_LABEL_PREFIX } from "../../core/map/style.ts";

export interface LabelCanvas {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  ratio: number;
}

let shared: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;

/**
 * The canvas to draw a label image on, at the screen's pixel ratio (at most 2): one for every label of the page, each
 * drawn and read back in one go (setting its size clears it). A map view asks for dozens of labels; a canvas of its own
 * for each cost a drawing surface apiece, and reading a canvas the GPU draws stalls on it, so this one is kept in
 * memory (`willReadFrequently`).
 */
export function labelCanvas(): LabelCanvas | null {
  const ratio = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  if (!shared) {
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    shared = { canvas, ctx };
  }
  return { ...shared, ratio };
}

/** A place name (`place:<name>`): dark text with a light halo, no box, so it reads over land, lines and the price map. */
export function placeLabel(id: string): LabelCanvas | null {
  if (!id.startsWith(PLACE_LABEL_PREFIX)) return null;
  const text = id.slice(PLACE_LABEL_PREFIX.length);
  const label = labelCanvas();
  if (!label) return null;
  const { canvas, ctx, ratio } = label;
  const font = `500 ${12 * ratio}px system-ui, sans-serif`;
  ctx.font = font;
  const halo = 3 * ratio;
  canvas.width = Math.ceil(ctx.measureText(text).width + halo * 2);
  canvas.height = Math.ceil(16 * ratio + halo);
  ctx.font = font;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineJoin = "round";
  ctx.lineWidth = halo;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
  ctx.strokeText(text, canvas.width / 2, canvas.height / 2);
  ctx.fillStyle = "#34413b";
  ctx.fillText(text, canvas.width / 2, canvas.height / 2);
  return label;
}

/** Adds a drawn label to the map's images (unless it has it). */
export function addLabelImage(map: MapLibre.Map, id: string, { canvas, ctx, ratio }: LabelCanvas): void {
  if (map.hasImage(id)) return;
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  map.addImage(id, { width: canvas.width, height: canvas.height, data: new Uint8Array(data.data.buffer) }, { pixelRatio: ratio });
}
