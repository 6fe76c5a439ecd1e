/**
 * A session's work mounts (docs/files.md), with the real service in-process, the real sandbox and
 * msw standing in for the model: what `bash` leaves under /mnt/session/outputs/ becomes a file
 * listed with `scope_id=<session>` that downloads the same bytes (an unchanged output is not
 * collected again, a rewritten one replaces its file, a link is not followed, a file over
 * FILES_MAX_BYTES is a note); a `file` resource is readable at its mount path by `bash` and the
 * file tools and writable by neither, inside /workspace as under /mnt; the session's DELETE
 * removes its outputs and their bytes.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, mockProviders, providerEnv } from "../helpers/fakes/providers.ts";
import { say, shape, waitForTurns } from "../helpers/flows/agentRuns.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, type TestServer } from "../helpers/servers/server.ts";
import { onPostgres, queryRows } from "../helpers/servers/testDatabase.ts";

const skip = requireSandboxPrograms();
const providers = mockProviders();
let s: TestServer;

beforeAll(async () => {
  if (skip) return;
  listen(providers);
  s = await inProcess({ env: { ...providerEnv, SANDBOX: "bubblewrap", FILES_MAX_BYTES: String(64 * 1024) } });
});
afterAll(async () => {
  if (skip) return;
  await s.stop();
  providers.server.close();
});
afterEach(() => {
  providers.openai.length = 0;
});

const call = (id: string, name: string, input: Record<string, unknown>) => ({ id, name, input });

async function newSession(): Promise<string> {
  const agent = await createAgent(s, {
    name: "worker",
    model: "openai/llama3.2",
    tools: [{ type: "agent_toolset_20260401" }],
  });
  return (await createSession(s, agent.id, await createEnvironment(s))).id;
}

/** Sends a message and waits for `turns` turns; answers the tool results by id and the last agent message. */
async function turn(sessionId: string, turns: number) {
  await say(s, sessionId, "Work.");
  const events = shape(await waitForTurns(s, sessionId, turns));
  const results = Object.fromEntries(
    events
      .filter((e) => e.type === "agent.tool_result")
      .map((e) => [
        e.tool_use_id,
        { text: e.content.map((b: { text: string }) => b.text).join(""), error: e.is_error },
      ]),
  );
  const messages = events.filter((e) => e.type === "agent.message");
  const last = messages[messages.length - 1];
  return { results, lastMessage: last ? last.content.map((b: { text: string }) => b.text).join("\n") : "" };
}

