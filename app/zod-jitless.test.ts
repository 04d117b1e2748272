import { describe, expect, it, vi } from "vitest";

describe("zod without its JIT (app/zod-jitless.ts)", () => {
  it("is set before zod loads, and zod never probes for new Function", async () => {
    vi.resetModules();
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, "Function");
    expect(z.object({ a: z.number(), b: z.string() }).parse({ a: 1, b: "x" })).toEqual({ a: 1, b: "x" });
    expect(probe).not.toHaveBeenCalled();
  });
});
