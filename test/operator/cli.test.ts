import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, serverProcess } from "../helpers/servers/server.ts";
import { onPostgres, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cas-cli-"));
  dirs.push(dir);
  return dir;
}
/** The data folder's database: its SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database (and the key every process on it shares). */
const databaseEnv = (dir: string) => testDatabaseEnv(join(dir, "db.sqlite"));
/** The key the server sealed its secrets with: `<dir>/secret.key` on SQLite, CLOUD_AGENTS_SECRET_KEY on PostgreSQL. */
const secretKeyOf = (dir: string, env: Record<string, string>) =>
  (onPostgres ? env.CLOUD_AGENTS_SECRET_KEY : readFileSync(join(dir, "secret.key"), "utf8"))?.trim() ?? "";
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const api = (url: string, path: string, token?: string) =>
  fetch(`${url}/api/v1/cloud${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe("cloud-agents serve", () => {
  it("prints a token on first start only, serves health, docs and the spec, and keeps the secret key private", async () => {
    const dir = dataDir();
    const env = await databaseEnv(dir);
    const first = await serverProcess({ env: env });
    try {
      // Shown once on stderr in plain text, outside the JSON log stream on stdout.
      const token = /\n {2}(cat_[A-Za-z0-9_-]{43})\n/.exec(first.stderr())?.[1];
      expect(token, first.stderr()).toBeDefined();
      expect((await api(first.url, "/vaults", token)).status).toBe(200);
      expect((await api(first.url, "/vaults")).status).toBe(401);

      expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: "ok" });
      const docs = await fetch(`${first.url}/docs`);
      expect(docs.headers.get("content-type")).toMatch(/text\/html/);
      expect(await docs.text()).toContain("Cloud Agents Service API");
      const json = (await (await fetch(`${first.url}/openapi.json`)).json()) as { openapi: string };
      expect(json.openapi).toBe("3.1.0");
      expect(await (await fetch(`${first.url}/openapi.yaml`)).text()).toContain("openapi: 3.1.0");
      // SQLite: the key generated on first start, readable by the owner only; PostgreSQL: the
      // CLOUD_AGENTS_SECRET_KEY every replica is given (no key file).
      if (!onPostgres) expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
      const key = secretKeyOf(dir, env);
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(first.stdout() + first.stderr()).not.toContain(key);
      expect(first.stdout()).not.toContain(token); // never logged
    } finally {
      expect(await first.kill("SIGTERM")).toBe(0);
    }
    const second = await serverProcess({ env: env });
    try {
      expect(second.stdout() + second.stderr()).not.toMatch(/cat_/);
    } finally {
      await second.kill("SIGTERM");
    }
  });

  it("ensures the bootstrap token from CLOUD_AGENTS_BOOTSTRAP_TOKEN and prints none", async () => {
    const dir = dataDir();
    const token = "bootstrap-token-for-tests-0123456789";
    const server = await serverProcess({ env: { ...(await databaseEnv(dir)), CLOUD_AGENTS_BOOTSTRAP_TOKEN: token } });
    try {
      expect(server.stdout() + server.stderr()).not.toMatch(/cat_/);
      expect((await api(server.url, "/vaults", token)).status).toBe(200);
    } finally {
      await server.kill();
    }
  });

  it("refuses to start with a lost or different secret key instead of breaking every sealed secret", async () => {
    const dir = dataDir();
    const env = await databaseEnv(dir);
    const first = await serverProcess({ env: env });
    await first.kill("SIGTERM");
    const key = secretKeyOf(dir, env);
    if (onPostgres) {
      // No key file on PostgreSQL: without the key every replica shares, serve refuses to start.
      const lost = await runCli(["serve"], { ...env, CLOUD_AGENTS_SECRET_KEY: "" });
      expect(lost.code).toBe(1);
      expect(lost.stdout).toMatch(/CLOUD_AGENTS_SECRET_KEY must be set when DATABASE_URL is PostgreSQL/);
    } else {
      rmSync(join(dir, "secret.key"));
      const lost = await runCli(["serve"], env);
      expect(lost.code).toBe(1);
      expect(lost.stdout).toMatch(/CLOUD_AGENTS_SECRET_KEY is unset and .*secret\.key is missing/);
      expect(existsSync(join(dir, "secret.key"))).toBe(false); // no new key was generated
    }

    const other = await runCli(["serve"], { ...env, CLOUD_AGENTS_SECRET_KEY: randomBytes(32).toString("base64") });
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/CLOUD_AGENTS_SECRET_KEY does not match the key/);

    const restored = await serverProcess({ env: { ...env, CLOUD_AGENTS_SECRET_KEY: key } });
    expect(await restored.kill("SIGTERM")).toBe(0);
    // Four server processes start one after another: give a loaded machine room.
  }, 90_000);

  it.each([
    ["PORT", "eighty", /PORT must be a whole number/],
    ["PORT", "70000", /PORT must be between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL must be "sqlite:<path>", "sqlite::memory:" or "postgres:\/\//],
    // Replicas on PostgreSQL must share one key: none is generated per machine.
    [
      "DATABASE_URL",
      "postgres://u:hidden@127.0.0.1:1/db",
      /CLOUD_AGENTS_SECRET_KEY must be set when DATABASE_URL is PostgreSQL/,
      { CLOUD_AGENTS_SECRET_KEY: "" },
    ],
    ["CLOUD_AGENTS_SECRET_KEY", "c2hvcnQ=", /CLOUD_AGENTS_SECRET_KEY must be 32 bytes/],
    ["WEBHOOK_ALLOW_PRIVATE_TARGETS", "yes", /WEBHOOK_ALLOW_PRIVATE_TARGETS must be "true" or "false"/],
    ["WEBHOOK_RETRY_FACTOR", "fast", /WEBHOOK_RETRY_FACTOR must be a number/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
  ] as [string, string, RegExp, Record<string, string>?][])(
    "refuses to start when %s=%s, naming the variable",
    async (name, value, message, extra = {}) => {
      const dir = dataDir();
      const res = await runCli(["serve"], { ...(await databaseEnv(dir)), [name]: value, ...extra });
      expect(res.code).toBe(1);
      // serve speaks JSON lines on stdout, the reason it could not start included
      const line = JSON.parse(res.stdout.trim().split("\n").at(-1) ?? "{}") as { level: string; msg: string };
      expect(line.level).toBe("error");
      expect(line.msg).toMatch(message);
      expect(res.stdout).not.toMatch(/\bat .*\.([cm]?js|ts):\d+/); // a message, not a stack trace (from the build or the sources)
    },
  );
});

describe("cloud-agents token and migrate", () => {
  it("creates, lists and revokes tokens; a revoked token answers 401", async () => {
    const dir = dataDir();
    const env = await databaseEnv(dir);
    const migrated = await runCli(["migrate"], env);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toMatch(/Applied migrations 1/);
    expect((await runCli(["migrate"], env)).stdout).toMatch(/up to date/);

    const created = await runCli(["token", "create", "--account", "acme"], env);
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    const tokenId = /(tok_[0-9A-Z]{26})/.exec(created.stderr)?.[1] ?? "";

    const listed = await runCli(["token", "list"], env);
    expect(listed.stdout).toContain(tokenId);
    expect(listed.stdout).toContain("acme");
    expect(listed.stdout).not.toContain(token);

    const server = await serverProcess({
      env: { ...env, CLOUD_AGENTS_BOOTSTRAP_TOKEN: "another-token-0123456789abc" },
    });
    try {
      expect((await api(server.url, "/vaults", token)).status).toBe(200);
      const revoked = await runCli(["token", "revoke", tokenId], env);
      expect(revoked.code).toBe(0);
      const res = await api(server.url, "/vaults", token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe("TOKEN_INVALID");
    } finally {
      await server.kill();
    }
    const again = await runCli(["token", "revoke", tokenId], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No active token/);
  }, 90_000); // a dozen CLI processes: slow on a busy machine
});
