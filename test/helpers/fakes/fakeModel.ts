/**
 * A scripted OpenAI-compatible model server on loopback, for servers that run as their own
 * process (msw only reaches the test's process): `POST /v1/chat/completions` answers the next
 * scripted step as a stream, as test/helpers/fakes/providers.ts does in process. Each request body is kept.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openaiStream, type Step } from "./providers.ts";

export interface FakeModel {
  /** The base URL to give the server as OPENAI_BASE_URL. */
  url: string;
  /** The request bodies received, in order. */
  requests: any[];
  /** The next answers, in order (a missing step answers 500). */
  script(steps: Step[]): void;
  /**
   * Answers every request from its body instead of a script: for servers that share one model and
   * whose turns may run on any of them (replicas claim each other's runs), so no order is known.
   */
  respond(answer: ((body: any) => Step) | null): void;
  close(): Promise<void>;
}

export async function startFakeModel(): Promise<FakeModel> {
  let steps: Step[] = [];
  let answer: ((body: any) => Step) | null = null;
  const requests: any[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      requests.push(body);
      const step = answer?.(body) ??
        steps.shift() ?? { status: 500, body: { error: { message: "no scripted answer left" } } };
      if ("status" in step) {
        res
          .writeHead(step.status, { "content-type": "application/json", ...step.headers })
          .end(JSON.stringify(step.body));
        return;
      }
      if ("streamError" in step) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(`data: ${JSON.stringify({ error: step.streamError })}\n\n`);
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(openaiStream(step).join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    script(next) {
      steps = [...next];
    },
    respond(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
