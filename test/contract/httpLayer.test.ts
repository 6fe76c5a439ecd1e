/**
 * Requests that Node's HTTP layer refuses before any middleware runs (oversized or malformed
 * headers, requests that never finish arriving) still get the error envelope with a Request-Id,
 * and a silent client cannot hold a socket past the configured timeouts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawResponse, rawRequest } from "../helpers/servers/rawHttp.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess({ env: { HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "1500" } });
});
afterAll(async () => {
  await server.stop();
});

function expectEnvelope(res: RawResponse, status: number, type: string): { message: string } {
  expect(res.status, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const requestId = res.headers["request-id"];
  expect(requestId).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  const envelope = JSON.parse(res.body);
  expect(envelope).toEqual({ type: "error", error: { type, message: expect.any(String) }, request_id: requestId });
  return envelope.error;
}

describe("rejections made by the HTTP layer", () => {
  it("answers 431 in the envelope when the headers exceed 16 KiB, and closes the connection", async () => {
    const res = await rawRequest(
      server.url,
      `GET /api/v1/cloud/vaults HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(expectEnvelope(res, 431, "request_too_large").message).toContain("16384");
    expect(res.closed).toBe(true);
  });

  it("answers 400 in the envelope to a NUL byte in a header", async () => {
    const res = await rawRequest(server.url, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n");
    expect(expectEnvelope(res, 400, "invalid_request_error").message).toMatch(/^Malformed HTTP request/);
    expect(res.closed).toBe(true);
  });

  it("answers 400 in the envelope to a request line that is not HTTP", async () => {
    const res = await rawRequest(server.url, "HELLO THERE\r\n\r\n");
    expectEnvelope(res, 400, "invalid_request_error");
  });

  it("answers 408 in the envelope when the headers do not arrive within HTTP_HEADERS_TIMEOUT_MS", async () => {
    const res = await rawRequest(server.url, "GET /healthz HTTP/1.1\r\nHost: x\r\n", { timeoutMs: 5000 });
    expect(expectEnvelope(res, 408, "invalid_request_error").message).toContain("500 ms");
    expect(res.closed).toBe(true);
  });

  it("answers 408 when a declared body never arrives, even one within the upload limit (no socket held for minutes)", async () => {
    // 10 MiB is what the skill routes accept (8 MiB of files plus the multipart framing): the
    // request is taken, and then the body never comes.
    const res = await rawRequest(
      server.url,
      "POST /api/v1/cloud/skills HTTP/1.1\r\nHost: x\r\n" +
        `Authorization: Bearer ${server.token}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        "Content-Length: 10485760\r\n\r\n",
      { timeoutMs: 5000 },
    );
    expectEnvelope(res, 408, "invalid_request_error");
    expect(res.closed).toBe(true);
  });

  it("answers 413 at once to an upload declaring more than the skill routes accept, without reading it", async () => {
    const res = await rawRequest(
      server.url,
      "POST /api/v1/cloud/skills HTTP/1.1\r\nHost: x\r\n" +
        `Authorization: Bearer ${server.token}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        "Content-Length: 10485761\r\n\r\n",
      // Well under the request timeout: the answer does not wait for the body.
      { timeoutMs: 1000 },
    );
    expect(expectEnvelope(res, 413, "request_too_large").message).toContain("10485760");
    expect(res.closed).toBe(true);
  });

  it("stays healthy afterwards", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
