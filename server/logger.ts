/**
 * Structured logs: JSON lines through pino, on stdout by default. The `Logger` interface is the
 * only thing callers see, so the implementation can change without touching them.
 */
import pino from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One log line as written: `{"level":"info","time":"...","pid":...,"msg":"...",...fields}`. */
export interface LogRecord {
  level: Exclude<LogLevel, "silent">;
  msg: string;
  [key: string]: unknown;
}

/** What replaces a redacted value. */
export const REDACTED = "[redacted]";

const SECRET_KEYS = [
  "authorization",
  "cookie",
  "token",
  "bootstrap_token",
  "secret",
  "signing_secret",
  "secret_key",
  "client_secret",
  "access_token",
  "refresh_token",
  "password",
  "api_key",
  "metrics_token",
];

/**
 * Field paths whose values never reach the output, at the top level and one level down
 * (`{auth: {token}}`), plus request headers. Callers do not log secrets in the first place; this
 * is the second line of defence, and a test greps a full run's output for every secret it made.
 */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'headers["authorization"]',
  'req.headers["authorization"]',
  'headers["cookie"]',
  'req.headers["cookie"]',
];

/**
 * Creates a logger. By default records go to stdout as JSON lines (written synchronously, so a
 * fatal record is never lost at exit). Tests pass `sink`, which receives every record at or
 * above `level` as an object, after redaction.
 */
export function createLogger(level: LogLevel = "info", sink?: (record: LogRecord) => void): Logger {
  const options: pino.LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
  };
  const stream: pino.DestinationStream = sink
    ? { write: (line: string) => sink(JSON.parse(line) as LogRecord) }
    : pino.destination({ dest: 1, sync: true });
  const log = pino(options, stream);
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
}

/** Serializes an unknown thrown value for a log line. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
