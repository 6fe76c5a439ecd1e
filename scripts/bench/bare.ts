/**
 * The baselines of the API benchmark: the least a server can do to answer the same requests as
 * the service, as its own process (like the service), in two flavours:
 *
 *   node --import tsx scripts/bench/bare.ts express|express-work|http DB_PATH BODY_FILE
 *
 * - `express`: a bare Express 5 app with `express.json()` and one handler per route;
 * - `express-work`: the same app, but `GET /skills` does the service's SQLite work: the same list
 *   query through the service's own SQLite skill store (prepared once), its wire view of each skill,
 *   and the page serialised (the same-work baseline: what is left between it and the service is
 *   the service's own request path: validation, auth's context, logging, metrics, routing);
 * - `http`: a bare `node:http` server that routes on the URL and reads JSON bodies itself.
 *
 * Both check the bearer token as the service does: SHA-256 of the token looked up in the
 * service's `api_tokens` table (one prepared statement), 401 when unknown. Then:
 *
 * - `GET /api/v1/cloud/skills?limit=20` returns the JSON body the service returned for the same
 *   request (read from BODY_FILE once, serialised per request as a handler would);
 * - `POST /api/v1/cloud/vaults` and `POST /api/v1/cloud/agents` parse the JSON body, make one
 *   SQLite insert (the same row the service writes into `vaults` / `agents`) and return the
 *   created resource in the service's shape.
 *
 * DB_PATH is a copy of the service's database (migrated and seeded by the benchmark). The port
 * it listens on is printed as `listening PORT`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import express from "express";
import { systemClock } from "../../server/clock.ts";
import { skillView } from "../../server/domain/skills.ts";
import { newId } from "../../server/ids.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";

const [mode, dbPath, bodyFile] = process.argv.slice(2);
if ((mode !== "express" && mode !== "express-work" && mode !== "http") || !dbPath || !bodyFile) {
  throw new Error("usage: bare.ts express|express-work|http DB_PATH BODY_FILE");
}

const db = new Database(dbPath);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("busy_timeout = 5000");
const tokenByHash = db.prepare("SELECT account_id FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL");
const insertVault = db.prepare(
  `INSERT INTO vaults (id, account_id, display_name, metadata, archived_at, created_at, updated_at)
   VALUES (?, ?, ?, ?, NULL, ?, ?)`,
);
const insertAgent = db.prepare(
  "INSERT INTO agents (id, account_id, version, archived_at, created_at, updated_at) VALUES (?, ?, 1, NULL, ?, ?)",
);
const skillsPage = JSON.parse(readFileSync(bodyFile, "utf8")) as unknown;
/** express-work: the service's SQLite skill store on its own connection to the same file. */
const skillStore =
  mode === "express-work" ? createSqliteStorage({ path: dbPath, clock: systemClock, migrate: false }).skills : null;

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;
const UNAUTHORIZED = { type: "error", error: { type: "authentication_error", message: "unknown token" } };

/** The caller's account, or null for a missing or unknown token. */
function accountOf(header: string | undefined): string | null {
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) return null;
  const row = tokenByHash.get(createHash("sha256").update(token).digest("hex")) as { account_id: string } | undefined;
  return row?.account_id ?? null;
}

type Json = Record<string, unknown>;

function createVault(accountId: string, body: Json): Json {
  const id = newId("vault");
  const now = new Date().toISOString();
  const metadata = (body.metadata ?? {}) as Json;
  insertVault.run(id, accountId, String(body.display_name), JSON.stringify(metadata), now, now);
  return {
    id,
    type: "vault",
    display_name: body.display_name,
    metadata,
    credentials: [],
    archived_at: null,
    created_at: now,
    updated_at: now,
  };
}

function createAgent(accountId: string, body: Json): Json {
  const id = newId("agent");
  const now = new Date().toISOString();
  insertAgent.run(id, accountId, now, now);
  return {
    id,
    type: "agent",
    name: body.name,
    model: body.model,
    system: body.system ?? null,
    description: body.description ?? null,
    tools: body.tools ?? [],
    mcp_servers: body.mcp_servers ?? [],
    skills: body.skills ?? [],
    multiagent: body.multiagent ?? null,
    metadata: body.metadata ?? {},
    version: 1,
    archived_at: null,
    created_at: now,
    updated_at: now,
  };
}

const BASE = "/api/v1/cloud";

function expressApp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(express.json());
  app.use((req, res, next) => {
    const account = accountOf(req.get("authorization"));
    if (!account) {
      res.status(401).json(UNAUTHORIZED);
      return;
    }
    res.locals.account = account;
    next();
  });
  app.get(`${BASE}/skills`, async (req, res) => {
    if (!skillStore) {
      res.json(skillsPage);
      return;
    }
    const limit = Number(req.query.limit ?? 20);
    const page = await skillStore.listSkills(String(res.locals.account), { page: { limit } });
    res.json({ ...page, data: page.data.map(skillView) });
  });
  app.post(`${BASE}/vaults`, (req, res) => {
    res.json(createVault(String(res.locals.account), req.body as Json));
  });
  app.post(`${BASE}/agents`, (req, res) => {
    res.json(createAgent(String(res.locals.account), req.body as Json));
  });
  return app;
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

function readJson(req: IncomingMessage): Promise<Json> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json);
      } catch (err) {
        reject(err);
      }
    });
    req.on("error", reject);
  });
}

async function httpHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const account = accountOf(req.headers.authorization);
  if (!account) return sendJson(res, 401, UNAUTHORIZED);
  const path = (req.url ?? "").split("?")[0];
  if (req.method === "GET" && path === `${BASE}/skills`) return sendJson(res, 200, skillsPage);
  if (req.method === "POST" && path === `${BASE}/vaults`)
    return sendJson(res, 200, createVault(account, await readJson(req)));
  if (req.method === "POST" && path === `${BASE}/agents`)
    return sendJson(res, 200, createAgent(account, await readJson(req)));
  sendJson(res, 404, { type: "error", error: { type: "not_found_error", message: "no route" } });
}

const server =
  mode === "express" || mode === "express-work"
    ? createServer(expressApp())
    : createServer((req, res) => {
        httpHandler(req, res).catch((err: unknown) => sendJson(res, 400, { error: String(err) }));
      });
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  db.close();
  process.exit(0);
});
