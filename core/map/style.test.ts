import { describe, expect, it } from "vitest";
import {
  BOUNDARY_LEVELS,
  boundaryLevelsForZoom,
  MAP_ATTRIBUTION,
  PLACE_LABEL_PREFIX,
  placeLabelLayers,
  TRANSIT_COLOURS,
  TRAM_MIN_ZOOM,
  transitLayers,
  transitScopeForZoom,
} from "./style.ts";

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

describe("transit layers (issue 27 item 3)", () => {
  const layers = transitLayers();
  const colourOf = (line: string) => {
    const match = (layers.find((l) => l.id === "metro-line")!.paint as Record<string, unknown[]>)["line-color"]!;
    const i = match.indexOf(line);
    return i > 0 ? match[i + 1] : match[match.length - 1];
  };

  it("draws Milano's metro lines in their colours, trams in theirs, stations ringed in their line's", () => {
    expect([colourOf("M1"), colourOf("M2"), colourOf("M3"), colourOf("M5")]).toEqual(["#e30613", "#00a04a", "#f5c400", "#8e5da8"]);
    expect(layers.map((l) => [l.id, l.source])).toEqual([
      ["tram-line", "transit"],
      ["metro-casing", "transit"],
      ["metro-line", "transit"],
      ["metro-station", "transit"],
    ]);
    expect((layers.find((l) => l.id === "tram-line")!.paint as Record<string, unknown>)["line-color"]).toBe(TRANSIT_COLOURS.tram);
    expect((layers.find((l) => l.id === "metro-station")!.paint as Record<string, unknown>)["circle-stroke-color"]).toEqual(
      (layers.find((l) => l.id === "metro-line")!.paint as Record<string, unknown>)["line-color"],
    );
  });

  it("asks for what the zoom draws: nothing below a city, then the metro lines, then trams and stations too", () => {
    expect([10.99, 11, 11.99, 12, 16].map(transitScopeForZoom)).toEqual(["none", "metro", "metro", "all", "all"]);
    // Every layer drawn below TRAM_MIN_ZOOM draws metro lines alone, which is what the map has asked for there.
    for (const layer of layers) {
      const from = (layer.minzoom as number | undefined) ?? 0;
      if (from < TRAM_MIN_ZOOM) expect(JSON.stringify(layer.filter), layer.id).toBe(JSON.stringify(["==", ["get", "kind"], "metro"]));
    }
  });

  it("names every source in the attribution", () => {
    const text = MAP_ATTRIBUTION.join(" ");
    for (const source of [
      "ISTAT",
      "openpolis",
      "Comune di Milano",
      "Roma Capitale",
      "AMAT",
      "Roma Servizi per la Mobilità",
      "GTT",
      "ANNCSU",
    ])
      expect(text).toContain(source);
  });
});
