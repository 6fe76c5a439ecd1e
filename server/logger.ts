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

const SECRETS = new Set(SECRET_KEYS);
/** The request headers redacted under `req.headers` (two levels down). */
const SECRET_HEADERS = ["authorization", "cookie"] as const;

type Fields = Record<string, unknown>;

const isObject = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);

/** `value` with the secret keys of its own level censored: itself when it holds none. */
function censorLevel(value: Fields): Fields {
  let out: Fields | null = null;
  for (const key in value) {
    if (SECRETS.has(key) && value[key] !== undefined) {
      out ??= { ...value };
      out[key] = REDACTED;
    }
  }
  return out ?? value;
}

/**
 * The values of secret fields never reach the output: at the top level, one level down
 * (`{auth: {token}}`, `{headers: {authorization}}`), and `req.headers`' authorization and cookie.
 * Callers do not log secrets in the first place; this is the second line of defence, and a test
 * greps a full run's output for every secret it made. Nothing the caller passed is changed (what
 * holds a secret is copied), and a record without any is passed on as it is: this runs for every
 * log line, so it looks at each key once (a path-based redactor with wildcards cost ~45 µs a
 * line, a tenth of a cheap request).
 */
export function redactFields(fields: Fields): Fields {
  let out: Fields | null = null;
  for (const key in fields) {
    const value = fields[key];
    let redacted: unknown = value;
    if (SECRETS.has(key)) redacted = value === undefined ? value : REDACTED;
    else if (isObject(value)) {
      redacted = censorLevel(value);
      const headers = key === "req" ? (redacted as Fields).headers : undefined;
      if (isObject(headers) && SECRET_HEADERS.some((h) => headers[h] !== undefined)) {
        const censored: Fields = { ...headers };
        for (const h of SECRET_HEADERS) if (censored[h] !== undefined) censored[h] = REDACTED;
        redacted = { ...(redacted as Fields), headers: censored };
      }
    }
    if (redacted !== value) {
      out ??= { ...fields };
      out[key] = redacted;
    }
  }
  return out ?? fields;
}

/** Lines held before they are written at once, whatever the turn: a burst is written in pieces of about this size. */
const STDOUT_BATCH_CHARS = 64 * 1024;

/**
 * Standard output for log lines, shared by every logger of the process (so that their lines keep
 * their order): the lines of one turn of the event loop are written together, in one synchronous
 * write (sonic-boom's, which waits out a full pipe), as soon as the turn's callbacks have run
 * (setImmediate), or at once when STDOUT_BATCH_CHARS are held, and whatever is held when the
 * process exits (`process.exit`, an uncaught exception). Under load a turn ends several requests:
 * one write instead of one each (the write was ~10 µs of each request's CPU in a profile of
 * `GET /skills`); a line is never held past its turn.
 */
function stdoutLines(): pino.DestinationStream {
  const out = pino.destination({ dest: 1, sync: true });
  let held: string[] = [];
  let chars = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (held.length === 0) return;
    const text = held.length === 1 ? (held[0] as string) : held.join("");
    held = [];
    chars = 0;
    out.write(text);
  };
  process.on("exit", flush);
  return {
    write(line: string) {
      held.push(line);
      chars += line.length;
      if (chars >= STDOUT_BATCH_CHARS) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}

let stdout: pino.DestinationStream | null = null;
const sharedStdout = (): pino.DestinationStream => {
  stdout ??= stdoutLines();
  return stdout;
};

/**
 * Creates a logger. By default records go to stdout as JSON lines (stdoutLines: written by the
 * end of the turn they were logged in, and at exit, so a fatal record is never lost). Tests pass
 * `sink`, which receives every record at or above `level` as an object, after redaction.
 */
export function createLogger(level: LogLevel = "info", sink?: (record: LogRecord) => void): Logger {
  const options: pino.LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const stream: pino.DestinationStream = sink
    ? { write: (line: string) => sink(JSON.parse(line) as LogRecord) }
    : sharedStdout();
  const log = pino(options, stream);
  // Redacted only for a record at or above the level (a dropped debug line costs nothing).
  const at =
    (level: Exclude<LogLevel, "silent">) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (log.isLevelEnabled(level)) log[level](redactFields(fields ?? {}), msg);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Serializes an unknown thrown value for a log line. */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { error: err.message, stack: err.stack };
  return { error: String(err) };
}
