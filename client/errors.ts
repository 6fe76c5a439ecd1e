/**
 * The SDK's errors. HTTP errors are not thrown by the calls themselves (they resolve to `{ error }`);
 * these classes are what `paginate()` throws for a failed page, what `CloudAgentsApiError.from()`
 * builds from an `{ error, response }` result, and what a call rejects with when no HTTP response
 * arrived at all (after the automatic retries).
 */
import type { components } from "../generated/api.js";

export type ErrorEnvelope = components["schemas"]["ErrorEnvelope"];
/** The stable error types of the envelope (`invalid_request_error`, `not_found_error`, ...). */
export type ErrorType = ErrorEnvelope["error"]["type"];

/** The base class of every error the SDK throws. */
export class CloudAgentsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CloudAgentsError";
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const v = value as { type?: unknown; error?: { type?: unknown; message?: unknown } } | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.type === "error" &&
    typeof v.error?.type === "string" &&
    typeof v.error.message === "string"
  );
}

/** The service answered with an error status. `type`, `param` and `requestId` come from the envelope. */
export class CloudAgentsApiError extends CloudAgentsError {
  readonly status: number;
  /** The envelope's error type; undefined when the body was not an envelope (a proxy's error page). */
  readonly type: ErrorType | undefined;
  /** The request field, parameter or header at fault, when there is one. */
  readonly param: string | undefined;
  /** Quote it when reporting a problem (also in the `Request-Id` response header). */
  readonly requestId: string | undefined;
  readonly envelope: ErrorEnvelope | undefined;

  constructor(status: number, body: unknown, requestId?: string | null) {
    const envelope = isEnvelope(body) ? body : undefined;
    super(envelope ? `${envelope.error.type}: ${envelope.error.message}` : `HTTP ${status}`);
    this.name = "CloudAgentsApiError";
    this.status = status;
    this.envelope = envelope;
    this.type = envelope?.error.type;
    this.param = envelope?.error.param;
    this.requestId = envelope?.request_id ?? requestId ?? undefined;
  }

  /** Builds the error of a call's `{ error, response }` result. */
  static from(result: { error?: unknown; response: Response }): CloudAgentsApiError {
    return new CloudAgentsApiError(result.response.status, result.error, result.response.headers.get("request-id"));
  }
}

/** No HTTP response arrived: the server was unreachable or the connection failed, on every attempt. */
export class CloudAgentsConnectionError extends CloudAgentsError {
  /** How many attempts were made (1 + retries). */
  readonly attempts: number;
  constructor(message: string, attempts: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CloudAgentsConnectionError";
    this.attempts = attempts;
  }
}

/** No HTTP response arrived within `timeoutMs`, on every attempt. */
export class CloudAgentsTimeoutError extends CloudAgentsConnectionError {
  readonly timeoutMs: number;
  constructor(message: string, attempts: number, timeoutMs: number) {
    super(message, attempts);
    this.name = "CloudAgentsTimeoutError";
    this.timeoutMs = timeoutMs;
  }
}
