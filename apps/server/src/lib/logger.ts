import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logger (pino). `level` "silent" turns it off (tests). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "academy" }, timestamp: pino.stdTimeFunctions.isoTime });
}
