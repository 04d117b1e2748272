/**
 * Hydration: React Router's default client entry, plus zod without its JIT (app/zod-jitless.ts; root.tsx
 * imports it too, as route modules load before this entry).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import "./zod-jitless.ts";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
