/**
 * What both maps that draw an area share (the results map, app/ui/search-map.client.ts, and the guided flow's
 * where step, app/ui/area-map.client.ts; docs/decisions/134): terra-draw's polygon tool checked point by point
 * by the search's own rules for a drawn polygon (core/search/map-view.ts), and its colours. One definition, so
 * an area drawn in either place is refused or accepted alike.
 */
import { TerraDrawPolygonMode, type GeoJSONStoreFeatures } from "terra-draw";
import { drawMessages, drawnPolygonProblem, drawnRing } from "../../core/search/map-view.ts";

/** The drawing colour of both maps. */
export const DRAW_COLOUR = "#1c7ed6";

/**
 * terra-draw's validation: a point that would make the edges cross, or the area too large, is refused with the
 * Italian message (given to `onProblem`); too few points or no area yet pass until the polygon is finished.
 */
export function drawnPolygonValidation(onProblem: (message: string) => void) {
  return (feature: GeoJSONStoreFeatures, { updateType }: { updateType: string }) => {
    if (updateType === "provisional" || feature.geometry.type !== "Polygon") return { valid: true };
    const problem = drawnPolygonProblem(drawnRing(feature.geometry.coordinates[0] as number[][]));
    const partial = problem === drawMessages.tooFewPoints || problem === drawMessages.noArea;
    if (!problem || (partial && updateType !== "finish")) return { valid: true };
    onProblem(problem);
    return { valid: false, reason: problem };
  };
}

/** The polygon tool: click points, click the first point or press Enter to finish, Escape to cancel. */
export function polygonDrawMode(validation: ReturnType<typeof drawnPolygonValidation>): TerraDrawPolygonMode {
  return new TerraDrawPolygonMode({
    editable: true,
    validation,
    keyEvents: { cancel: "Escape", finish: "Enter" },
    styles: {
      fillColor: DRAW_COLOUR,
      fillOpacity: 0.12,
      outlineColor: DRAW_COLOUR,
      outlineWidth: 2.5,
      editedPointColor: DRAW_COLOUR,
      closingPointColor: DRAW_COLOUR,
    },
  });
}

/** A finished polygon feature's ring ([lon, lat], open, 6 decimals) and the Italian problem the search would refuse it for, if any. */
export function finishedRing(feature: GeoJSONStoreFeatures | undefined): { ring: Array<[number, number]>; problem: string | null } | null {
  if (!feature || feature.geometry.type !== "Polygon") return null;
  const ring = drawnRing(feature.geometry.coordinates[0] as number[][]);
  return { ring, problem: drawnPolygonProblem(ring) };
}
