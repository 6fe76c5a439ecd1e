/**
 * The SDK as a user gets it: `npm pack` of client/, the tarball installed into a fresh project,
 * a plain `node` script (no TypeScript loader) and a type-checked TypeScript file using it against
 * the real server started from this repository.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { ROOT, type ServerProcess, serverProcess } from "../helpers/servers/server.ts";
import { testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const run = promisify(execFile);
const dirs: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tmp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Bytes of every file under a folder. */
function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return total;
}

const CONSUMER_JS = `
import { CloudAgentsConnectionError, createCloudAgentsClient } from "@cloud-agents/sdk";
import { signWebhook, verifyWebhook } from "@cloud-agents/sdk/webhooks";

const client = createCloudAgentsClient({ baseUrl: process.env.CAS_URL, token: process.env.CAS_TOKEN });
const body = { display_name: "From the package" };
const first = await client.POST("/vaults", { body });
const key = { "Idempotency-Key": "packed-sdk-1" };
const keyed = await client.POST("/vaults", { body: { display_name: "Keyed" }, params: { header: key } });
const replay = await client.POST("/vaults", { body: { display_name: "Keyed" }, params: { header: key } });
const names = [];
for await (const vault of client.paginate("/vaults", { params: { query: { limit: 1 } } })) names.push(vault.display_name);
const missing = await client.GET("/vaults/{vault_id}", { params: { path: { vault_id: "vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1" } } });

// A session's history and live events through the stream iterator (eventsource-parser came with the package).
const env = await client.POST("/environments", { body: { name: "packed" } });
const agent = await client.POST("/agents", { body: { name: "packed", model: "echo" } });
const session = await client.POST("/sessions", {
  body: { agent: agent.data.id, environment_id: env.data.id, initial_events: [{ type: "user.message", content: [{ type: "text", text: "hi" }] }] },
});
const streamed = [];
for await (const e of client.streamSessionEvents(session.data.id)) {
  streamed.push(e.type);
  if (e.type === "session.status_idled") break;
}

const payload = JSON.stringify({ id: "evt_01JD3QC3D4E5F6G7H8J9K0M1N2", created_at: "2026-11-21T12:34:56.789Z", type: "event", data: { id: "wep_01JD3QB2C3D4E5F6G7H8J9K0M1", type: "webhook.test" } });
const event = verifyWebhook(payload, signWebhook(payload, "whsec_test"), "whsec_test");

let unreachable;
try {
  await createCloudAgentsClient({ baseUrl: "http://127.0.0.1:9", token: "t", maxRetries: 1, retry: { baseDelayMs: 1 } }).GET("/vaults");
} catch (err) {
  unreachable = { connection: err instanceof CloudAgentsConnectionError, name: err.name, attempts: err.attempts };
}
console.log(JSON.stringify({
  created: first.data.id,
  replayed: replay.response.headers.get("idempotent-replayed"),
  sameVault: replay.data.id === keyed.data.id,
  names,
  missing: missing.error.error.type,
  event: event.data.type,
  unreachable,
  streamed,
}));
`;

const CONSUMER_TS = `
import { createCloudAgentsClient, type Schemas } from "@cloud-agents/sdk";
import { verifyWebhook, type WebhookEvent } from "@cloud-agents/sdk/webhooks";

const client = createCloudAgentsClient({ baseUrl: "http://127.0.0.1:8080", token: "t" });
export async function main(): Promise<Schemas["Vault"] | undefined> {
  // @ts-expect-error display_name is a string: the types came with the package
  await client.POST("/vaults", { body: { display_name: 42 } });
  for await (const skill of client.paginate("/skills")) {
    const title: string | null = skill.display_title;
    void title;
  }
  const event: WebhookEvent = verifyWebhook("{}", "t=1,v1=00", "whsec_x");
  void event.data.type;
  for await (const message of client.streamSessionEvents("sess_1", { types: ["agent.message"] })) {
    const text: string | undefined = message.content[0]?.text;
    void text;
  }
  return (await client.POST("/vaults", { body: { display_name: "x" } })).data;
}
`;

it("packs only the built SDK, installs without the server, and runs with plain node against the real server", async () => {
  const packDir = tmp("cas-sdk-pack-");
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", packDir], {
    cwd: join(ROOT, "client"),
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  if (!packed) throw new Error(`npm pack printed no result: ${stdout}`);
  const files = packed.files.map((f) => f.path).sort();
  expect(files).toEqual([
    "dist/errors.d.ts",
    "dist/errors.js",
    "dist/files.d.ts",
    "dist/files.js",
    "dist/index.d.ts",
    "dist/index.js",
    "dist/memory.d.ts",
    "dist/memory.js",
    "dist/retry.d.ts",
    "dist/retry.js",
    "dist/streams.d.ts",
    "dist/streams.js",
    "dist/webhooks.d.ts",
    "dist/webhooks.js",
    "generated/api.d.ts",
    "package.json",
  ]);

  const project = tmp("cas-sdk-consumer-");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await run(
    "npm",
    ["install", join(packDir, packed.filename), "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    { cwd: project },
  );
  const modules = join(project, "node_modules");
  const installed = readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) => (name.startsWith("@") ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`) : [name]))
    .sort();
  // The SDK, openapi-fetch (with its type helpers) and eventsource-parser: nothing of the server.
  expect(installed).toEqual(["@cloud-agents/sdk", "eventsource-parser", "openapi-fetch", "openapi-typescript-helpers"]);
  const installBytes = sizeOf(modules);
  console.log(
    `SDK tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked; ` +
      `install size (node_modules) ${installBytes} bytes`,
  );
  expect(installBytes).toBeLessThan(2_000_000);

  const data = tmp("cas-sdk-data-");
  const token = `packed_${Date.now()}_token`;
  // The SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database.
  const database = await testDatabaseEnv(join(data, "db.sqlite"));
  server = await serverProcess({ env: { ...database, CLOUD_AGENTS_BOOTSTRAP_TOKEN: token } });
  writeFileSync(join(project, "main.mjs"), CONSUMER_JS);
  const result = await run(process.execPath, ["main.mjs"], {
    cwd: project,
    env: { ...process.env, CAS_URL: server.url, CAS_TOKEN: token },
  });
  const out = JSON.parse(result.stdout) as Record<string, unknown>;
  expect(out.created).toMatch(/^vault_[0-9A-Z]{26}$/);
  expect(out).toMatchObject({
    replayed: "true",
    sameVault: true,
    names: ["Keyed", "From the package"],
    missing: "not_found_error",
    event: "webhook.test",
    unreachable: { connection: true, name: "CloudAgentsConnectionError", attempts: 2 },
    streamed: ["user.message", "session.status_run_started", "agent.message", "session.status_idled"],
  });

  // The declarations resolve in a TypeScript project (strict, NodeNext), with the spec's types.
  writeFileSync(join(project, "main.ts"), CONSUMER_TS);
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        strict: true,
        noEmit: true,
        types: [],
      },
      files: ["main.ts"],
    }),
  );
  await run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", project], { cwd: project });
}, 180_000);
