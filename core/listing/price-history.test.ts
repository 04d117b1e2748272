import { expect, it } from "vitest";
import { barChartBars, barChartPath } from "./price-history.ts";

it("draws a dashboard's daily bars as one path, leaving empty days out", () => {
  expect(barChartBars([0, 2, 1], 30, 12)).toEqual([
    { x: 0, y: 12, w: 9, h: 0 },
    { x: 10, y: 2, w: 9, h: 10 },
    { x: 20, y: 7, w: 9, h: 5 },
  ]);
  expect(barChartPath([0, 2, 1], 30, 12)).toBe("M10 2h9v10h-9zM20 7h9v5h-9z");
  expect(barChartPath([0, 0], 30, 12)).toBe("");
});
