/**
 * Real streets (issue 27 items 1–2, docs/decisions/111): a visitor types 'via torino 21' on the home page
 * and lands on a search around that house number in Milano; a Milano listing's address is a real house
 * number, and its pin is on it.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { distanceMeters } from "../core/geo.ts";
import { readStreetData } from "../etl/streets.ts";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

describe("real streets in Chromium", () => {
  it("'via torino 21' on the home page searches around that house number in Milano", async ({ page }) => {
    await page.goto(`${portal.url}/`);
    const box = page.getByRole("combobox", { name: "Dove vuoi comprare casa?" });
    await hydrated(box);
    await box.pressSequentially("via torino 21", { delay: 40 });
    const option = page.getByRole("option", { name: "Via Torino 21, Milano (MI)", exact: true });
    await option.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await option.click();
    // Civico 21 of Via Torino is at 45.462741, 9.187222 (Comune di Milano, 2020).
    await page.waitForURL(`${portal.url}/vendita/case/?geocircle=45.462741,9.187222,500`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Case in vendita entro 500 m da Via Torino 21, Milano");
  });

  it("a Milano listing's address is a real house number near its pin", async ({ page }) => {
    const houses = new Map(readStreetData().houseNumbers.map((h) => [`${h.street} ${h.number}`, h]));
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const ids = await page
      .locator('a[href^="/annunci/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => /\/annunci\/(\d+)\//.exec(a.getAttribute("href") ?? "")?.[1]))].filter(Boolean));
    expect(ids.length).toBeGreaterThan(0);
    // The first listing shown with its exact position (an approximate one hides its number, decision 038).
    let checked = 0;
    for (const id of ids) {
      const map = (await (await fetch(`${portal.url}/annunci/${id}/mappa.geojson`)).json()) as {
        features: { properties: { role: string }; geometry: { coordinates: number[] } }[];
      };
      const pin = map.features.find((f) => f.properties.role === "pin");
      if (!pin) continue;
      await page.goto(`${portal.url}/annunci/${id}/`);
      const address = (await page.locator(".listing-address").first().textContent())!.trim();
      const street = address.split(",")[0]!.trim();
      const house = houses.get(street);
      expect(house, `${address} is a real house number`).toBeDefined();
      const [lon, lat] = pin.geometry.coordinates as [number, number];
      expect(distanceMeters(lat, lon, house!.lat, house!.lon)).toBeLessThan(5);
      checked++;
      break;
    }
    expect(checked).toBe(1);
  });
});
