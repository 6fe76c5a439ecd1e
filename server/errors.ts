/** The error types of the envelope, each with its HTTP status (API.md, Conventions). */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  TOKEN_INVALID: 401,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  precondition_failed_error: 412,
  request_too_large: 413,
  idempotency_error: 422,
  rate_limit_error: 429,
  api_error: 500,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

/**
 * An error meant for the client: a stable type, a readable message and, for validation
 * failures, the offending field in `param`. Anything that is not an ApiError is logged
 * and answered with an opaque `api_error`.
 */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly param: string | undefined;
  /** Machine-readable detail (`error_code` and what it concerns), shown as the envelope's `details`. */
  details: ErrorDetails | undefined;

  constructor(type: ErrorType, message: string, param?: string, status?: number) {
    super(message);
    this.name = "ApiError";
    this.type = type;
    this.status = status ?? ERROR_STATUS[type];
    this.param = param;
  }
}

export interface ErrorDetails {
  error_code: string;
  [key: string]: unknown;
}

/** A 412 with its details (a work item's lease that is not the caller's). */
export function preconditionFailed(message: string, details: ErrorDetails): ApiError {
  const err = new ApiError("precondition_failed_error", message);
  err.details = details;
  return err;
}

export const invalidRequest = (message: string, param?: string) =>
  new ApiError("invalid_request_error", message, param);
/** A 404; `param` names the body field when a referenced id (not the path) is unknown. */
export const notFound = (message: string, param?: string) => new ApiError("not_found_error", message, param);
export const conflict = (message: string, param?: string) => new ApiError("conflict_error", message, param);
export const forbidden = (message: string) => new ApiError("permission_error", message);
export const tokenInvalid = (message: string) => new ApiError("TOKEN_INVALID", message);

/** The JSON body of an error response. */
export interface ErrorEnvelope {
  type: "error";
  error: { type: ErrorType; message: string; param?: string; details?: ErrorDetails };
  request_id: string;
}

export function errorEnvelope(err: ApiError, requestId: string): ErrorEnvelope {
  return {
    type: "error",
    error: {
      type: err.type,
      message: err.message,
      ...(err.param !== undefined ? { param: err.param } : {}),
      ...(err.details !== undefined ? { details: err.details } : {}),
    },
    request_id: requestId,
  };
}
