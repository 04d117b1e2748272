import { expect, it } from "vitest";
import {
  agencyPageTitle,
  agentsHeading,
  agentsStrip,
  canContactOnListing,
  initials,
  listingsHeading,
  logoSize,
  movePageSuffixToEnd,
  publisherIdFromParam,
  publisherPath,
  websiteHref,
} from "./page.ts";

it("gives agencies and Agente Pro a page, nobody else", () => {
  expect(publisherPath({ id: 1000001, kind: "agency", slug: "casa-rossi", isAgentPro: false })).toBe("/agenzie/1000001-casa-rossi/");
  expect(publisherPath({ id: 1000002, kind: "agent", slug: "mario-rossi", isAgentPro: true })).toBe("/agenti/1000002-mario-rossi/");
  expect(publisherPath({ id: 1000003, kind: "agent", slug: "anna-bianchi", isAgentPro: false })).toBeNull();
  expect(publisherPath({ id: 50000001, kind: "private", slug: "x", isAgentPro: false })).toBeNull();
});

it.each([
  ["1000001-casa-rossi", 1000001],
  ["1000001", 1000001],
  ["01-x", null],
  ["abc", null],
  ["1-UPPER", null],
  [undefined, null],
] as const)("reads the id of %s", (param, id) => expect(publisherIdFromParam(param)).toBe(id));

it("prepends http:// to a website without it, and refuses other schemes", () => {
  expect(websiteHref("www.casa-rossi.it")).toBe("http://www.casa-rossi.it");
  expect(websiteHref("https://www.casa-rossi.it")).toBe("https://www.casa-rossi.it");
  expect(websiteHref("HTTP://x.it")).toBe("HTTP://x.it");
  expect(websiteHref("javascript:alert(1)")).toBeNull();
  expect(websiteHref("")).toBeNull();
  expect(websiteHref(null)).toBeNull();
});

it("shows 4 agents then +N", () => {
  expect(agentsStrip([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
  expect(agentsStrip([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: 2 });
});

it("writes initials and the headings in Italian", () => {
  expect(initials("Mario De Rossi")).toBe("MR");
  expect(initials("Immobiliare")).toBe("IM");
  expect(agentsHeading(3, "Casa Rossi")).toBe("3 agenti immobiliari per Casa Rossi");
  expect(agentsHeading(1, "Casa Rossi")).toBe("1 agente immobiliare per Casa Rossi");
  expect(listingsHeading(1234, "Casa Rossi")).toBe("1.234 immobili per Casa Rossi");
});

it("moves '- pagina N' to the end of the title", () => {
  expect(movePageSuffixToEnd("Casa Rossi - pagina 3 | Casa")).toBe("Casa Rossi | Casa - pagina 3");
  expect(movePageSuffixToEnd("Casa Rossi | Casa")).toBe("Casa Rossi | Casa");
  expect(agencyPageTitle("Casa Rossi", "Milano", 2, "Casa")).toBe("Casa Rossi - agenzia immobiliare a Milano | Casa - pagina 2");
  expect(agencyPageTitle("Casa Rossi", null, 1, "Casa")).toBe("Casa Rossi | Casa");
});

it("hides contact on auctions of agencies that disable them, and sizes logos by subscription", () => {
  expect(canContactOnListing({ isAuction: true }, { disableAuctions: true })).toBe(false);
  expect(canContactOnListing({ isAuction: false }, { disableAuctions: true })).toBe(true);
  expect(canContactOnListing({ isAuction: true }, { disableAuctions: false })).toBe(true);
  expect(logoSize(true)).toEqual({ width: 125, height: 60 });
  expect(logoSize(false)).toEqual({ width: 120, height: 60 });
});
