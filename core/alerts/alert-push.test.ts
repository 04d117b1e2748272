import { describe, expect, it } from "vitest";
import { alertPushPayload, digestPushPayload, isAllowedPushEndpoint, pushOutcome } from "./alert-push.ts";
import type { AlertMailContent, AlertListContent } from "./alert-mail.ts";

const mail = (over: Partial<AlertMailContent["card"]> = {}): AlertMailContent => ({
  subject: "Nuovo annuncio per «Milano»",
  heading: "",
  card: { title: "Trilocale", price: "400.000 €", oldPrice: null, place: "Milano, Brera", facts: "", photoUrl: "https://x/p.svg", ...over },
  listingUrl: "https://casa.example/annunci/7/",
  listingLink: "",
  resultsUrl: "",
  resultsLink: "",
  footer: "",
  manageLinks: [],
});

describe("alertPushPayload", () => {
  it("says the mail's subject, the listing, its public price and place, and opens the listing", () => {
    expect(alertPushPayload(mail(), 7, "it")).toEqual({
      title: "Nuovo annuncio per «Milano»",
      body: "Trilocale · 400.000 € · Milano, Brera",
      url: "https://casa.example/annunci/7/",
      icon: "https://x/p.svg",
      tag: "listing-7",
      lang: "it",
    });
  });
  it("shows a drop as old → new and cuts long texts", () => {
    expect(alertPushPayload(mail({ oldPrice: "480.000 €", price: "420.000 €" }), 7, "it").body).toBe(
      "Trilocale · 480.000 € → 420.000 € · Milano, Brera",
    );
    const long = alertPushPayload(mail({ title: "x".repeat(1000) }), 7, "it");
    expect(long.body.length).toBe(400);
    expect(long.body.endsWith("…")).toBe(true);
  });
});

describe("isAllowedPushEndpoint", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", true],
    ["https://updates.push.services.mozilla.com/wpush/v2/abc", true],
    ["https://web.push.apple.com/QAbc", true],
    ["https://db5p.notify.windows.com/w/?token=abc", true],
    ["http://fcm.googleapis.com/fcm/send/abc", false],
    ["https://fcm.googleapis.com:8443/fcm/send/abc", false],
    ["https://evilfcm.googleapis.com.example/x", false],
    ["https://user:pw@fcm.googleapis.com/x", false],
    ["http://127.0.0.1:9000/push/1", false],
    ["http://169.254.169.254/latest/meta-data", false],
    ["not a url", false],
  ])("%s → %s", (endpoint, ok) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(ok);
  });
  it("accepts exactly the extra origins configured for a test's push service", () => {
    expect(isAllowedPushEndpoint("http://127.0.0.1:9000/push/1", ["http://127.0.0.1:9000"])).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:9001/push/1", ["http://127.0.0.1:9000"])).toBe(false);
  });
});

describe("pushOutcome", () => {
  it.each([
    [201, 1, "sent"],
    [202, 1, "sent"],
    [404, 1, "gone"],
    [410, 3, "gone"],
    [503, 1, "retry"],
    [429, 2, "retry"],
    [null, 2, "retry"],
    [503, 3, "give-up"],
    [null, 3, "give-up"],
    [400, 1, "give-up"],
    [403, 1, "give-up"],
    [413, 1, "give-up"],
  ] as const)("%s after attempt %s of 3 → %s", (status, attempts, outcome) => {
    expect(pushOutcome(status, attempts, 3)).toBe(outcome);
  });
});

describe("digestPushPayload (decision 130)", () => {
  const digest = (n: number): AlertListContent => ({
    subject: `${n} nuovi annunci per «Milano»`,
    heading: "",
    cards: Array.from({ length: Math.min(n, 10) }, (_, i) => ({
      ...mail().card,
      title: `Casa ${i + 1}`,
      url: `https://casa.example/annunci/${i + 1}/`,
      note: null,
    })),
    listingLink: "Vedi l'annuncio",
    more: null,
    resultsUrl: "https://casa.example/vendita/case/milano/?sortType=data-decrescente",
    resultsLink: "",
    footer: "",
    manageLinks: [],
  });
  it("says the digest's subject, three listings and how many more, opens the results, one tag per search and day", () => {
    expect(digestPushPayload(digest(12), 12, 4, "2026-06-11", "it")).toEqual({
      title: "12 nuovi annunci per «Milano»",
      body: "Casa 1 · 400.000 €\nCasa 2 · 400.000 €\nCasa 3 · 400.000 €\n…e altri 9 annunci",
      url: "https://casa.example/vendita/case/milano/?sortType=data-decrescente",
      icon: "https://x/p.svg",
      tag: "digest-4-2026-06-11",
      lang: "it",
    });
  });
  it("counts nothing more when it lists them all, and says it in English for an English search", () => {
    expect(digestPushPayload(digest(2), 2, 4, "2026-06-11", "en").body).toBe("Casa 1 · 400.000 €\nCasa 2 · 400.000 €");
    expect(digestPushPayload(digest(4), 4, 4, "2026-06-11", "en").body).toMatch(/\n…and 1 more listing$/);
  });
});
