import type { ApiError } from "../../errors.ts";
import { errorHandler } from "../../http/errorHandler.ts";
import type { Logger } from "../../logger.ts";

/** The error types of the Anthropic API's envelope (the SDK raises its error class by status). */
export type V1ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "request_too_large"
  | "rate_limit_error"
  | "api_error"
  | "overloaded_error";

export interface V1ErrorEnvelope {
  type: "error";
  error: { type: V1ErrorType; message: string };
  request_id: string;
}

/** Our error type (and status) in the Anthropic envelope's terms; the status never changes. */
export function v1ErrorType(err: ApiError): V1ErrorType {
  switch (err.type) {
    case "TOKEN_INVALID":
      return "authentication_error";
    case "conflict_error":
    case "idempotency_error":
      return "invalid_request_error";
    case "api_error":
      return err.status === 503 ? "overloaded_error" : "api_error";
    default:
      return err.type;
  }
}

export function v1Envelope(err: ApiError, id: string): V1ErrorEnvelope {
  // The envelope has no `param`: the message names the field when ours does not already.
  const message =
    err.param !== undefined && !err.message.includes(err.param) ? `${err.param}: ${err.message}` : err.message;
  return { type: "error", error: { type: v1ErrorType(err), message }, request_id: id };
}

/** The /v1 error handler: the shared one, every error in the Anthropic envelope with the status ours would have. */
export function v1ErrorHandler(logger: Logger) {
  return errorHandler(logger, v1Envelope);
}
