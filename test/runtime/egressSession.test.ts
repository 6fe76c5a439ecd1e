/**
 * An agent calls an API with a key it never sees (docs/egress.md), end to end: the real service
 * in-process with the real sandbox, a scripted model on loopback (test/helpers/fakes/fakeModel.ts),
 * a local TLS server with its own CA (trusted by the proxy through
 * SANDBOX_EGRESS_UPSTREAM_CA_FILE). The `bash` command's curl reaches the server with the secret
 * while everything the command can print shows the placeholder; the secret is absent from the
 * session's events, the server's logs and the database. A second server on the same database
 * serves the next session with the same CA (one `egress_ca` row).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModel, startFakeModel } from "../helpers/fakes/fakeModel.ts";
import { say, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { databaseText, onPostgres, queryRows } from "../helpers/servers/testDatabase.ts";
import { type RecordingServer, recordingServer, testCertificates } from "../helpers/servers/tlsServer.ts";

const skip = requireSandboxPrograms() ?? requireProgram("curl", "curl");
const secret = `sk_live_${randomBytes(16).toString("hex")}`;
const certs = testCertificates();
const dirs: string[] = [];
let model: FakeModel;
let api: RecordingServer;
let env: Record<string, string>;
let s: TestServer;

beforeAll(async () => {
  if (skip) return;
  model = await startFakeModel();
  api = await recordingServer(certs);
  const caDir = mkdtempSync(join(tmpdir(), "egress-upstream-ca-"));
  dirs.push(caDir);
  writeFileSync(join(caDir, "ca.pem"), certs.caPem);
  env = {
    SANDBOX: "bubblewrap",
    SANDBOX_ALLOW_PRIVATE_TARGETS: "true",
    SANDBOX_EGRESS_UPSTREAM_CA_FILE: join(caDir, "ca.pem"),
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: "sk-test-openai-key-0123456789abcdef",
  };
  const dataDir = mkdtempSync(join(tmpdir(), "egress-session-a-"));
  dirs.push(dataDir);
  s = await inProcess({ dataDir, env });
}, 60_000);

afterAll(async () => {
  await s?.stop();
  await api?.close();
  await model?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const text = (events: any[]) =>
  events
    .filter((e) => e.type === "agent.tool_result")
    .map((e) => e.content.map((b: { text: string }) => b.text).join(""))
    .join("\n");

async function sessionWithKey(server: TestServer): Promise<string> {
  const vault = await server.request("POST", "/vaults", { body: { display_name: "keys" } });
  if (vault.status !== 200) throw new Error(vault.text);
  const cred = await server.request("POST", `/vaults/${vault.body.id}/credentials`, {
    body: {
      auth: {
        type: "environment_variable",
        secret_name: "API_KEY",
        secret_value: secret,
        networking: { type: "limited", allowed_hosts: ["localhost"] },
        injection_location: { header: true, body: true },
      },
    },
  });
  if (cred.status !== 200) throw new Error(cred.text);
  const agent = await createAgent(server, {
    name: "caller",
    model: "openai/llama3.2",
    tools: [{ type: "agent_toolset_20260401" }],
  });
  const session = await createSession(server, agent.id, await createEnvironment(server), {
    vault_ids: [vault.body.id],
  });
  return session.id;
}

describe.skipIf(skip !== null)("an agent calls an API with a key it never sees", () => {
  it("the API sees the secret; the command, the events, the logs and the database only the placeholder", async () => {
    const sessionId = await sessionWithKey(s);
    const port = api.port;
    model.script([
      {
        tool_calls: [
          {
            id: "c1",
            name: "bash",
            input: {
              command: [
                `curl -sS --fail https://localhost:${port}/charge -H "Authorization: Bearer $API_KEY" --data "key=$API_KEY"`,
                `curl -sSk https://127.0.0.1:${port}/elsewhere -H "Authorization: Bearer $API_KEY"`,
                'echo "$API_KEY" > key.txt',
                "env | grep -E 'API_KEY|SSL_CERT_FILE'",
                "tr '\\0' '\\n' < /proc/self/environ | grep API_KEY",
                "grep -r . /workspace",
              ].join("; "),
            },
          },
        ],
      },
      { text: "Charged." },
    ]);
    await say(s, sessionId, "Charge the card.");
    const events = await waitForTurns(s, sessionId, 1, 60_000);
    const charge = api.requests.find((r) => r.path === "/charge");
    expect(charge?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(charge?.body).toBe(`key=${secret}`);
    const elsewhere = api.requests.find((r) => r.path === "/elsewhere");
    const placeholder = /Bearer (cas_placeholder_[A-Za-z0-9_-]+)/.exec(elsewhere?.headers.authorization ?? "")?.[1];
    expect(placeholder).toBeDefined();
    const output = text(events);
    expect(output).toContain(`ok /charge Bearer ${placeholder}`);
    expect(output).toContain(`API_KEY=${placeholder}`);
    expect(output).toContain(`/workspace/key.txt:${placeholder}`);
    expect(output).toContain("SSL_CERT_FILE=/run/cloud-agents/ca-bundle.crt");

    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(s.logs)).not.toContain(secret);
    expect(JSON.stringify(model.requests)).not.toContain(secret);
    expect(await databaseText(s.databaseUrl)).not.toContain(secret);
    // SQLite: the bytes of the file, its WAL and shared memory as they are on disk.
    if (!onPostgres) {
      const raw = ["", "-wal", "-shm"]
        .map((suffix) => s.dbPath + suffix)
        .map((path) => (existsSync(path) ? readFileSync(path).toString("latin1") : ""))
        .join("");
      expect(raw).toContain("API_KEY");
      expect(raw).not.toContain(secret);
    }
    // The CA's key is sealed in the database: no PEM private key in clear.
    expect(await databaseText(s.databaseUrl)).not.toContain("PRIVATE KEY");
  }, 90_000);

  it("a second server on the same database uses the same CA", async () => {
    const bundleA = readFileSync(join(s.dataDir, "egress", "ca-bundle.crt"), "utf8");
    // The first server's service key (test/helpers/servers/testDatabase.ts keeps PostgreSQL's beside the path).
    const key = onPostgres
      ? (JSON.parse(readFileSync(`${s.dbPath}.postgres.json`, "utf8")) as { secretKey: string }).secretKey
      : readFileSync(join(s.dataDir, "secret.key"), "utf8").trim();
    const url = s.databaseUrl;
    await s.stop();
    const dataDir = mkdtempSync(join(tmpdir(), "egress-session-b-"));
    dirs.push(dataDir);
    s = await inProcess({
      dataDir,
      env: { ...env, DATABASE_URL: url, CLOUD_AGENTS_SECRET_KEY: key },
    });
    const sessionId = await sessionWithKey(s);
    model.script([
      {
        tool_calls: [
          {
            id: "c1",
            name: "bash",
            input: {
              command: `curl -sS --fail https://localhost:${api.port}/again -H "Authorization: Bearer $API_KEY"`,
            },
          },
        ],
      },
      { text: "Again." },
    ]);
    await say(s, sessionId, "Again.");
    const events = await waitForTurns(s, sessionId, 1, 60_000);
    expect(text(events)).toContain("ok /again Bearer cas_placeholder_");
    expect(api.requests.find((r) => r.path === "/again")?.headers.authorization).toBe(`Bearer ${secret}`);
    const bundleB = readFileSync(join(dataDir, "egress", "ca-bundle.crt"), "utf8");
    expect(bundleB).toBe(bundleA);
    const rows = await queryRows(s.databaseUrl, "SELECT key FROM service_meta WHERE key = 'egress_ca'");
    expect(rows).toHaveLength(1);
  }, 90_000);
});
