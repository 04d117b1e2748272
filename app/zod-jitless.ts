/**
 * zod without its JIT, in the browser and on the server alike. zod probes for `new Function` when it
 * builds its first object schema; the CSP forbids eval, and Chromium reports even that caught probe as a
 * violation. Route modules (and the schemas they build at load time) are evaluated before the client
 * entry, so app/root.tsx imports this module first of all.
 *
 * The setting goes where zod keeps its configuration, `globalThis.__zod_globalConfig` (zod adopts an
 * object already there when it loads, zod/v4/core/core.js), rather than through `z.config()`: importing
 * zod here would put it on every page, while in the browser it is only needed by code that loads on
 * demand (forms, modals). zod-jitless.test.ts checks that zod picks the setting up.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
