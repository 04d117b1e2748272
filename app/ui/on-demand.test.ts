import { describe, expect, it, vi } from "vitest";
import { onDemand, openWhenLoaded } from "./on-demand.ts";

describe("code loaded on demand (app/ui/on-demand.ts)", () => {
  it("loads once, on the first use, and keeps the module", async () => {
    const module = { Panel: () => null };
    const importModule = vi.fn(async () => module);
    const part = onDemand(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(part.loaded).toBeNull();
    part.preload();
    await expect(part.load()).resolves.toBe(module);
    expect(part.loaded).toBe(module);
    await part.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("reports a failed load to the use, not to a preload, and tries again next time", async () => {
    const module = { Panel: () => null };
    const importModule = vi
      .fn()
      .mockRejectedValueOnce(new Error("offline"))
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(module);
    const part = onDemand(importModule);
    part.preload(); // a hint of intent: its failure is swallowed
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(part.load()).rejects.toThrow("offline");
    expect(part.loaded).toBeNull();
    await expect(part.load()).resolves.toBe(module);
    expect(importModule).toHaveBeenCalledTimes(3);
  });
});

describe("opening a modal host when its contents load (openWhenLoaded)", () => {
  const deferred = () => {
    let resolve!: (m: { Panel: () => null }) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<{ Panel: () => null }>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it("opens once the contents are there when they come quickly", async () => {
    vi.useFakeTimers();
    try {
      const d = deferred();
      const events: string[] = [];
      openWhenLoaded(
        onDemand(() => d.promise),
        300,
        { show: () => events.push("show"), arrived: () => events.push("arrived"), failed: () => events.push("failed") },
      );
      await vi.advanceTimersByTimeAsync(100);
      expect(events).toEqual([]);
      d.resolve({ Panel: () => null });
      await vi.advanceTimersByTimeAsync(0);
      expect(events).toEqual(["arrived", "show"]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(events).toEqual(["arrived", "show"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens after the wait while they are still on the way, then says they arrived or failed", async () => {
    vi.useFakeTimers();
    try {
      for (const outcome of ["arrived", "failed"] as const) {
        const d = deferred();
        const events: string[] = [];
        openWhenLoaded(
          onDemand(() => d.promise),
          300,
          { show: () => events.push("show"), arrived: () => events.push("arrived"), failed: () => events.push("failed") },
        );
        await vi.advanceTimersByTimeAsync(300);
        expect(events).toEqual(["show"]);
        if (outcome === "arrived") d.resolve({ Panel: () => null });
        else d.reject(new Error("offline"));
        await vi.advanceTimersByTimeAsync(0);
        expect(events).toEqual(["show", outcome]);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
