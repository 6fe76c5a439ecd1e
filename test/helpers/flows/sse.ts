import { type IncomingHttpHeaders, request } from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { waitFor } from "../servers/server.ts";
import { BASE_PATH } from "../spec/specValidator.ts";

/** A parsed stream message with its data parsed as JSON. */
export interface StreamMessage {
  id: string;
  event: string;
  data: any;
  /** The data line as received. */
  raw: string;
}

/** An open stream, read by a real HTTP client and parsed with eventsource-parser. */
export interface SseConnection {
  status: 200;
  headers: IncomingHttpHeaders;
  messages: StreamMessage[];
  /** Comment lines (`ping`). */
  comments: string[];
  /** Resolves when the server ends the response (or the connection goes away). */
  closed: Promise<void>;
  isClosed(): boolean;
  waitForMessages(count: number, timeoutMs?: number): Promise<StreamMessage[]>;
  waitForComments(count: number, timeoutMs?: number): Promise<string[]>;
  /** The client goes away. */
  close(): void;
}

/** A refused stream: the status and the error envelope. */
export interface RefusedStream {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface OpenStreamOptions {
  token: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Opens `GET <base>/api/v1/cloud<path>` and resolves once the response headers arrived: with
 * the live connection on 200, else with the error body.
 */
export function openStream(
  baseUrl: string,
  path: string,
  options: OpenStreamOptions,
): Promise<SseConnection | RefusedStream> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: `${BASE_PATH}${path}`,
        method: "GET",
        agent: false,
        headers: { authorization: `Bearer ${options.token}`, accept: "text/event-stream", ...options.headers },
      },
      (res) => {
        if (res.statusCode !== 200) {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null });
          });
          return;
        }
        const messages: StreamMessage[] = [];
        const comments: string[] = [];
        const parser = createParser({
          onEvent: (m: EventSourceMessage) =>
            messages.push({ id: m.id ?? "", event: m.event ?? "", data: JSON.parse(m.data), raw: m.data }),
          onComment: (c) => comments.push(c.trim()),
        });
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => parser.feed(chunk));
        let closed = false;
        const ended = new Promise<void>((done) => {
          res.on("close", () => {
            closed = true;
            done();
          });
        });
        res.on("error", () => {});
        resolve({
          status: 200,
          headers: res.headers,
          messages,
          comments,
          closed: ended,
          isClosed: () => closed,
          waitForMessages: (count, timeoutMs = 10_000) =>
            waitFor(() => (messages.length >= count ? messages : null), {
              timeoutMs,
              what: `${count} stream messages (got ${messages.length})`,
            }),
          waitForComments: (count, timeoutMs = 10_000) =>
            waitFor(() => (comments.length >= count ? comments : null), {
              timeoutMs,
              what: `${count} stream comments (got ${comments.length})`,
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Opens a stream that must be accepted. */
export async function mustOpen(baseUrl: string, path: string, options: OpenStreamOptions): Promise<SseConnection> {
  const opened = await openStream(baseUrl, path, options);
  if (opened.status !== 200) {
    throw new Error(`stream ${path} refused: ${opened.status} ${JSON.stringify((opened as RefusedStream).body)}`);
  }
  return opened as SseConnection;
}

/**
 * Streams a test opens on its server (with the server's token unless given), kept so that they are
 * all closed at the end.
 */
export function streamsOf(server: { url: string; token: string }) {
  const opened: SseConnection[] = [];
  return {
    opened,
    async open(path: string, headers: Record<string, string> = {}, token = server.token): Promise<SseConnection> {
      const connection = await mustOpen(server.url, path, { token, headers });
      opened.push(connection);
      return connection;
    },
    closeAll(): void {
      for (const c of opened) c.close();
    },
  };
}
