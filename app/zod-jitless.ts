/**
 * zod without its JIT, in the browser and on the server alike. zod probes for `new Function` when it
 * builds its first object schema; the CSP forbids eval, and Chromium reports even that caught probe as a
 * violation. Route modules (and the schemas they build at load time) are evaluated before the client
 * entry, so app/root.tsx imports this module first of all.
 */
import { z } from "zod";

z.config({ jitless: true });
