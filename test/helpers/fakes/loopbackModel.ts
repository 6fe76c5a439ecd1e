/**
 * A scripted fake of the providers' HTTP APIs on a real loopback port (OpenAI Chat Completions at
 * `/v1/chat/completions`, Anthropic Messages at `/v1/messages`), for what msw cannot show: a server
 * in another process (crash tests), and a request the service aborts (the socket closes). Replies
 * are the same streams as providers.ts. A `hang` step sends the stream's first bytes and then
 * nothing until the client goes away; when it does, the request is marked `aborted`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicStream, openaiStream, type Step } from "./providers.ts";

/**
 * A reply; `held`: sent only once `release()` is called (the request stays open until then);
 * `pauseAfter`: its first that many stream chunks are sent at once, the rest after `release()`
 * (with OpenAI's stream, 2 sends the first half of the text: live text a client can watch).
 */
export type LoopbackStep =
  | (Extract<Step, { text?: string }> & { held?: boolean; pauseAfter?: number })
  | { hang: true };

export interface LoopbackRequest {
  provider: "openai" | "anthropic";
  body: any;
  /** When the service closed the connection of a `hang` step (performance.now()), or null. */
  abortedAt: number | null;
}

export interface LoopbackModel {
  /** `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL` for the service. */
  env: { OPENAI_BASE_URL: string; OPENAI_API_KEY: string; ANTHROPIC_BASE_URL: string; ANTHROPIC_API_KEY: string };
  requests: LoopbackRequest[];
  /** The next answers (shared by both providers), in order; a missing one answers 500. */
  script(steps: LoopbackStep[]): void;
  /**
   * Answers each request from its body instead of the script (many sessions at once, each
   * answered by what its own conversation holds); null goes back to the script.
   */
  respond(answer: ((body: any) => LoopbackStep) | null): void;
  /** Sends the held replies waiting now. */
  release(): void;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<any> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
};

export async function loopbackModel(): Promise<LoopbackModel> {
  let steps: LoopbackStep[] = [];
  let releases: (() => void)[] = [];
  let answer: ((body: any) => LoopbackStep) | null = null;
  const requests: LoopbackRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const provider = req.url?.endsWith("/chat/completions") ? "openai" : "anthropic";
      const recorded: LoopbackRequest = { provider, body: await readBody(req), abortedAt: null };
      requests.push(recorded);
      const step = answer ? answer(recorded.body) : steps.shift();
      if (!step) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "no scripted answer left" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      if ("hang" in step) {
        const first = provider === "openai" ? openaiStream({ text: "" })[0] : anthropicStream({ text: "" })[0];
        res.write(first);
        res.on("close", () => {
          recorded.abortedAt = performance.now();
        });
        return;
      }
      if (step.held) await new Promise<void>((resolve) => releases.push(resolve));
      const chunks = provider === "openai" ? openaiStream(step) : anthropicStream(step);
      const first = step.pauseAfter ?? chunks.length;
      for (const chunk of chunks.slice(0, first)) res.write(chunk);
      if (first < chunks.length) await new Promise<void>((resolve) => releases.push(resolve));
      for (const chunk of chunks.slice(first)) res.write(chunk);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      OPENAI_BASE_URL: `${base}/v1`,
      OPENAI_API_KEY: "sk-loopback-openai-0123456789",
      ANTHROPIC_BASE_URL: base,
      ANTHROPIC_API_KEY: "sk-ant-loopback-0123456789",
    },
    requests,
    script(next) {
      steps = [...next];
    },
    respond(next) {
      answer = next;
    },
    release() {
      const waiting = releases;
      releases = [];
      for (const r of waiting) r();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
