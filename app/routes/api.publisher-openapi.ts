/** GET /api/publisher/v1/openapi.json: the publishing API described as OpenAPI 3.1 (app/publisher/openapi.ts). */
import { endpoint, noInput } from "../api/endpoint.server.ts";
import { anyone } from "../api/policies.server.ts";
import { publisherOpenApi } from "../publisher/openapi.ts";

const api = endpoint("GET", {
  // The API's description is public: programs read it before they hold a key.
  authorise: anyone,
  validate: noInput,
  command: () => publisherOpenApi(),
  present: (document) => Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } }),
});
export const loader = api.loader;
export const action = api.action;
