import { describe, expect, it } from "vitest";
import { Random, WeightedIndex } from "./random.ts";

describe("Random", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = new Random("x");
    const b = new Random("x");
    const c = new Random("y");
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });

  it("draws weighted values in proportion", () => {
    const r = new Random(1);
    let heads = 0;
    for (let i = 0; i < 10_000; i++)
      if (
        r.weighted([
          ["a", 3],
          ["b", 1],
        ] as const) === "a"
      )
        heads++;
    expect(heads / 10_000).toBeGreaterThan(0.72);
    expect(heads / 10_000).toBeLessThan(0.78);
  });

  it("WeightedIndex never picks a zero weight", () => {
    const r = new Random(2);
    const index = new WeightedIndex([0, 5, 0, 5]);
    for (let i = 0; i < 1000; i++) expect([1, 3]).toContain(index.draw(r));
  });
});
