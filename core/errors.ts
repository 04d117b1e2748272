/**
 * Named domain errors. Core and the search steps throw these; the API boundary (app/api/boundary.server.ts)
 * maps each kind to one HTTP status in one place, so no route needs its own try/catch.
 */

/** The request names something well-formed that does not exist (an unknown place, level or slug). */
export class NotFoundError extends Error {
  override name = "NotFoundError";
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/** The request is well-formed but its values are wrong or break a rule (maps to 400). */
export class BadInputError extends Error {
  override name = "BadInputError";
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/** The request disagrees with itself or with the current state (maps to 409). */
export class ConflictError extends Error {
  override name = "ConflictError";
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/**
 * A value of a plain object keyed by input, own properties only: `lookup(table, "constructor")` is
 * undefined, where `table["constructor"]` would be Object's constructor function.
 */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
