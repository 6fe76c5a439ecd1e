import type { ApiError, ErrorDetails } from "../../errors.ts";

/** The error types of the Anthropic API's envelope (the SDK raises its error class by status). */
export type AnthropicErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "request_too_large"
  | "rate_limit_error"
  | "api_error"
  | "overloaded_error";

export interface AnthropicErrorEnvelope {
  type: "error";
  error: { type: AnthropicErrorType; message: string; details?: ErrorDetails };
  request_id: string;
}

/** Our error type (and status) in the Anthropic envelope's terms; the status never changes. */
export function anthropicErrorType(err: ApiError): AnthropicErrorType {
  switch (err.type) {
    case "TOKEN_INVALID":
      return "authentication_error";
    case "conflict_error":
    case "precondition_failed_error":
    case "idempotency_error":
      return "invalid_request_error";
    case "api_error":
      return err.status === 503 ? "overloaded_error" : "api_error";
    default:
      return err.type;
  }
}

export function anthropicEnvelope(err: ApiError, id: string): AnthropicErrorEnvelope {
  // The envelope has no `param`: the message names the field when ours does not already.
  const message =
    err.param !== undefined && !err.message.includes(err.param) ? `${err.param}: ${err.message}` : err.message;
  const details = err.details !== undefined ? { details: err.details } : {};
  return { type: "error", error: { type: anthropicErrorType(err), message, ...details }, request_id: id };
}
