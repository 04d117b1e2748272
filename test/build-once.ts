/** Vitest global setup for integration and e2e tests: the server bundle must be current. */
import { ensureBuild } from "../scripts/ensure-build.ts";

export default function setup(): void {
  if (!ensureBuild(() => {})) throw new Error("react-router build failed");
}
