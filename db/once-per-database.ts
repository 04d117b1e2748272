/**
 * What a process reads once per database and keeps while that database handle lives (the place directory, the
 * transit lines, the POI grids): concurrent callers share one load, and a load that failed is forgotten, so the
 * next call tries again. Keyed by the handle (a WeakMap): a test's closed database takes its copy with it.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export function oncePerDatabase<T>(load: (db: Kysely<Database>) => Promise<T>): (db: Kysely<Database>) => Promise<T> {
  const loaded = new WeakMap<Kysely<Database>, Promise<T>>();
  return (db) => {
    let value = loaded.get(db);
    if (!value) {
      value = load(db);
      value.catch(() => loaded.delete(db));
      loaded.set(db, value);
    }
    return value;
  };
}
