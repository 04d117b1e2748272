/** The one place that reads the environment. Every setting is optional; .env.example documents them. */
import { z } from "zod";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
  .optional();

const schema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default("0.0.0.0")),
  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl),
  DATABASE_READ_URL: z.preprocess(emptyAsUndefined, postgresUrl),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default("var/db")),
  DEMO_COUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(5_000_000).default(30_000)),
  DEMO_SEED: z.preprocess(emptyAsUndefined, z.string().min(1).max(100).default("casa")),
  DEMO_REFERENCE_DATE: z.preprocess(emptyAsUndefined, z.iso.date().optional()),
  ISOCHRONE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  SEARCH_FACTS: z.preprocess(emptyAsUndefined, z.enum(["auto", "on", "off"]).default("auto")),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
});

export type Config = z.infer<typeof schema> & { referenceDate: Date };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; throws ConfigError naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const today = new Date();
  const referenceDate = result.data.DEMO_REFERENCE_DATE
    ? new Date(`${result.data.DEMO_REFERENCE_DATE}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  return { ...result.data, referenceDate };
}
