/** FEED_PHOTO_DOWNLOADS (docs/decisions/141): every process downloads feed photos unless told not to. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("FEED_PHOTO_DOWNLOADS", () => {
  it("is on unless set off, and refuses anything else", () => {
    expect(loadConfig({}).FEED_PHOTO_DOWNLOADS).toBe("on");
    expect(loadConfig({ FEED_PHOTO_DOWNLOADS: "" }).FEED_PHOTO_DOWNLOADS).toBe("on");
    expect(loadConfig({ FEED_PHOTO_DOWNLOADS: "off" }).FEED_PHOTO_DOWNLOADS).toBe("off");
    expect(() => loadConfig({ FEED_PHOTO_DOWNLOADS: "no" })).toThrow(/FEED_PHOTO_DOWNLOADS/);
  });
});
