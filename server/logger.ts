/** A small structured logger: one JSON object per line on stderr. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface LogRecord {
  level: Exclude<LogLevel, "silent">;
  msg: string;
  [key: string]: unknown;
}

/**
 * Creates a logger. `sink` receives every record at or above `level`; by default records are
 * written to stderr as JSON lines. Tests pass a sink to assert on (and to prove secrets are absent).
 */
export function createLogger(
  level: LogLevel = "info",
  sink: (record: LogRecord) => void = (r) => process.stderr.write(`${JSON.stringify(r)}\n`),
): Logger {
  const min = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    sink({ time: new Date().toISOString(), level: lvl, msg, ...fields } as LogRecord);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

/** Serializes an unknown thrown value for a log line. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
