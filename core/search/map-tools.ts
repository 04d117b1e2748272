/**
 * The map page's tools as a state machine (seed 000 §4 Draw, Circle search, travel time): which tool is
 * open, and what each user step leads to. Pure; the map's store (app/ui/search-map-store.ts) drives it.
 * A step that makes no sense in the current tool (a second 'Disegna' while drawing) changes nothing.
 */
export type MapTool = "off" | "draw" | "edit" | "circle" | "nearby";

export type MapToolStep =
  /** 'Disegna area': a new polygon. */
  | "draw"
  /** 'Modifica area': the search's polygon, editable. */
  | "edit"
  /** The circle tool, empty or with the search's circle. */
  | "circle"
  /** The travel-time tool: a start under the crosshair. */
  | "nearby"
  /** 'Annulla', or a finished tool's search. */
  | "close";

const transitions: Record<MapTool, Partial<Record<MapToolStep, MapTool>>> = {
  off: { draw: "draw", edit: "edit", circle: "circle", nearby: "nearby" },
  draw: { close: "off" },
  edit: { close: "off" },
  circle: { close: "off" },
  nearby: { close: "off" },
};

export function nextTool(tool: MapTool, step: MapToolStep): MapTool {
  return transitions[tool][step] ?? tool;
}

/** While a tool is open the map's moves are not searches and the tool buttons give way to the tool's own. */
export function isDrawing(tool: MapTool): boolean {
  return tool !== "off";
}

/** A polygon tool (drawing or editing) shows its hint and its 'Annulla'. */
export function isPolygonTool(tool: MapTool): tool is "draw" | "edit" {
  return tool === "draw" || tool === "edit";
}
