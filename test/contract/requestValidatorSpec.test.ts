/**
 * In production the request validator is given the spec without its responses
 * (specForRequestValidation: they are most of what it compiles at start-up), while the in-process
 * tests run it on the whole document (they validate responses too). This proves the two answer
 * requests alike: the fuzzer's requests for every operation go through a proxy that hands each
 * one to both validators (real express-openapi-validator stacks with the server's error
 * handler) and compares the answers, status and envelope, byte for byte but for the request id.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Request, type Response } from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_BASE } from "../../server/app.ts";
import { errorHandler } from "../../server/http/errorHandler.ts";
import { assignRequestId } from "../../server/http/requestId.ts";
import { requestValidator } from "../../server/http/requestValidator.ts";
import { createLogger } from "../../server/logger.ts";
import { loadSpec } from "../../server/spec.ts";
import { fuzz } from "../helpers/fuzzer.ts";
import { specValidator } from "../helpers/specValidator.ts";

const MAX_BODY = 1024 * 1024;
const servers: Server[] = [];

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** The validator alone: a request it lets through is answered 200 `{"validated":true}`. */
function validatorApp(validateResponses: boolean): Server {
  const app = express();
  app.set("query parser", "extended");
  app.use(assignRequestId);
  app.use(
    API_BASE,
    express.json({ limit: MAX_BODY, type: "application/json", strict: true }),
    requestValidator(loadSpec().json, { validateResponses, maxUploadBytes: 8 * 1024 * 1024 }),
    (_req: Request, res: Response) => {
      // res.end, not res.json: the response validator checks what res.json sends.
      res.status(200).type("application/json").end('{"validated":true}');
    },
  );
  app.use(errorHandler(createLogger("silent")));
  return createServer(app);
}

interface Answer {
  status: number;
  body: string;
}

function forward(host: string, method: string, path: string, headers: Record<string, string>, body: Buffer) {
  const [hostname, port] = host.split(":");
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const withoutRequestId = (text: string) => text.replace(/req_[0-9A-HJKMNP-TV-Z]{26}/g, "req_…");

let whole = "";
let production = "";
const compared: { request: string; whole: Answer; production: Answer }[] = [];

beforeAll(async () => {
  whole = await listen(validatorApp(true));
  production = await listen(validatorApp(false));
});

afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

it("answers every fuzzed request alike with the production spec and with the whole document", async () => {
  const proxy = createServer((req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > MAX_BODY + 4 * 1024 * 1024) {
      // The server refuses these before reading (requestGuards.ts), never reaching the validator.
      res.writeHead(413, { connection: "close" }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const [a, b] = await Promise.all([
        forward(whole, method, path, headers, body),
        forward(production, method, path, headers, body),
      ]);
      compared.push({
        request: `${method} ${path.slice(0, 200)} ${body.toString("utf8").slice(0, 200)}`,
        whole: a,
        production: b,
      });
      res.writeHead(a.status, {
        "content-type": "application/json",
        "request-id": /req_[0-9A-Z]{26}/.exec(a.body)?.[0] ?? "req_00000000000000000000000000",
      });
      res.end(a.body);
    });
  });
  const host = await listen(proxy);
  await fuzz({
    baseUrl: `http://${host}`,
    token: "unused-the-validators-do-not-authenticate",
    validator: specValidator(),
    seed: Number(process.env.FUZZ_SEED ?? 20261123),
    runs: Number(process.env.FUZZ_RUNS ?? 10),
  });
  const differing = compared.filter(
    (c) =>
      c.whole.status !== c.production.status || withoutRequestId(c.whole.body) !== withoutRequestId(c.production.body),
  );
  expect(differing.slice(0, 5)).toEqual([]);
  // Not vacuous: many requests, both let through and refused, over every operation.
  expect(compared.length).toBeGreaterThan(specValidator().listOperations().length * 10);
  const statuses = new Set(compared.map((c) => c.whole.status));
  expect(statuses.has(200)).toBe(true);
  expect(statuses.has(400)).toBe(true);
}, 240_000);
