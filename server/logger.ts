import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (or `destination`, for tests). Errors go under `err`, where pino's serializer
 * keeps their type, message, stack and cause as fields: never plain text on stderr.
 */
export function createLogger(level: string, destination?: { write(line: string): void }): Logger {
  const options = { level, base: { service: "casa-portal", pid: process.pid }, serializers: { err: pino.stdSerializers.err } };
  return destination ? pino(options, destination) : pino(options);
}
