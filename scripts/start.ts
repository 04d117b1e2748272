/**
 * `npm start`: builds the app when the sources are newer than the build, then runs the server
 * (which migrates and loads the demo data on first start). Runs on Node 24 directly from TypeScript.
 */
import { demoStartTurnsOutboxOn } from "../server/config.ts";
import { clientDirectory, ensureBuild, importServerBuild } from "./ensure-build.ts";

if (Number(process.versions.node.split(".")[0]) < 24) {
  process.stderr.write(`casa-portal: Node.js 24 or newer is needed (this is ${process.version}); see README.md\n`);
  process.exit(1);
}
if (!ensureBuild()) {
  process.stderr.write("casa-portal: the build failed (see above); run `npm run build` for details\n");
  process.exit(1);
}
// The demo shows new accounts' mail at /sviluppo/posta/ (README): judged before NODE_ENV gets its default
// below, and set in the environment so that worker processes inherit it.
if (demoStartTurnsOutboxOn(process.env)) process.env.DEV_OUTBOX = "on";
const { main } = await importServerBuild<{ main: (options: { clientDir: string }) => Promise<void> }>();
await main({ clientDir: clientDirectory });
