import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { linkedCssOnce } from "./scripts/vite-plugin-linked-css.ts";

type ModuleGraph = { getModuleInfo(id: string): { importers: string[] } | null };
const inShellMemo = new Map<string, boolean>();
/** Whether the root route (app/root.tsx) imports the module, directly or through other static imports. */
function inShell(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  const known = inShellMemo.get(id);
  if (known !== undefined) return known;
  if (/[\\/]app[\\/]root\.tsx(\?|$)/.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const result = (graph.getModuleInfo(id)?.importers ?? []).some((importer) => inShell(importer, graph, seen));
  inShellMemo.set(id, result);
  return result;
}

// The SSR build's entry is our own server (server/app.ts), so the HTTP server, the database and
// the routes share one module graph and one database handle. React Router reads the input from
// environments.ssr.
export default defineConfig({
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // Every page loads React, React DOM and React Router, and everything the root route imports:
            // each group is one chunk, not a dozen small ones that compress worse and each cost a request
            // (docs/decisions/068). The rest is split as Vite does: by the pages that share it.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|@react-router)[\\/]/, priority: 2 },
                { name: (id, graph) => (inShell(id, graph) ? "shell" : null), debugName: "shell", priority: 1 },
              ],
            },
          },
        },
      },
    },
    // The server bundle holds every module, so a dynamic import the browser chunks rely on is
    // "ineffective" there by design: no warning on every start.
    ssr: { build: { rollupOptions: { input: "./server/app.ts", checks: { ineffectiveDynamicImport: false } }, target: "node24" } },
  },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "pino", "kysely", "compression", "@node-rs/argon2", "nodemailer", "ioredis", "altcha-lib"],
  },
  plugins: [reactRouter(), linkedCssOnce()],
});
