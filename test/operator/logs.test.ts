/**
 * Logs of a full run of a real server process: JSON lines on stdout, one info line per request,
 * and not one of the secrets the run created anywhere in its output.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger, type LogRecord, REDACTED } from "../../server/logger.ts";
import { startReceiver } from "../helpers/fakes/receiver.ts";
import { runCli, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("logs of a full run", () => {
  it("are JSON lines on stdout with one info line per request, and contain none of the run's secrets", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cas-logs-"));
    dirs.push(dir);
    const secrets: Record<string, string> = {
      bootstrap: `boot_${randomBytes(16).toString("hex")}`,
      secretKey: randomBytes(32).toString("base64"),
      metricsToken: `metrics_${randomBytes(16).toString("hex")}`,
      wrongToken: `wrong_${randomBytes(16).toString("hex")}`,
      bearer: `ghp_${randomBytes(16).toString("hex")}`,
      access: `at_${randomBytes(16).toString("hex")}`,
      refresh: `rt_${randomBytes(16).toString("hex")}`,
      client: `cs_${randomBytes(16).toString("hex")}`,
      envValue: `ev_${randomBytes(16).toString("hex")}`,
      inBadJson: `bj_${randomBytes(16).toString("hex")}`,
    };
    const env = {
      // The SQLite file, or with TEST_DATABASE=postgres a PostgreSQL database (sealed with the key below).
      ...(await testDatabaseEnv(join(dir, "db.sqlite"))),
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: secrets.bootstrap as string,
      CLOUD_AGENTS_SECRET_KEY: secrets.secretKey as string,
      METRICS_TOKEN: secrets.metricsToken as string,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "debug",
    };
    const receiver = await startReceiver((req) => ({ status: req.pathIndex === 0 ? 500 : 200 }));
    const server = await serverProcess({ env: env });
    let cliOutput = "";
    try {
      const created = await runCli(["token", "create", "--account", "acme"], env);
      const cliToken = created.stdout.trim();
      secrets.cliToken = cliToken;
      cliOutput = created.stderr;
      const call = async (method: string, path: string, body?: unknown, token = secrets.bootstrap) => {
        const res = await fetch(`${server.url}/api/v1/cloud${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: typeof body === "string" ? body : body !== undefined ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, body: (await res.json().catch(() => null)) as any };
      };

      const vault = await call("POST", "/vaults", { display_name: "v" });
      expect(vault.status).toBe(200);
      const creds = `/vaults/${vault.body.id}/credentials`;
      expect(
        (
          await call("POST", creds, {
            auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/a", token: secrets.bearer },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call("POST", creds, {
            auth: {
              type: "mcp_oauth",
              mcp_server_url: "https://mcp.example.com/b",
              access_token: secrets.access,
              refresh: {
                client_id: "cid",
                refresh_token: secrets.refresh,
                token_endpoint: "https://auth.example.com/token",
                token_endpoint_auth: { type: "client_secret_post", client_secret: secrets.client },
              },
            },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call("POST", creds, {
            auth: { type: "environment_variable", secret_name: "GITHUB_TOKEN", secret_value: secrets.envValue },
          })
        ).status,
      ).toBe(200);
      const endpoint = await call("POST", "/webhook_endpoints", { url: `${receiver.url}/hook`, events: ["*"] });
      expect(endpoint.status).toBe(201);
      secrets.signing = endpoint.body.signing_secret;
      // A delivery that fails once (logged with its error), then succeeds on retry.
      expect((await call("POST", `/webhook_endpoints/${endpoint.body.id}/test`)).status).toBe(202);
      await receiver.waitForRequests(1);
      expect((await call("GET", "/vaults", undefined, cliToken)).status).toBe(200);
      expect((await call("GET", "/vaults", undefined, secrets.wrongToken)).status).toBe(401);
      expect((await call("POST", "/vaults", `{"display_name": "${secrets.inBadJson}`)).status).toBe(400);
      expect((await call("GET", `/vaults/${vault.body.id}`)).status).toBe(200);
      const metrics = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${secrets.metricsToken}` },
      });
      expect(metrics.status).toBe(200);
      const refused = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${secrets.wrongToken}` },
      });
      expect(refused.status).toBe(401);
      await waitFor(() => server.stdout().includes('"route":"/metrics"'));
    } finally {
      expect(await server.kill("SIGTERM")).toBe(0);
      await receiver.close();
    }

    const stdout = server.stdout();
    const output = stdout + server.stderr() + cliOutput;
    for (const [name, secret] of Object.entries(secrets)) {
      expect(output.includes(secret), `${name} appears in the output`).toBe(false);
    }
    // stdout is nothing but JSON lines.
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as LogRecord);
    expect(lines.length).toBeGreaterThan(10);
    const requests = lines.filter((l) => l.msg === "request");
    const read = requests.find((l) => l.route === "/api/v1/cloud/vaults/{vault_id}");
    expect(read).toMatchObject({
      level: "info",
      method: "GET",
      status: 200,
      request_id: expect.stringMatching(/^req_/),
      account_id: expect.stringMatching(/^acct_/),
      token_id: expect.stringMatching(/^tok_/),
      duration_ms: expect.any(Number),
    });
    expect(requests.find((l) => l.status === 401 && l.route === "/api/v1/cloud/vaults")).toMatchObject({
      level: "info",
      account_id: null,
    });
    // Probes and scrapes are logged at debug only.
    expect(requests.find((l) => l.route === "/metrics")?.level).toBe("debug");
    expect(lines.some((l) => l.msg.startsWith("Cloud Agents Service listening on http://"))).toBe(true);
    expect(lines.at(-1)?.msg).toBe("shutdown complete");
  });
});

describe("the logger", () => {
  it("redacts secrets by field path, top level and one level down, and keeps the rest", () => {
    const records: LogRecord[] = [];
    const logger = createLogger("debug", (r) => records.push(r));
    logger.info("x", {
      token: "t1",
      authorization: "Bearer t2",
      signing_secret: "whsec_t3",
      auth: { token: "t4", refresh_token: "t5", client_secret: "t6", access_token: "t7", kept: "visible" },
      headers: { authorization: "Bearer t8", "content-type": "application/json" },
      password: "t9",
      count: 3,
    });
    logger.debug("dbg");
    const [first] = records;
    expect(JSON.stringify(records)).not.toMatch(/t[1-9]"/);
    expect(first).toMatchObject({
      level: "info",
      msg: "x",
      token: REDACTED,
      authorization: REDACTED,
      signing_secret: REDACTED,
      auth: {
        token: REDACTED,
        refresh_token: REDACTED,
        client_secret: REDACTED,
        access_token: REDACTED,
        kept: "visible",
      },
      headers: { authorization: REDACTED, "content-type": "application/json" },
      password: REDACTED,
      count: 3,
    });
    expect(first?.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(records[1]).toMatchObject({ level: "debug", msg: "dbg" });
  });

  it("redacts req.headers' authorization and cookie, and never changes what the caller passed", () => {
    const records: LogRecord[] = [];
    const logger = createLogger("info", (r) => records.push(r));
    const fields = {
      req: { method: "GET", headers: { authorization: "Bearer s1", cookie: "sid=s2", accept: "*/*" } },
      route: "/x",
    };
    const before = structuredClone(fields);
    logger.info("y", fields);
    expect(fields).toEqual(before);
    expect(JSON.stringify(records)).not.toMatch(/s[12]"/);
    expect(records[0]).toMatchObject({
      req: { method: "GET", headers: { authorization: REDACTED, cookie: REDACTED, accept: "*/*" } },
      route: "/x",
    });
  });

  it("drops records below its level", () => {
    const records: LogRecord[] = [];
    const logger = createLogger("warn", (r) => records.push(r));
    logger.debug("a");
    logger.info("b");
    logger.warn("c");
    logger.error("d");
    expect(records.map((r) => `${r.level}:${r.msg}`)).toEqual(["warn:c", "error:d"]);
  });
});
