/**
 * A local OAuth 2.0 token endpoint on loopback for the refresh tests: it records each request
 * (form fields and the client authentication used) and answers with new tokens, or with an
 * OAuth error when told to fail.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface TokenRequest {
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface TestTokenEndpoint {
  url: string;
  requests: TokenRequest[];
  /** The next answers: a token grant, or an OAuth error. */
  grant(tokens: { access_token: string; refresh_token?: string; expires_in?: number }): void;
  fail(error: string, status?: number): void;
  close(): Promise<void>;
}

export async function startTokenEndpoint(): Promise<TestTokenEndpoint> {
  const requests: TokenRequest[] = [];
  let answer: { status: number; body: unknown } = { status: 400, body: { error: "invalid_grant" } };
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      requests.push({ form, authorization: req.headers.authorization });
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth/token`,
    requests,
    grant(tokens) {
      answer = { status: 200, body: { token_type: "Bearer", ...tokens } };
    },
    fail(error, status = 400) {
      answer = { status, body: { error, error_description: "The refresh token is no longer valid." } };
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
