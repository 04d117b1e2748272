import { describe, expect, it } from "vitest";
import { dHash, hammingDistance, photoFilePath, sniffPhoto } from "./photo.ts";

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffPhoto", () => {
  it.each([
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF")],
    ["png", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a])],
    ["webp", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 ")],
  ])("takes %s by its first bytes", (kind, b) => {
    expect(sniffPhoto(b)).toEqual({ ok: true, kind });
  });

  it("tells HEIC apart, so the answer can say to send JPEG", () => {
    expect(sniffPhoto(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0]))).toEqual({ ok: false, reason: "heic" });
    expect(sniffPhoto(bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0]))).toEqual({ ok: false, reason: "heic" });
  });

  it.each([
    ["an SVG with a script", bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["an SVG behind an XML declaration", bytes('<?xml version="1.0"?><svg/>')],
    ["HTML", bytes("<!doctype html><p>x")],
    ["a PDF", bytes("%PDF-1.7")],
    ["a GIF", bytes("GIF89a")],
    ["nothing", bytes()],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [1, 2, 3, 4], "WAVEfmt ")],
  ])("refuses %s", (_name, b) => {
    expect(sniffPhoto(b)).toEqual({ ok: false, reason: "not-an-image" });
  });
});

describe("dHash", () => {
  const gradient = (f: (x: number, y: number) => number) => Uint8Array.from({ length: 72 }, (_, i) => f(i % 9, Math.floor(i / 9)));

  it("sets a bit where a pixel is brighter than its right neighbour", () => {
    expect(dHash(gradient((x) => 200 - x * 10))).toBe("-1"); // every bit set: 64 ones
    expect(dHash(gradient((x) => x * 10))).toBe("0");
  });

  it("is near for a slightly changed picture, far for another", () => {
    const base = gradient((x, y) => (x * 37 + y * 91) % 255);
    const touched = Uint8Array.from(base);
    touched[10] = touched[10]! + 40;
    const other = gradient((x, y) => (x * 13 + y * 200) % 251);
    expect(hammingDistance(dHash(base), dHash(base))).toBe(0);
    expect(hammingDistance(dHash(base), dHash(touched))).toBeLessThanOrEqual(2);
    expect(hammingDistance(dHash(base), dHash(other))).toBeGreaterThan(6);
  });

  it("needs exactly 9×8 pixels", () => {
    expect(() => dHash(new Uint8Array(64))).toThrow(RangeError);
  });
});

it("serves a rendition at a path naming the listing, the photo and the width", () => {
  expect(photoFilePath(12, 345, 960)).toBe("/media/listing/12/foto/345-960.webp");
});
