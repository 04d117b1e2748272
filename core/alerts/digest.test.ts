import { describe, expect, it } from "vitest";
import { digestMessageId, digestPage, nextDigestAt, romeDay } from "./digest.ts";

const at = (iso: string) => nextDigestAt(new Date(iso)).toISOString();

describe("the daily digest's 08:00 Europe/Rome", () => {
  it("is 07:00 UTC in winter and 06:00 UTC in summer", () => {
    expect(at("2026-01-15T05:00:00Z")).toBe("2026-01-15T07:00:00.000Z");
    expect(at("2026-01-15T07:00:00Z")).toBe("2026-01-16T07:00:00.000Z");
    expect(at("2026-07-01T05:59:59Z")).toBe("2026-07-01T06:00:00.000Z");
    expect(at("2026-07-01T06:00:00Z")).toBe("2026-07-02T06:00:00.000Z");
  });

  it("is right on 29 March 2026, when Rome's clocks go forward at 02:00", () => {
    // Saturday evening: Sunday's 08:00 is already summer time.
    expect(at("2026-03-28T20:00:00Z")).toBe("2026-03-29T06:00:00.000Z");
    // In the skipped hour's neighbourhood, and just before and after the digest.
    expect(at("2026-03-29T00:59:00Z")).toBe("2026-03-29T06:00:00.000Z");
    expect(at("2026-03-29T01:30:00Z")).toBe("2026-03-29T06:00:00.000Z");
    expect(at("2026-03-29T05:59:59Z")).toBe("2026-03-29T06:00:00.000Z");
    expect(at("2026-03-29T06:00:00Z")).toBe("2026-03-30T06:00:00.000Z");
    // Saturday's digest was still winter time.
    expect(at("2026-03-28T06:30:00Z")).toBe("2026-03-28T07:00:00.000Z");
  });

  it("is right on 25 October 2026, when Rome's clocks go back at 03:00", () => {
    expect(at("2026-10-24T20:00:00Z")).toBe("2026-10-25T07:00:00.000Z");
    // 02:30 happens twice in Rome that night (00:30 and 01:30 UTC): the same digest either way.
    expect(at("2026-10-25T00:30:00Z")).toBe("2026-10-25T07:00:00.000Z");
    expect(at("2026-10-25T01:30:00Z")).toBe("2026-10-25T07:00:00.000Z");
    expect(at("2026-10-25T06:59:59Z")).toBe("2026-10-25T07:00:00.000Z");
    expect(at("2026-10-25T07:00:00Z")).toBe("2026-10-26T07:00:00.000Z");
    expect(at("2026-10-24T05:30:00Z")).toBe("2026-10-24T06:00:00.000Z");
  });

  it("never drops listings silently: it counts those it does not show", () => {
    expect(digestPage([1, 2, 3], 10)).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(
      digestPage(
        Array.from({ length: 13 }, (_, i) => i),
        10,
      ),
    ).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], more: 3 });
  });
});

describe("a digest's Message-ID", () => {
  it("is one per saved search and Rome day: the same all day, another the next day", () => {
    // 29 March: summer time from 02:00, so Rome's midnight is 22:00 UTC.
    expect(digestMessageId(7, new Date("2026-03-29T06:00:00Z"), "casa.example")).toBe("<digest.7.2026-03-29@casa.example>");
    expect(digestMessageId(7, new Date("2026-03-29T21:59:00Z"), "casa.example")).toBe("<digest.7.2026-03-29@casa.example>");
    expect(digestMessageId(7, new Date("2026-03-29T22:00:00Z"), "casa.example")).toBe("<digest.7.2026-03-30@casa.example>");
    expect(digestMessageId(8, new Date("2026-03-29T06:00:00Z"), "casa.example")).toBe("<digest.8.2026-03-29@casa.example>");
  });
  it("counts the day by Rome's clock, not UTC's", () => {
    expect(romeDay(new Date("2026-10-25T23:30:00Z"))).toBe("2026-10-26");
    expect(romeDay(new Date("2026-10-25T22:30:00Z"))).toBe("2026-10-25");
  });
});
