import { connect } from "node:net";

export interface RawResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection after the response. */
  closed: boolean;
}

/**
 * Writes raw bytes to the server (anything a client could send, however malformed) and reads one
 * HTTP response. Resolves once the response's Content-Length has arrived, or the server closes
 * the connection; fails when nothing complete arrives within `timeoutMs`.
 */
export function rawRequest(
  baseUrl: string,
  data: string | Buffer,
  options: { timeoutMs?: number } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let buffer = Buffer.alloc(0);
    let done = false;
    const timer = setTimeout(() => {
      finish(new Error(`no complete response within ${options.timeoutMs ?? 10_000} ms: ${buffer.toString()}`));
    }, options.timeoutMs ?? 10_000);
    function parse(closed: boolean): RawResponse | null {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return null;
      const [statusLine = "", ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const body = buffer.subarray(end + 4);
      const length = headers["content-length"] === undefined ? null : Number(headers["content-length"]);
      if (length !== null && body.length < length) return null;
      if (length === null && !closed) return null;
      return {
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: body.subarray(0, length ?? body.length).toString("utf8"),
        closed,
      };
    }
    function finish(result: RawResponse | Error): void {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const response = parse(false);
      // Wait a moment for the close that `Connection: close` promises, so `closed` can be checked.
      if (response) socket.once("close", () => finish({ ...response, closed: true }));
      if (response && response.headers.connection !== "close") finish(response);
    });
    socket.on("close", () => {
      const response = parse(true);
      finish(response ?? new Error(`connection closed without a complete response: ${buffer.toString()}`));
    });
    socket.on("error", () => {
      // A reset after the response still counts as a response; the close handler decides.
    });
    socket.write(data);
  });
}
