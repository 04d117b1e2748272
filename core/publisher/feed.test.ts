import { describe, expect, it } from "vitest";
import { type FeedElement, feedPhotoUrls, jsonLineToFeedItem, propertyToFeedItem } from "./feed.ts";
import { PHOTOS_PER_LISTING } from "./photo.ts";

const el = (name: string, children: FeedElement[] = [], text = "", attributes: Record<string, string> = {}): FeedElement => ({
  name,
  attributes,
  children,
  text,
});

describe("photo addresses of a feed listing (decision 141)", () => {
  it("keeps http and https addresses in order, each once, and reports the others", () => {
    const { urls, problems } = feedPhotoUrls([
      " https://foto.agenzia.example/1.jpg ",
      "http://foto.agenzia.example/2.png",
      "https://foto.agenzia.example/1.jpg",
      "ftp://foto.agenzia.example/3.jpg",
      "javascript:alert(1)",
      "/relative/4.jpg",
      "data:image/png;base64,AAAA",
      42,
    ]);
    expect(urls).toEqual(["https://foto.agenzia.example/1.jpg", "http://foto.agenzia.example/2.png"]);
    expect(problems.map((p) => [p.url, p.reason])).toEqual([
      ["ftp://foto.agenzia.example/3.jpg", "not-http"],
      ["javascript:alert(1)", "not-http"],
      ["/relative/4.jpg", "not-http"],
      ["data:image/png;base64,AAAA", "not-http"],
      ["42", "not-http"],
    ]);
  });

  it(`keeps at most ${PHOTOS_PER_LISTING} and names the first left out once; at most 10 bad addresses are named`, () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `https://foto.example/${i}.jpg`);
    const { urls, problems } = feedPhotoUrls(many);
    expect(urls).toHaveLength(PHOTOS_PER_LISTING);
    expect(urls.at(-1)).toBe(`https://foto.example/${PHOTOS_PER_LISTING - 1}.jpg`);
    expect(problems).toEqual([{ url: `https://foto.example/${PHOTOS_PER_LISTING}.jpg`, reason: "too-many" }]);
    expect(feedPhotoUrls(Array.from({ length: 50 }, (_, i) => `ftp://x/${i}`)).problems).toHaveLength(10);
  });

  it("reads <pictures><picture-url> and <picture url> of a property; a delete has none", () => {
    const property = el("property", [
      el("unique-id", [], "A1"),
      el("pictures", [
        el("picture-url", [], "https://foto.example/a.jpg"),
        el("picture", [], "", { url: "https://foto.example/b.jpg" }),
        el("picture-url", [], "file:///etc/passwd"),
      ]),
    ]);
    const item = propertyToFeedItem(property, () => undefined);
    expect(item.photoUrls).toEqual(["https://foto.example/a.jpg", "https://foto.example/b.jpg"]);
    expect(item.photoProblems).toEqual([{ url: "file:///etc/passwd", reason: "not-http" }]);
    expect(item.listing).not.toHaveProperty("photos");
    const deleted = propertyToFeedItem(el("property", property.children, "", { operation: "delete" }), () => undefined);
    expect(deleted.photoUrls).toEqual([]);
  });

  it('reads a JSON line\'s "photos" (top level or in the listing) and keeps them out of the listing input', () => {
    const top = jsonLineToFeedItem({ uniqueId: "J1", listing: { price: 1 }, photos: ["https://foto.example/a.jpg"] })!;
    expect(top.photoUrls).toEqual(["https://foto.example/a.jpg"]);
    expect(top.listing).toEqual({ price: 1, externalId: "J1" });
    const inside = jsonLineToFeedItem({ uniqueId: "J2", listing: { price: 1, photos: ["http://foto.example/b.png"] } })!;
    expect(inside.photoUrls).toEqual(["http://foto.example/b.png"]);
    expect(inside.listing).toEqual({ price: 1, externalId: "J2" });
    const notAList = jsonLineToFeedItem({ uniqueId: "J3", listing: {}, photos: "https://foto.example/a.jpg" })!;
    expect(notAList.photoUrls).toEqual([]);
    expect(notAList.photoProblems).toEqual([{ url: "https://foto.example/a.jpg", reason: "not-http" }]);
  });
});