async function outputs(sessionId: string): Promise<any[]> {
  const res = await s.request("GET", `/files?scope_id=${sessionId}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function content(id: string): Promise<string> {
  const res = await fetch(`${s.url}/api/v1/cloud/files/${id}/content`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(res.status).toBe(200);
  return await res.text();
}

describe.skipIf(skip !== null)("outputs and file resources", () => {
  it("collects what bash leaves under /mnt/session/outputs/ as files of the session", {
    timeout: 120_000,
  }, async () => {
    const sessionId = await newSession();
    providers.script("openai", [
      {
        tool_calls: [
          call("b1", "bash", {
            command:
              "echo 'quarterly report' > /mnt/session/outputs/report.txt && mkdir -p /mnt/session/outputs/charts && printf 'a,b' > /mnt/session/outputs/charts/data.csv && ln -s /etc/passwd /mnt/session/outputs/passwd && head -c 70000 /dev/zero > /mnt/session/outputs/big.bin && ls /mnt/session/outputs",
          }),
        ],
      },
      { tool_calls: [call("r1", "read", { path: "/mnt/session/outputs/report.txt" })] },
      { text: "Done." },
    ]);
    const first = await turn(sessionId, 1);
    expect(first.results.b1?.error, first.results.b1?.text).toBe(false);
    expect(first.results.r1?.text).toContain("quarterly report");
    // Refusals are notes of the turn, not errors.
    expect(first.lastMessage).toContain("Done.");
    expect(first.lastMessage).toMatch(/\/mnt\/session\/outputs\/big\.bin was not collected: .*FILES_MAX_BYTES/);
    expect(first.lastMessage).toMatch(/\/mnt\/session\/outputs\/passwd is not a regular file/);
    const files = await outputs(sessionId);
    expect(files.map((f) => f.filename).sort()).toEqual(["charts/data.csv", "report.txt"]);
    const report = files.find((f) => f.filename === "report.txt");
    expect(report).toMatchObject({
      scope: { type: "session", id: sessionId },
      mime_type: "text/plain",
      size_bytes: 17,
    });
    expect(await content(report.id)).toBe("quarterly report\n");
    expect(files.find((f) => f.filename === "charts/data.csv").mime_type).toBe("text/csv");

    // The next turn: an unchanged output keeps its file; a rewritten one replaces it.
    providers.script("openai", [
      {
        tool_calls: [
          call("b2", "bash", {
            command: "echo 'v2' > /mnt/session/outputs/charts/data.csv; cat /mnt/session/outputs/report.txt",
          }),
        ],
      },
      { text: "Again." },
    ]);
    const second = await turn(sessionId, 2);
    expect(second.results.b2?.text).toContain("quarterly report");
    const after = await outputs(sessionId);
    expect(after.find((f) => f.filename === "report.txt").id).toBe(report.id);
    const data = after.find((f) => f.filename === "charts/data.csv");
    expect(data.id).not.toBe(files.find((f) => f.filename === "charts/data.csv").id);
    expect(await content(data.id)).toBe("v2\n");
    expect(after).toHaveLength(2);

    // DELETE of the session removes its outputs and their bytes.
    expect((await s.request("DELETE", `/sessions/${sessionId}`)).status).toBe(200);
    expect((await s.request("GET", `/files/${report.id}`)).status).toBe(404);
    if (onPostgres) {
      const rows = await queryRows(s.databaseUrl, "SELECT blob_key FROM blob_chunks WHERE blob_key = ?", report.id);
      expect(rows).toEqual([]);
    } else {
      expect(existsSync(join(s.dataDir, "files", report.id))).toBe(false);
    }
    expect(readdirSync(join(s.dataDir, "session-outputs"))).not.toContain(sessionId);
  });

  it("mounts a file resource read-only at its path for bash and the file tools", { timeout: 120_000 }, async () => {
    const fd = new FormData();
    fd.append("file", new Blob(["x,y\n1,2\n"], { type: "text/csv" }), "in.csv");
    const file = (await s.request("POST", "/files", { raw: fd })).body;
    const sessionId = await newSession();
    const inWorkspace = await s.request("POST", `/sessions/${sessionId}/resources`, {
      body: { type: "file", file_id: file.id, mount_path: "/workspace/data/in.csv" },
    });
    expect(inWorkspace.status, inWorkspace.text).toBe(200);
    const underMnt = await s.request("POST", `/sessions/${sessionId}/resources`, {
      body: { type: "file", file_id: file.id, mount_path: "/mnt/inputs/copy.csv" },
    });
    expect(underMnt.status, underMnt.text).toBe(200);
    providers.script("openai", [
      {
        tool_calls: [
          call("c1", "bash", {
            command:
              "cat /workspace/data/in.csv /mnt/inputs/copy.csv; echo tamper > /workspace/data/in.csv || echo RO1; echo tamper > /mnt/inputs/copy.csv || echo RO2; rm -f /workspace/data/in.csv || echo RO3; cat /workspace/data/in.csv",
          }),
        ],
      },
      { tool_calls: [call("r2", "read", { path: "/workspace/data/in.csv" })] },
      { tool_calls: [call("w2", "write", { path: "/mnt/inputs/copy.csv", content: "tamper" })] },
      { text: "Read." },
    ]);
    const { results } = await turn(sessionId, 1);
    const out = results.c1?.text ?? "";
    expect(out.startsWith("x,y\n1,2\nx,y\n1,2\n")).toBe(true);
    expect(out).toContain("RO1");
    expect(out).toContain("RO2");
    expect(out).toContain("RO3");
    expect(out.trimEnd().endsWith("x,y\n1,2")).toBe(true);
    expect(results.r2?.text).toContain("1,2");
    expect(results.w2?.error).toBe(true);
    expect(results.w2?.text).toMatch(/read-only/);
    // The file itself is unchanged.
    expect(await content(file.id)).toBe("x,y\n1,2\n");
  });
});
