/**
 * Bad inputs at the HTTP layer, each answered in the error envelope with a Request-Id (never a
 * 500, never Node's bare answer): bodies that do not decompress as their Content-Encoding says,
 * requests Node's parser would answer itself (no Host, CONNECT, over-long request line), OPTIONS
 * with the methods the spec has for the path, an over-limit body answered 413 to a client still
 * sending it, a client that gives up mid-upload (logged as such, at info), and Retry-After on
 * every 429.
 */
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStream, type RefusedStream } from "../helpers/flows/sse.ts";
import { type RawResponse, rawRequest } from "../helpers/servers/rawHttp.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { BASE_PATH, specValidator } from "../helpers/spec/specValidator.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess({ env: { MAX_STREAMS_PER_ACCOUNT: "1", MAX_BODY_BYTES: String(64 * 1024) } });
});
afterAll(async () => {
  await server.stop();
});

function expectEnvelope(res: RawResponse, status: number, type: string): { message: string; param?: string } {
  expect(res.status, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const requestId = res.headers["request-id"];
  expect(requestId).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  const envelope = JSON.parse(res.body);
  expect(envelope).toMatchObject({
    type: "error",
    error: { type, message: expect.any(String) },
    request_id: requestId,
  });
  return envelope.error;
}

const DUMMY = "01JD3Q3ZC8N0T5F4V8Y9W2K6M1";
const concrete = (template: string) =>
  template.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === "version" ? "1700000000000000" : `${name.replace(/_id$/, "").slice(0, 6)}_${DUMMY}`,
  );

/** Bytes that are not what their Content-Encoding says. */
const NOT_COMPRESSED = Buffer.from('{"display_name":"this is not compressed"}');
const ENCODINGS = ["gzip", "deflate", "br"] as const;

function rawPost(method: string, path: string, headers: Record<string, string>, body: Buffer): Buffer {
  const head =
    `${method} ${BASE_PATH}${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("") +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), body]);
}

describe("bodies that do not decompress", () => {
  it("are a 400 naming Content-Encoding on JSON operations, for gzip, deflate and br", async () => {
    for (const encoding of ENCODINGS) {
      for (const [method, path] of [
        ["POST", "/vaults"],
        ["POST", `/agents/agent_${DUMMY}`],
        ["PUT", `/webhook_endpoints/endpoi_${DUMMY}`],
      ] as const) {
        const res = await rawRequest(
          server.url,
          rawPost(method, path, { "Content-Type": "application/json", "Content-Encoding": encoding }, NOT_COMPRESSED),
        );
        const error = expectEnvelope(res, 400, "invalid_request_error");
        expect(error.message, `${encoding} ${method} ${path}`).toContain(encoding);
        expect(error.param).toBe("Content-Encoding");
      }
    }
  });

  it("are a 400 on a truncated gzip body too", async () => {
    const truncated = gzipSync(Buffer.from(JSON.stringify({ display_name: "truncated" }))).subarray(0, 15);
    const res = await rawRequest(
      server.url,
      rawPost("POST", "/vaults", { "Content-Type": "application/json", "Content-Encoding": "gzip" }, truncated),
    );
    expectEnvelope(res, 400, "invalid_request_error");
  });

  it("are a 400 on the multipart operations (skill uploads)", async () => {
    const boundary = "----x";
    for (const encoding of ENCODINGS) {
      for (const path of ["/skills", `/skills/skill_${DUMMY}/versions`]) {
        const res = await rawRequest(
          server.url,
          rawPost(
            "POST",
            path,
            { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Encoding": encoding },
            NOT_COMPRESSED,
          ),
        );
        expectEnvelope(res, 400, "invalid_request_error");
      }
    }
  });

  it("are never a 500 on any operation of the spec", async () => {
    const operations = specValidator().listOperations();
    expect(operations.length).toBeGreaterThan(50);
    let i = 0;
    for (const { method, template: path } of operations) {
      const encoding = ENCODINGS[i++ % ENCODINGS.length] as string;
      const res = await rawRequest(
        server.url,
        rawPost(
          method.toUpperCase(),
          concrete(path),
          { "Content-Type": "application/json", "Content-Encoding": encoding },
          NOT_COMPRESSED,
        ),
      );
      expect(res.status, `${method} ${path} ${encoding}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${encoding}: ${res.body}`).toBeLessThan(500);
      expect(res.headers["request-id"]).toMatch(/^req_/);
    }
    expect(server.logs.filter((l) => l.msg === "unhandled error")).toEqual([]);
  });
});

describe("requests Node's HTTP parser would answer by itself", () => {
  it("an HTTP/1.1 request without Host: 400 in the envelope", async () => {
    const res = await rawRequest(server.url, "GET /api/v1/cloud/vaults HTTP/1.1\r\n\r\n");
    expect(expectEnvelope(res, 400, "invalid_request_error").message).toContain("Host");
    expect(res.closed).toBe(true);
  });

  it("CONNECT: 405 in the envelope instead of a dropped connection", async () => {
    const res = await rawRequest(server.url, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    expect(expectEnvelope(res, 405, "invalid_request_error").message).toContain("CONNECT");
    expect(res.closed).toBe(true);
  });

  it("an over-long request line: 431 in the envelope", async () => {
    const res = await rawRequest(
      server.url,
      `GET /api/v1/cloud/vaults?x=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectEnvelope(res, 431, "request_too_large");
  });

  it("over-long headers in many lines: 431 in the envelope", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `X-H${i}: ${"b".repeat(60)}\r\n`).join("");
    const res = await rawRequest(server.url, `GET /api/v1/cloud/vaults HTTP/1.1\r\nHost: x\r\n${lines}\r\n`);
    expectEnvelope(res, 431, "request_too_large");
  });
});

