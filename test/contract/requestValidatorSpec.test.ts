/**
 * The server validates requests with validators compiled from the spec at build time
 * (generated/requestValidators.js, run by server/http/validation/): express-openapi-validator
 * compiled them at every start, more than twice the start-up target. This proves the two answer
 * requests alike: the fuzzer's requests for every operation go through a proxy that hands each
 * one to both stacks — the server's request validator, and real express-openapi-validator on the
 * whole document as the server used it before — each with the server's error handler, and
 * compares the answers, status and envelope, byte for byte but for the request id.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Request, type RequestHandler, type Response } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { API_BASE } from "../../server/app.ts";
import { errorHandler } from "../../server/http/errorHandler.ts";
import { assignRequestId } from "../../server/http/requestId.ts";
import { requestValidator } from "../../server/http/requestValidator.ts";
import { validatorOptions } from "../../server/http/validation/options.ts";
import { createLogger } from "../../server/logger.ts";
import { loadSpec, specForAjv } from "../../server/spec.ts";
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

const MAX_UPLOAD = 8 * 1024 * 1024;

/** express-openapi-validator 5.6 over the whole document, with the options the server gave it. */
function referenceValidator(): RequestHandler[] {
  return OpenApiValidator.middleware(
    validatorOptions(specForAjv(loadSpec().json), true, MAX_UPLOAD) as never,
  ) as unknown as RequestHandler[];
}

/** A validator alone: a request it lets through is answered 200 `{"validated":true}`. */
function validatorApp(validator: RequestHandler[]): Server {
  const app = express();
  app.set("query parser", "extended");
  app.use(assignRequestId);
  app.use(
    API_BASE,
    express.json({ limit: MAX_BODY, type: "application/json", strict: true }),
    validator,
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

let reference = "";
let generated = "";
const compared: { request: string; reference: Answer; generated: Answer }[] = [];

beforeAll(async () => {
  reference = await listen(validatorApp(referenceValidator()));
  generated = await listen(
    validatorApp(requestValidator(loadSpec().json, { validateResponses: false, maxUploadBytes: MAX_UPLOAD })),
  );
});

afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

it("answers every fuzzed request as express-openapi-validator does", async () => {
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
        forward(reference, method, path, headers, body),
        forward(generated, method, path, headers, body),
      ]);
      compared.push({
        request: `${method} ${path.slice(0, 200)} ${body.toString("utf8").slice(0, 200)}`,
        reference: a,
        generated: b,
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
      c.reference.status !== c.generated.status ||
      withoutRequestId(c.reference.body) !== withoutRequestId(c.generated.body),
  );
  if (differing.length > 0) {
    console.error(`${differing.length} of ${compared.length} requests answered differently:`);
    for (const d of differing.slice(0, 40)) console.error(JSON.stringify(d));
  }
  expect(differing.slice(0, 5)).toEqual([]);
  // Not vacuous: many requests, both let through and refused, over every operation.
  expect(compared.length).toBeGreaterThan(specValidator().listOperations().length * 10);
  const statuses = new Set(compared.map((c) => c.reference.status));
  expect(statuses.has(200)).toBe(true);
  expect(statuses.has(400)).toBe(true);
}, 240_000);
