/**
 * The built portal started in this process, as the server-time benchmarks (hubs, guided flow, sitemaps) measure
 * it: on DATABASE_URL or the embedded database in `dataDir`, logs off, and — unless told not to — waited on until
 * warm (its listing facts loaded: until then it may count in SQL or answer 503).
 */
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";

export async function startBenchPortal(
  settings: Record<string, string>,
  { warm = true }: { warm?: boolean } = {},
): Promise<{ base: string; stop: () => Promise<void>; portal: any }> {
  if (!ensureBuild()) process.exit(1);
  const bundle = await importServerBuild<any>();
  const config = bundle.loadConfig({ ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...settings });
  const portal = await bundle.startPortal({
    config,
    logger: bundle.createLogger("silent"),
    build: bundle.build,
    clientDir: clientDirectory,
  });
  const base = portal.url as string;
  while (
    warm &&
    !(await fetch(`${base}/readyz`).then(
      async (r) => r.ok && (await r.json()).warm === true,
      () => false,
    ))
  )
    await new Promise((r) => setTimeout(r, 500));
  return { base, stop: () => portal.stop(), portal };
}