describe("OPTIONS", () => {
  it("answers 204 with the methods the spec has for the path in Allow, and no body", async () => {
    for (const [path, allow] of [
      ["/vaults", "GET, POST, OPTIONS"],
      [`/vaults/vault_${DUMMY}`, "GET, POST, DELETE, OPTIONS"],
      [`/webhook_endpoints/endpoi_${DUMMY}`, "GET, PUT, DELETE, OPTIONS"],
      ["/webhook_event_types", "GET, OPTIONS"],
    ] as const) {
      const res = await fetch(`${server.url}${BASE_PATH}${path}`, { method: "OPTIONS" });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("allow"), path).toBe(allow);
      expect(res.headers.get("request-id")).toMatch(/^req_/);
      expect(await res.text()).toBe("");
    }
  });

  it("on a path the spec does not have: 404 in the envelope", async () => {
    const res = await fetch(`${server.url}${BASE_PATH}/nope`, { method: "OPTIONS" });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { type: string }; request_id: string };
    expect(body.error.type).toBe("not_found_error");
    expect(body.request_id).toBe(res.headers.get("request-id"));
  });

  it("a method the path does not have: 405 with the Allow header", async () => {
    const res = await fetch(`${server.url}${BASE_PATH}/vaults`, {
      method: "PUT",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, OPTIONS");
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });
});

/**
 * Sends a request head and then `send` bytes of body. With `readAfterSending` the client reads
 * nothing until it has sent them all and half-closed (as clients that write the whole body before
 * looking at the answer do); otherwise it reads as it writes. Resolves with what arrived.
 */
function sendBody(
  head: string,
  send: number,
  readAfterSending: boolean,
): Promise<{ response: string; reset: boolean; sent: number }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    // Half-open: the client keeps sending after the server's FIN, as a client intent on its upload does.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let response = "";
    let sent = 0;
    let reset = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (sent < send && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
      // All sent: the client is done (and, reading only now, starts reading).
      if (!socket.destroyed) socket.end(() => socket.resume());
    };
    if (readAfterSending) socket.pause();
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
    socket.on("data", (d: Buffer) => {
      response += d.toString("latin1");
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ECONNRESET" || err.code === "EPIPE") reset = true;
    });
    socket.on("close", () => resolve({ response, reset, sent }));
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}

describe("an over-limit body", () => {
  it("is answered 413 in the envelope, and the client still sending it receives the answer", async () => {
    // More than the kernel's socket buffers hold (a few MiB), less than the server drains.
    const declared = 8 * 1024 * 1024;
    const head =
      `POST ${BASE_PATH}/vaults HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`;
    for (const readAfterSending of [true, false]) {
      const got = await sendBody(head, declared, readAfterSending);
      const round = readAfterSending ? "reading after sending" : "reading while sending";
      expect(got.response, `round ${round}: reset=${got.reset}`).toMatch(/^HTTP\/1\.1 413 /);
      const [headers = "", body = ""] = got.response.split("\r\n\r\n");
      expect(headers).toMatch(/\r\nConnection: close\r\n/i);
      expect(headers).toMatch(/\r\nRequest-Id: req_/i);
      expect(JSON.parse(body).error.type).toBe("request_too_large");
    }
  });

  it("is drained only up to a bound: a client that keeps sending is cut off", async () => {
    const head =
      `POST ${BASE_PATH}/vaults HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${1024 * 1024 * 1024}\r\n\r\n`;
    const got = await sendBody(head, 512 * 1024 * 1024, false);
    expect(got.response).toMatch(/^HTTP\/1\.1 413 /);
    // Closed by the server after it read its bound (16 MiB), long before the client sent all it meant to.
    expect(got.sent).toBeGreaterThan(16 * 1024 * 1024);
    expect(got.sent).toBeLessThan(128 * 1024 * 1024);
  });
});

describe("a client that aborts its upload", () => {
  it("is logged as such at info, not as an unhandled error", async () => {
    const before = server.logs.length;
    for (const [path, type] of [
      ["/vaults", "application/json"],
      ["/skills", "multipart/form-data; boundary=----x"],
    ] as const) {
      const { hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      await new Promise<void>((r) => socket.once("connect", () => r()));
      socket.write(
        `POST ${BASE_PATH}${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\n` +
          `Content-Type: ${type}\r\nContent-Length: 10000\r\n\r\n` +
          (type === "application/json"
            ? '{"display_name":"'
            : '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello'),
      );
      socket.destroy();
      await waitFor(
        () =>
          server.logs
            .slice(before)
            .find((l) => l.msg === "client aborted the request" && l.path === `${BASE_PATH}${path}`),
        { what: `the abort of ${path} logged` },
      );
    }
    const records = server.logs.slice(before);
    const aborted = records.filter((l) => l.msg === "client aborted the request");
    expect(aborted.every((l) => l.level === "info")).toBe(true);
    expect(records.filter((l) => l.msg === "unhandled error")).toEqual([]);
    expect(records.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("429", () => {
  it("one stream too many carries Retry-After", async () => {
    const first = await openStream(server.url, "/events/stream", { token: server.token });
    expect(first.status).toBe(200);
    try {
      const refused = (await openStream(server.url, "/events/stream", { token: server.token })) as RefusedStream;
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^[1-9][0-9]*$/);
    } finally {
      if ("close" in first) (first as { close(): void }).close();
    }
  });
});
