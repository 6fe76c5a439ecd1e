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
import { validatorOptions } from "../../server/http/validation/options.ts";
import { validateRequests } from "../../server/http/validation/validateRequest.ts";
import { createLogger } from "../../server/logger.ts";
import { loadSpec, specForAjv } from "../../server/spec.ts";
import { fuzz } from "../helpers/spec/fuzzer.ts";
import { specValidator } from "../helpers/spec/specValidator.ts";

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

/** A validator alone: a request it lets through is answered 200 with what the routes would see. */
function validatorApp(validator: RequestHandler[]): Server {
  const app = express();
  app.set("query parser", "extended");
  app.use(assignRequestId);
  app.use(
    API_BASE,
    express.json({ limit: MAX_BODY, type: "application/json", strict: true }),
    validator,
    (req: Request, res: Response) => {
      // What the routes get: the query as coerced and completed with defaults, the body.
      // res.end, not res.json: the response validator checks what res.json sends.
      const seen = { validated: true, query: req.query, body: req.body };
      res.status(200).type("application/json").end(JSON.stringify(seen));
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
  generated = await listen(validatorApp([validateRequests(MAX_UPLOAD)]));
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
    // The two validators see the parsed JSON only: broken transfer forms are the body parser's.
    brokenBodies: false,
    validator: specValidator(),
    seed: Number(process.env.FUZZ_SEED ?? 20261123),
    runs: Number(process.env.FUZZ_RUNS ?? 10),
  });
  const differing = compared.filter(
    (c) =>
      c.reference.status !== c.generated.status ||
      withoutRequestId(c.reference.body) !== withoutRequestId(c.generated.body),
  );
  const byStatus: Record<number, number> = {};
  for (const c of compared) byStatus[c.reference.status] = (byStatus[c.reference.status] ?? 0) + 1;
  console.info(`compared ${compared.length} requests, ${differing.length} answered differently`, byStatus);
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

/** Requests the fuzzer makes rarely or never, each answered by both stacks. */
const EDGE_CASES: { method: string; path: string; headers?: Record<string, string>; body?: string }[] = [
  { method: "GET", path: "/nope" },
  { method: "GET", path: "/skills/" },
  { method: "GET", path: "/SKILLS" },
  { method: "HEAD", path: "/skills" },
  { method: "OPTIONS", path: "/skills" },
  { method: "PATCH", path: "/agents/agent_1" },
  { method: "GET", path: "/skills/%ZZ" },
  { method: "GET", path: "/skills/%2F/versions" },
  { method: "GET", path: "/skills//versions" },
  { method: "GET", path: "/skills?limit=5&limit=6" },
  { method: "GET", path: "/skills?limit=" },
  { method: "GET", path: "/skills?limit=abc" },
  { method: "GET", path: "/skills?limit=1.5" },
  { method: "GET", path: "/skills?name=a:b" },
  { method: "GET", path: "/skills?name=a'b" },
  { method: "GET", path: "/skills?name=a,b" },
  { method: "GET", path: "/skills?name=%3A" },
  { method: "GET", path: "/skills?name[x]=1" },
  { method: "GET", path: "/skills?a[=1" },
  { method: "GET", path: "/skills?name=a=b" },
  { method: "GET", path: "/skills?unknown=1" },
  { method: "GET", path: "/sessions?statuses[]=idle" },
  { method: "GET", path: "/sessions?statuses=idle&statuses=running" },
  { method: "GET", path: "/sessions?statuses=idle,running" },
  { method: "GET", path: "/sessions?statuses=nope" },
  { method: "GET", path: "/sessions?statuses[0]=idle&statuses[1]=x" },
  { method: "GET", path: "/vaults?include_archived=true" },
  { method: "GET", path: "/vaults?include_archived=1" },
  { method: "GET", path: "/vaults?include_archived=yes" },
  { method: "POST", path: "/vaults", body: '{"name":"x"}' },
  { method: "POST", path: "/vaults", headers: { "content-type": "application/json; charset=latin1" }, body: "{}" },
  { method: "POST", path: "/vaults", headers: { "content-type": "application/json; charset=utf-8" }, body: "{}" },
  { method: "POST", path: "/vaults", headers: { "content-type": "APPLICATION/JSON" }, body: '{"": 1}' },
  { method: "POST", path: "/vaults", headers: { "content-type": "application/json" }, body: '{"display_name": 5}' },
  { method: "POST", path: "/vaults", headers: { "content-type": "application/json" }, body: "[]" },
  { method: "POST", path: "/vaults", headers: { "content-type": "text/plain" }, body: "x" },
  { method: "POST", path: "/vaults", headers: { "content-type": "application/json" }, body: "null" },
  { method: "POST", path: "/vaults", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x--" },
  { method: "POST", path: "/webhook_endpoints/wep_1/rotate_secret" },
  { method: "POST", path: "/webhook_endpoints/wep_1/rotate_secret", headers: { "content-type": "text/plain" } },
  { method: "POST", path: "/skills", headers: { "content-type": "application/json" }, body: "{}" },
  { method: "POST", path: "/skills", headers: { "content-type": "multipart/form-data" }, body: "--x--" },
  { method: "POST", path: "/skills", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "junk" },
  {
    method: "POST",
    path: "/skills",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: '--x\r\nContent-Disposition: form-data; name="display_title"\r\n\r\nT\r\n--x--\r\n',
  },
  {
    method: "POST",
    path: "/skills",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body:
      '--x\r\nContent-Disposition: form-data; name="files[]"; filename="s/SKILL.md"\r\n\r\n---\r\n--x\r\n' +
      'Content-Disposition: form-data; name="other"; filename="a"\r\n\r\nx\r\n--x--\r\n',
  },
  {
    method: "POST",
    path: "/skills",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: '--x\r\nContent-Disposition: form-data; name="files"; filename="s/SKILL.md"\r\n\r\n---\r\n--x--\r\n',
  },
  { method: "GET", path: "/skills", headers: { "content-type": "application/json" }, body: '{"a":1}' },
  {
    method: "POST",
    path: "/deployments/dep_1",
    headers: { "content-type": "application/json" },
    body: '{"initial_events":[{"type":"user.interrupt","content":[{"type":"text","text":"x"}]}]}',
  },
  {
    method: "POST",
    path: "/sessions/sess_1/events",
    headers: { "content-type": "application/json" },
    body: '{"events":[{"type":"user.nope"}]}',
  },
  {
    method: "POST",
    path: "/sessions/sess_1/events",
    headers: { "content-type": "application/json" },
    body: '{"events":[{"type":5}]}',
  },
];

it("answers requests the fuzzer rarely makes as express-openapi-validator does", async () => {
  const differing: unknown[] = [];
  const statuses = new Set<number>();
  const messages: string[] = [];
  for (const c of EDGE_CASES) {
    const headers = { ...(c.headers ?? {}) };
    const body = Buffer.from(c.body ?? "");
    if (c.body !== undefined) headers["content-length"] = String(body.length);
    const path = `${API_BASE}${c.path}`;
    const [a, b] = await Promise.all([
      forward(reference, c.method, path, headers, body),
      forward(generated, c.method, path, headers, body),
    ]);
    statuses.add(a.status);
    messages.push(a.body);
    if (a.status !== b.status || withoutRequestId(a.body) !== withoutRequestId(b.body)) {
      differing.push({ request: c, reference: a, generated: b });
    }
  }
  expect(differing).toEqual([]);
  // Not vacuous: the cases reach every kind of answer, not one refusal for all (an unsupported
  // media type is answered 400 in the envelope, naming Content-Type).
  expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 404, 405]));
  expect(messages.some((m) => m.includes("Unsupported Content-Type"))).toBe(true);
});
