/**
 * What route loaders and actions may use, handed to them through React Router's context by the
 * server (server/http.ts). Routes stay thin: they parse input, call a repository, present.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { CountCache } from "../db/count-cache.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { IsochroneProvider } from "../server/isochrone.ts";
import type { Logger } from "../server/logger.ts";

export interface Services {
  database: DatabaseHandle;
  logger: Logger;
  /** Search totals kept for a few seconds (db/count-cache.ts). */
  counts: CountCache;
  /** Travel-time areas: the built-in estimate or a Valhalla-compatible service. */
  isochrones: IsochroneProvider;
}

export const servicesContext = createContext<Services>();

export function services(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
