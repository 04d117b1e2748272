import { describe, expect, it } from "vitest";
import { isDrawing, isPolygonTool, nextTool, type MapTool, type MapToolStep } from "./map-tools.ts";

describe("map tools", () => {
  it("opens a tool only from no tool, and every tool closes to none", () => {
    for (const step of ["draw", "edit", "circle", "nearby"] as const) expect(nextTool("off", step)).toBe(step);
    for (const tool of ["draw", "edit", "circle", "nearby"] as const) expect(nextTool(tool, "close")).toBe("off");
  });

  it("ignores a step that the open tool does not take", () => {
    const tools: MapTool[] = ["draw", "edit", "circle", "nearby"];
    const steps: MapToolStep[] = ["draw", "edit", "circle", "nearby"];
    for (const tool of tools) for (const step of steps) expect(nextTool(tool, step)).toBe(tool);
    expect(nextTool("off", "close")).toBe("off");
  });

  it("says when the map's moves are not searches and when the polygon hint shows", () => {
    expect(isDrawing("off")).toBe(false);
    expect(["draw", "edit", "circle", "nearby"].every((t) => isDrawing(t as MapTool))).toBe(true);
    expect(isPolygonTool("draw") && isPolygonTool("edit")).toBe(true);
    expect(isPolygonTool("circle") || isPolygonTool("nearby") || isPolygonTool("off")).toBe(false);
  });
});
