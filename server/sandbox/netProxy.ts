/**
 * The network of one sandboxed command: an HTTP proxy (CONNECT tunnels and plain-HTTP requests)
 * listening on a Unix socket that only that command's sandbox sees; the sandbox runtime's
 * bridge (socat inside the command's own network namespace) is its only way out. Every target
 * is checked against the session's host policy and, at connection time, against the SSRF guard
 * (server/outbound/addressPolicy.ts) on the address actually connected to. A refused target gets a 403
 * naming the reason; anything that is not HTTP (the SOCKS port of the bridge) is closed.
 *
 * With an egress plan (port.ts `EgressPlan`, docs/egress.md) the proxy terminates the TLS of a
 * CONNECT to a host a credential or a repository names, showing a certificate of the server's
 * CA, verifies the real upstream normally (Node's CAs and the operator's extra ones) and puts the
 * secrets in (egress/rewrite.ts); plain-HTTP requests to those hosts get the same. Every other
 * CONNECT is a blind tunnel.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { request as httpsRequest } from "node:https";
import { connect, type LookupFunction, type Socket } from "node:net";
import { rootCertificates, TLSSocket } from "node:tls";
import { BlockedTargetError, blockedAddressReason, createGuardedLookup, ipLiteral } from "../outbound/addressPolicy.ts";
import {
  downstreamHeaders,
  MAX_SUBSTITUTED_BODY_BYTES,
  ReplaceStream,
  type RequestTarget,
  rewriteFor,
  substitutedBody,
  terminatesTls,
  upstreamHeaders,
} from "./egress/rewrite.ts";
import { hostRefusal } from "./hostPolicy.ts";
import type { EgressPlan, NetworkPolicy } from "./port.ts";

export interface ProxyOptions {
  policy: NetworkPolicy;
  /** Secrets put in at egress; absent: every CONNECT is a tunnel, every request passes as it is. */
  egress?: EgressPlan;
  /** Loopback and private targets allowed (the operator's switch). */
  allowPrivate: boolean;
}

/** Why a target is refused before connecting, or null. */
function refusal(options: ProxyOptions, host: string): string | null {
  const byPolicy = hostRefusal(options.policy, host);
  if (byPolicy) return byPolicy;
  if (options.allowPrivate) return null;
  const literal = ipLiteral(host);
  const reason = literal ? blockedAddressReason(literal) : null;
  if (reason) return `${literal} is ${reason}`;
  const h = host.toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return `${host} is a loopback host name`;
  return null;
}

/** Splits `host:port` (with `[v6]:port`). */
function splitHostPort(target: string, fallbackPort: number): { host: string; port: number } | null {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(target) ?? /^([^:]+)(?::(\d+))?$/.exec(target);
  if (!m?.[1]) return null;
  const port = m[2] ? Number(m[2]) : fallbackPort;
  return port > 0 && port < 65536 ? { host: m[1], port } : null;
}

export class NetProxy {
  private readonly server: Server;
  /** Serves the requests of the CONNECT tunnels whose TLS the proxy terminates. */
  private readonly inner: Server;
  /** The CONNECT target of each terminated TLS socket. */
  private readonly targets = new WeakMap<Socket, { host: string; port: number }>();
  private readonly sockets = new Set<Socket>();
  private readonly lookup: LookupFunction | undefined;
  /** Connections the proxy refused (tests and logs). */
  refused = 0;

  private constructor(private readonly options: ProxyOptions) {
    this.lookup = options.allowPrivate ? undefined : (createGuardedLookup() as unknown as LookupFunction);
    this.server = createServer((req, res) => this.forward(req, res));
    this.server.on("connect", (req: IncomingMessage, socket: Socket, head: Buffer) => this.tunnel(req, socket, head));
    this.server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    this.server.on("clientError", (_err, socket) => socket.destroy());
    this.inner = createServer((req, res) => this.terminated(req, res));
    this.inner.on("clientError", (_err, socket) => socket.destroy());
  }

