/** Which towns a set of places covers (for agencies, which are located by town). */
import { PlaceLevel } from "../../core/places.ts";
import type { DirectoryPlace, PlaceDirectory } from "../../db/place-directory.ts";

/** Town ids inside the places; null means all of Italy (no place, or the country). */
export function townIdsOf(directory: PlaceDirectory, places: DirectoryPlace[]): string[] | null {
  if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) return null;
  const towns = new Set<string>();
  const visit = (p: DirectoryPlace) => {
    if (p.level === PlaceLevel.town) towns.add(p.id);
    else if (p.level < PlaceLevel.town) for (const child of directory.children(p.id)) visit(child);
    else {
      // Zones, blocks and metro belong to a town; a province's coastal zone counts as its province.
      const town = directory.ancestorAt(p.id, PlaceLevel.town);
      const parent = p.parentId ? directory.get(p.parentId) : undefined;
      if (town) towns.add(town.id);
      else if (parent) visit(parent);
    }
  };
  for (const p of places) visit(p);
  return [...towns];
}
