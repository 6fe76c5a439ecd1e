/**
 * The errors the request validator raises, shaped as express-openapi-validator's HttpError
 * (`status`, `message`, `path` and `errors`: what http/errorHandler.ts maps onto the envelope),
 * with the same statuses, messages and paths, so that every request is answered as before.
 */
export interface ValidationErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

export class RequestValidationError extends Error {
  readonly status: number;
  readonly path: string;
  readonly errors: ValidationErrorItem[];

  constructor(status: number, name: string, path: string, message: string, errors?: ValidationErrorItem[]) {
    super(message);
    this.name = name;
    this.status = status;
    this.path = path;
    this.errors = errors ?? [{ path, message }];
  }
}

export const badRequest = (path: string, message: string, errors?: ValidationErrorItem[]) =>
  new RequestValidationError(400, "Bad Request", path, message, errors);

export const notFound = (path: string) => new RequestValidationError(404, "Not Found", path, "not found");

export const methodNotAllowed = (path: string, method: string) =>
  new RequestValidationError(405, "Method Not Allowed", path, `${method} method not allowed`);

export const unsupportedMediaType = (path: string, message: string) =>
  new RequestValidationError(415, "Unsupported Media Type", path, message);

/** For a status the multipart parser's errors map to (express-openapi-validator's HttpError.create). */
export function httpError(status: number, path: string, message: string): RequestValidationError {
  const names: Record<number, string> = { 400: "Bad Request", 413: "Request Entity Too Large" };
  return new RequestValidationError(status, names[status] ?? "Internal Server Error", path, message);
}
