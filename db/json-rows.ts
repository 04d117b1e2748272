/**
 * Whole tables read into memory at a portal's start (the place directory, the street names) come back as one
 * JSON value instead of one driver row each: turning tens of thousands of rows into objects in the driver cost
 * several times the query itself, on PGlite most of all (docs/decisions/157).
 */
import { CamelCasePlugin, CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The database's CamelCasePlugin (db/database.ts) maps the keys, as it maps the columns of ordinary results. */
class ColumnNames extends CamelCasePlugin {
  toCamel(key: string): string {
    return this.camelCase(key);
  }
}
const columnNames = new ColumnNames();

/**
 * The rows of `query` as `execute()` would give them, in no particular order. Only for columns whose JSON form is
 * the driver's value: text, smallint, integer, double precision, boolean (not bigint, numeric, dates or jsonb).
 */
export async function selectAsJsonRows<Row>(db: Kysely<Database>, query: { compile(): CompiledQuery<Row> }): Promise<Row[]> {
  const inner = query.compile();
  const { rows } = await db.executeQuery<{ rows: string }>(
    CompiledQuery.raw(`SELECT coalesce(json_agg(r), '[]')::text AS rows FROM (${inner.sql}) r`, [...inner.parameters]),
  );
  const parsed = JSON.parse(rows[0]!.rows) as Record<string, unknown>[];
  if (parsed.length === 0) return [];
  const keys = Object.keys(parsed[0]!).map((key) => [key, columnNames.toCamel(key)] as const);
  return parsed.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [from, to] of keys) out[to] = row[from];
    return out as Row;
  });
}