  static async listen(path: string, options: ProxyOptions): Promise<NetProxy> {
    const proxy = new NetProxy(options);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once("error", reject);
      proxy.server.listen(path, () => resolve());
    });
    return proxy;
  }

  private deny(reason: string): string {
    this.refused++;
    return `The sandbox refused the connection: ${reason}.`;
  }

  private tunnel(req: IncomingMessage, client: Socket, head: Buffer): void {
    const target = splitHostPort(req.url ?? "", 443);
    const why = target ? refusal(this.options, target.host) : "the CONNECT target is not host:port";
    if (!target || why) {
      const body = this.deny(why ?? "bad target");
      client.end(
        `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    if (terminatesTls(this.options.egress, target.host, target.port)) {
      this.terminate(client, head, target);
      return;
    }
    const upstream = connect({ host: target.host, port: target.port, ...(this.lookup ? { lookup: this.lookup } : {}) });
    this.sockets.add(upstream);
    upstream.on("close", () => this.sockets.delete(upstream));
    upstream.once("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (err) => {
      const body = err instanceof BlockedTargetError ? this.deny(err.message) : `Could not connect: ${err.message}`;
      if (client.writable)
        client.end(`HTTP/1.1 502 Bad Gateway\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    client.on("error", () => upstream.destroy());
  }

  /** Answers the CONNECT, then speaks TLS to the command with a certificate for the host. */
  private terminate(client: Socket, head: Buffer, target: { host: string; port: number }): void {
    const egress = this.options.egress as EgressPlan;
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) client.unshift(head);
    let context: ReturnType<EgressPlan["contextFor"]>;
    try {
      context = egress.contextFor(target.host);
    } catch {
      client.destroy();
      return;
    }
    const tls = new TLSSocket(client, { isServer: true, secureContext: context, ALPNProtocols: ["http/1.1"] });
    this.sockets.add(tls);
    tls.on("close", () => this.sockets.delete(tls));
    tls.on("error", () => tls.destroy());
    this.targets.set(tls, target);
    this.inner.emit("connection", tls);
  }

  /** A request inside a terminated tunnel: to its CONNECT target over TLS, verified. */
  private terminated(req: IncomingMessage, res: ServerResponse): void {
    const target = this.targets.get(req.socket);
    if (!target) {
      res.writeHead(502, { "content-type": "text/plain" }).end("no target");
      return;
    }
    this.send(req, res, { protocol: "https:", host: target.host, port: target.port, path: req.url ?? "/" });
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    let url: URL | null = null;
    try {
      url = new URL(req.url ?? "");
    } catch {
      url = null;
    }
    const why =
      url?.protocol !== "http:"
        ? "only absolute http:// URLs are proxied (https goes through CONNECT)"
        : refusal(this.options, url.hostname);
    if (!url || why) {
      res.writeHead(403, { "content-type": "text/plain" }).end(this.deny(why ?? "bad URL"));
      return;
    }
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    this.send(req, res, {
      protocol: "http:",
      host,
      port: Number(url.port || 80),
      path: `${url.pathname}${url.search}`,
    });
  }

  /**
   * Sends a request upstream with the egress plan's changes: placeholders in headers (and, held
   * up to MAX_SUBSTITUTED_BODY_BYTES, in the body) replaced, the repository's header set; the
   * answer comes back with any of those secrets shown as their placeholders.
   */
  private send(req: IncomingMessage, res: ServerResponse, target: RequestTarget): void {
    const rewrite = rewriteFor(this.options.egress, target);
    const headers = upstreamHeaders(req.headers, rewrite);
    const fail = (err: Error) => {
      const body = err instanceof BlockedTargetError ? this.deny(err.message) : `Could not connect: ${err.message}`;
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(body);
    };
    const options = {
      host: ipLiteral(target.host) ?? target.host,
      port: target.port,
      path: target.path,
      method: req.method,
      headers,
      ...(this.lookup ? { lookup: this.lookup } : {}),
    };
    const answer = (upstreamRes: IncomingMessage) => {
      res.writeHead(upstreamRes.statusCode ?? 502, downstreamHeaders(upstreamRes.headers, rewrite));
      if (rewrite) upstreamRes.pipe(new ReplaceStream(rewrite.redactions)).pipe(res);
      else upstreamRes.pipe(res);
    };
    const open = () =>
      target.protocol === "https:"
        ? httpsRequest(
            {
              ...options,
              servername: ipLiteral(target.host) ? undefined : target.host,
              ca: [...rootCertificates, ...(this.options.egress?.upstreamCa ?? [])],
              agent: false,
            },
            answer,
          )
        : httpRequest(options, answer);
    // A header value a secret made invalid (a control character) is refused here, not thrown.
    const start = (): ReturnType<typeof open> | null => {
      try {
        return open();
      } catch (err) {
        req.resume();
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end(
          `The sandbox's proxy could not send the request: ${(err as NodeJS.ErrnoException).code ?? "invalid request"}.`,
        );
        return null;
      }
    };
    const bodySubs = rewrite?.bodySubstitutions ?? [];
    if (bodySubs.length === 0) {
      const upstream = start();
      if (!upstream) return;
      upstream.on("error", fail);
      req.pipe(upstream);
      return;
    }
    // The body is held to replace its placeholders (its length may change).
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SUBSTITUTED_BODY_BYTES) {
        if (!res.headersSent)
          res
            .writeHead(413, { "content-type": "text/plain" })
            .end(
              `The sandbox's proxy holds at most ${MAX_SUBSTITUTED_BODY_BYTES} bytes of a body it puts a secret in.`,
            );
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_SUBSTITUTED_BODY_BYTES) return;
      const body = substitutedBody(Buffer.concat(chunks), bodySubs);
      delete headers["transfer-encoding"];
      // The whole body goes at once: nothing waits for a 100 Continue.
      delete headers.expect;
      if (body.length > 0 || req.headers["content-length"] !== undefined)
        headers["content-length"] = String(body.length);
      const upstream = start();
      if (!upstream) return;
      upstream.on("error", fail);
      upstream.end(body);
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.inner.close();
  }
}
