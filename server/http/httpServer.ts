/**
 * The node:http server under the Express app, with bounded timeouts and the error envelope on
 * the rejections Node's HTTP layer makes itself (before any middleware runs): headers or a
 * request line over the size limit (431), a malformed request such as a NUL in a header (400), a
 * request not received in time (408), an HTTP/1.1 request without `Host` (400; Node's own check
 * answers a bare 400, so it is turned off and made here), and `CONNECT` (405; Node would drop the
 * connection). Each answer carries a `Request-Id` header and the same id in the envelope, and
 * closes the connection.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from "node:http";
import type { Duplex } from "node:stream";
import type { HttpConfig } from "../config/sections.ts";
import { ApiError, errorEnvelope } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Logger } from "../logger.ts";

/** Node's default (and ours): request headers may total 16 KiB. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The answer to a request Node's parser refused, by its error code. */
export function clientErrorFor(err: NodeJS.ErrnoException & { reason?: string }, config: HttpConfig): ApiError {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(
        "request_too_large",
        `The request headers exceed the limit of ${MAX_HEADER_BYTES} bytes.`,
        undefined,
        431,
      );
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new ApiError("request_too_large", "The chunk extensions of the request body are too large.");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(
        "invalid_request_error",
        `The request was not received in time: headers within ${config.headersTimeoutMs} ms, the whole request within ${config.requestTimeoutMs} ms.`,
        undefined,
        408,
      );
    default: {
      const why = err.reason ?? err.message ?? "parse error";
      return new ApiError("invalid_request_error", `Malformed HTTP request: ${why.slice(0, 200)}.`);
    }
  }
}

/** A complete HTTP/1.1 response carrying the error envelope, closing the connection. */
export function rawErrorResponse(error: ApiError, requestId: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify(errorEnvelope(error, requestId));
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `Request-Id: ${requestId}\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    "Connection: close\r\n\r\n" +
    body
  );
}

/** The methods the API has on some path (a CONNECT is refused with these in `Allow`). */
const SERVER_METHODS = "GET, POST, PUT, DELETE, OPTIONS";

/** An HTTP/1.1 request must name its host (RFC 9112 §3.2); HTTP/1.0 need not. */
function missingHost(req: IncomingMessage): boolean {
  return req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined;
}

/** Answers a request before the app sees it: the envelope, a Request-Id, and the connection closed. */
function refuse(res: ServerResponse, error: ApiError, requestId: string): void {
  const body = JSON.stringify(errorEnvelope(error, requestId));
  res.writeHead(error.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Request-Id": requestId,
    Connection: "close",
  });
  res.end(body);
}

export function createHttpServer(app: RequestListener, config: HttpConfig, logger: Logger): Server {
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // How often expired requests are looked for (Node's default is 30 s, which would let a
      // silent client hold its socket up to 30 s past the timeout).
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      // Node's check answers a bare 400 (no envelope, no Request-Id): made below instead.
      requireHostHeader: false,
    },
    (req, res) => {
      if (!missingHost(req)) return app(req, res);
      const requestId = newId("req");
      logger.debug("request refused: no Host header", { request_id: requestId, method: req.method });
      refuse(
        res,
        new ApiError("invalid_request_error", "An HTTP/1.1 request must have a Host header.", "Host"),
        requestId,
      );
    },
  );
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.on("clientError", (err: NodeJS.ErrnoException & { reason?: string }, socket: Duplex) => {
    // A reset connection (or one already answered) cannot take a response.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (err.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const requestId = newId("req");
    const error = clientErrorFor(err, config);
    logger.debug("request refused by the HTTP parser", {
      request_id: requestId,
      status: error.status,
      code: err.code,
    });
    socket.end(rawErrorResponse(error, requestId));
    // Do not wait on a peer that never reads: the socket goes away shortly either way.
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  // This is not a proxy: without a listener Node would drop the connection without a word.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const requestId = newId("req");
    logger.debug("request refused: CONNECT", { request_id: requestId, target: req.url?.slice(0, 200) });
    const error = new ApiError(
      "invalid_request_error",
      "CONNECT is not supported: this server is not a proxy.",
      undefined,
      405,
    );
    socket.end(rawErrorResponse(error, requestId, { Allow: SERVER_METHODS }));
    setTimeout(() => socket.destroy(), 1000).unref();
  });
  return server;
}
