import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our own server (server/app.ts), so the HTTP server, the database and
// the routes share one module graph and one database handle. React Router reads the input from
// environments.ssr.
export default defineConfig({
  environments: {
    // The server bundle holds every module, so a dynamic import the browser chunks rely on is
    // "ineffective" there by design: no warning on every start.
    ssr: { build: { rollupOptions: { input: "./server/app.ts", checks: { ineffectiveDynamicImport: false } }, target: "node24" } },
  },
  ssr: { external: ["@electric-sql/pglite", "pg", "pino", "kysely", "compression", "@node-rs/argon2", "nodemailer", "ioredis", "rate-limiter-flexible", "altcha-lib"] },
  plugins: [reactRouter()],
});
