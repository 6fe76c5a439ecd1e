import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "../servers/server.ts";

/** One request as the receiver saw it: the raw body bytes, untouched. */
export interface ReceivedRequest {
  /** 0-based, in arrival order over the whole receiver. */
  index: number;
  /** 0-based, in arrival order for this path. */
  pathIndex: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Date.now() when the body had fully arrived. */
  receivedAt: number;
}

/** How to answer a request. Everything optional: the default is 200 with an empty body, at once. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this many milliseconds. */
  delayMs?: number;
  /** Answer when this promise settles (holds the request open until the test releases it). */
  hold?: Promise<unknown>;
  /** Close the connection without answering. */
  destroy?: boolean;
  /** Send the status line, the headers and part of the body, then reset the connection. */
  resetMidResponse?: boolean;
  /** Shorthand for a 302 to this location. */
  redirectTo?: string;
  /** Shorthand for a Retry-After header (seconds). */
  retryAfter?: number;
}

export type Responder = (req: ReceivedRequest) => Reply | undefined;

/**
 * A real local HTTP receiver for webhook tests: it records every request (headers and raw body
 * bytes) and answers as programmed, per request.
 */
export interface Receiver {
  /** Base URL, e.g. http://127.0.0.1:41234 (append a path per endpoint). */
  url: string;
  requests: ReceivedRequest[];
  /** The requests that arrived on a path. */
  on(path: string): ReceivedRequest[];
  /** The most requests that were ever open (arrived, not yet answered) at once on a path. */
  maxOpen(path: string): number;
  /** The requests open now on a path: arrived, neither answered nor closed by the sender. */
  openOn(path: string): number;
  /** The most requests that were ever open (arrived, not yet answered) at once over the whole receiver. */
  maxOpenOverall(): number;
  /** Sets how requests are answered from now on. */
  respond(responder: Responder): void;
  /** Waits until `count` requests have arrived (on `path`, if given). */
  waitForRequests(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedRequest[]>;
  /** Stops the receiver, dropping open connections. */
  close(): Promise<void>;
}

export async function startReceiver(responder: Responder = () => undefined): Promise<Receiver> {
  let respond = responder;
  const requests: ReceivedRequest[] = [];
  const perPath = new Map<string, number>();
  const open = new Map<string, number>();
  const peak = new Map<string, number>();
  let openOverall = 0;
  let peakOverall = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const pathIndex = perPath.get(path) ?? 0;
      perPath.set(path, pathIndex + 1);
      const received: ReceivedRequest = {
        index: requests.length,
        pathIndex,
        method: req.method ?? "",
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      requests.push(received);
      const now = (open.get(path) ?? 0) + 1;
      open.set(path, now);
      peak.set(path, Math.max(peak.get(path) ?? 0, now));
      openOverall++;
      peakOverall = Math.max(peakOverall, openOverall);
      let closed = false;
      const done = () => {
        if (closed) return;
        closed = true;
        open.set(path, (open.get(path) ?? 1) - 1);
        openOverall--;
      };
      res.on("close", done);
      const reply = respond(received) ?? {};
      const answer = () => send(res, reply);
      if (reply.hold) reply.hold.then(answer, answer);
      else if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (path) => requests.filter((r) => r.path === path),
    maxOpen: (path) => peak.get(path) ?? 0,
    openOn: (path) => open.get(path) ?? 0,
    maxOpenOverall: () => peakOverall,
    respond(next) {
      respond = next;
    },
    waitForRequests(count, options = {}) {
      const pick = () => (options.path ? requests.filter((r) => r.path === options.path) : requests);
      return waitFor(() => (pick().length >= count ? pick() : null), {
        timeoutMs: options.timeoutMs ?? 10_000,
        what: `${count} request(s)${options.path ? ` on ${options.path}` : ""} (got ${pick().length})`,
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  if (reply.destroy) {
    res.socket?.destroy();
    return;
  }
  if (reply.resetMidResponse) {
    res.writeHead(reply.status ?? 200, { "content-length": "1000" });
    res.write("the first bytes of a body that never ends", () => res.socket?.resetAndDestroy());
    return;
  }
  const headers: Record<string, string> = { ...reply.headers };
  let status = reply.status ?? 200;
  if (reply.redirectTo) {
    status = reply.status ?? 302;
    headers.location = reply.redirectTo;
  }
  if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
  res.writeHead(status, headers);
  res.end(reply.body ?? "");
}
