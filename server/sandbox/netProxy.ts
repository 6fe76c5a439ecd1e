/**
 * The network of one sandboxed command: an HTTP proxy (CONNECT tunnels and plain-HTTP requests)
 * listening on a Unix socket that only that command's sandbox sees; the sandbox runtime's
 * bridge (socat inside the command's own network namespace) is its only way out. Every target
 * is checked against the session's host policy and, at connection time, against the SSRF guard
 * (server/outbound/addressPolicy.ts) on the address actually connected to. A refused target gets a 403
 * naming the reason; anything that is not HTTP (the SOCKS port of the bridge) is closed.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { connect, type LookupFunction, type Socket } from "node:net";
import { BlockedTargetError, blockedAddressReason, createGuardedLookup, ipLiteral } from "../outbound/addressPolicy.ts";
import { hostRefusal } from "./hostPolicy.ts";
import type { NetworkPolicy } from "./port.ts";

export interface ProxyOptions {
  policy: NetworkPolicy;
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
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = httpRequest(
      {
        host: ipLiteral(url.hostname) ?? url.hostname,
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        ...(this.lookup ? { lookup: this.lookup } : {}),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (err) => {
      const body = err instanceof BlockedTargetError ? this.deny(err.message) : `Could not connect: ${err.message}`;
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(body);
    });
    req.pipe(upstream);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
