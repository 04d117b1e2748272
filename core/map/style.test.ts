import { describe, expect, it } from "vitest";
import { BOUNDARY_LEVELS, boundaryLevelsForZoom, PLACE_LABEL_PREFIX, placeLabelLayers } from "./style.ts";

describe("place labels of the offline style", () => {
  const layers = placeLabelLayers();

  const levelOf = (layer: (typeof layers)[number]) => ((layer.filter as unknown[])[1] as unknown[])[2] as number;

  it("names regions, provinces, towns and urban districts at their centre points, with images named after the place", () => {
    expect(layers.map(levelOf)).toEqual([BOUNDARY_LEVELS.region, BOUNDARY_LEVELS.province, BOUNDARY_LEVELS.town, BOUNDARY_LEVELS.zone]);
    for (const layer of layers) {
      expect(layer.type).toBe("symbol");
      expect((layer.filter as unknown[])[2]).toEqual(["==", ["get", "label"], true]);
      expect((layer.layout as Record<string, unknown>)["icon-image"]).toEqual(["concat", PLACE_LABEL_PREFIX, ["get", "name"]]);
    }
  });

  it("labels a level only at zooms where the base map loads its boundaries", () => {
    for (const layer of layers) {
      const level = levelOf(layer);
      const from = (layer.minzoom as number | undefined) ?? 0;
      const to = (layer.maxzoom as number | undefined) ?? 19;
      for (let zoom = from; zoom < to; zoom += 0.25) expect(boundaryLevelsForZoom(zoom)).toContain(level);
    }
  });
});
