/** The search body every search endpoint accepts, and the mapping of its errors to 400s. */
import { z, ZodError } from "zod";
import { LIMITS, parseSearch, SearchRuleError, type SearchQuery } from "../../core/search/query.ts";
import { jsonError } from "./errors.ts";
import { readJsonBody } from "./request.ts";

const locationRef = z.union([z.string().min(1).max(80), z.looseObject({ id: z.string().min(1).max(80) }).transform((l) => l.id)]);

export const searchBodySchema = z.strictObject({
  /** The page's path and query, used for links; the filters below are what is searched. */
  uri: z.string().max(4000).optional(),
  locations: z.array(locationRef).max(LIMITS.maxPlaces).optional(),
  filters: z.record(z.string().max(80), z.unknown()).optional(),
  size: z.number().int().min(1).max(150).optional(),
});
export type SearchBody = z.infer<typeof searchBodySchema>;

/** Turns a ZodError or SearchRuleError from the filters into a 400 naming the field; rethrows anything else. */
export function searchInputError(error: unknown, prefix = "filters"): Response {
  if (error instanceof SearchRuleError) return jsonError(400, `${prefix}.${error.message}`, `${prefix}.${error.field}`);
  if (error instanceof ZodError) {
    const issue = error.issues[0]!;
    const field = [prefix, ...issue.path].join(".");
    return jsonError(400, `${field}: ${issue.message}`, field);
  }
  throw error;
}

/** Reads and validates a search body into its query; throws a 400 Response on bad input. */
export async function readSearchBody(request: Request, extra: Record<string, unknown> = {}): Promise<{ body: SearchBody; query: SearchQuery }> {
  const body = await readJsonBody(request, searchBodySchema);
  try {
    return { body, query: parseSearch({ ...(body.filters ?? {}), ...extra }, body.locations ?? []) };
  } catch (error) {
    throw searchInputError(error);
  }
}
