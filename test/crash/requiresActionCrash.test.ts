/**
 * A turn paused for the user survives a crash, with real processes on one database: the server is
 * SIGKILLed while the turn waits for the answer to an `agent.custom_tool_use` (requires_action); a
 * new server on the same database still waits (a message is refused, nothing is re-run), and the
 * answer resumes the turn once: one custom tool call, one result, one completion. The model is a
 * scripted fake on a loopback port (test/helpers/fakes/loopbackModel.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { notSpan } from "../helpers/flows/sessionEvents.ts";
import { killAllServers, processClient, serverProcess, waitFor } from "../helpers/servers/server.ts";
import { queryRows, testDatabaseEnv } from "../helpers/servers/testDatabase.ts";

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(() => killAllServers());
afterAll(async () => {
  for (const close of closers) await close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("a turn waiting for the user", () => {
  it("still waits after a SIGKILL and a restart; the answer resumes it once", { timeout: 90_000 }, async () => {
    const model = await loopbackModel();
    closers.push(() => model.close());
    const dir = mkdtempSync(join(tmpdir(), "cas-hitl-crash-"));
    dirs.push(dir);
    const dbPath = join(dir, "db.sqlite");
    const token = `hitl_${randomBytes(16).toString("hex")}`;
    const env = { ...model.env, RUN_POLL_INTERVAL_MS: "50", RUN_LEASE_MS: "2000", SANDBOX: "off", DATA_DIR: dir };
    const first = await serverProcess({ crashable: true, dbPath, token, env });
    let api = processClient(first, token);
    const environment = await api("POST", "/environments", { name: "hitl" });
    const agent = await api("POST", "/agents", {
      name: "client tools",
      model: "claude-sonnet-4-5",
      tools: [
        {
          type: "custom",
          name: "approve_refund",
          description: "Asks the billing team to approve a refund.",
          input_schema: { type: "object", properties: { amount: { type: "number" } } },
        },
      ],
    });
    const session = await api("POST", "/sessions", { agent: agent.id, environment_id: environment.id });
    model.script([
      { tool_calls: [{ id: "toolu_1", name: "approve_refund", input: { amount: 12.5 } }] },
      { text: "The refund was approved." },
    ]);
    await api("POST", `/sessions/${session.id}/events`, {
      events: [{ type: "user.message", content: [{ type: "text", text: "Refund 12.50 please." }] }],
    });
    const events = () => api("GET", `/sessions/${session.id}/events?limit=100`).then((r) => r.data as any[]);
    const waiting = await waitFor(
      async () => {
        const all = await events();
        return all.some((e) => e.type === "session.status_idled") ? all : null;
      },
      { timeoutMs: 20_000, what: "the turn to wait for the answer" },
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output()}`);
    });
    const use = waiting.find((e) => e.type === "agent.custom_tool_use");
    expect(waiting.at(-1).stop_reason).toEqual({ type: "requires_action", event_ids: [use.id] });

    await first.kill("SIGKILL");
    const second = await serverProcess({ crashable: true, dbPath, token, env });
    api = processClient(second, token);
    // The new server still waits (a re-run would ask the model again: counted at the end).
    expect((await api("GET", `/sessions/${session.id}`)).status).toBe("idle");
    expect((await events()).map((e) => e.type)).toEqual(waiting.map((e) => e.type));
    const refused = await fetch(`${second.url}/api/v1/cloud/sessions/${session.id}/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ events: [{ type: "user.message", content: [{ type: "text", text: "hello?" }] }] }),
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain(use.id);
    const url = (await testDatabaseEnv(dbPath)).DATABASE_URL as string;
    expect(await queryRows(url, "SELECT pending FROM run_waits WHERE session_id = ?", session.id)).toEqual([
      { pending: JSON.stringify([use.id]) },
    ]);

    await api("POST", `/sessions/${session.id}/events`, {
      events: [
        { type: "user.custom_tool_result", custom_tool_use_id: use.id, content: [{ type: "text", text: "approved" }] },
      ],
    });
    const done = await waitFor(
      async () => {
        const all = await events();
        return all.filter((e) => e.type === "session.status_idled").length === 2 ? all : null;
      },
      { timeoutMs: 20_000, what: "the resumed turn to end" },
    );
    expect(done.map((e) => e.type).filter(notSpan)).toEqual([
      "user.message",
      "session.status_run_started",
      "agent.custom_tool_use",
      "session.status_idled",
      "user.custom_tool_result",
      "session.status_run_started",
      "agent.message",
      "session.status_idled",
    ]);
    expect(done.at(-1).stop_reason).toEqual({ type: "end_turn" });
    expect(done.at(-2).content[0].text).toBe("The refund was approved.");
    // The model was asked twice in all: once before the crash, once with the answer.
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]?.body.messages)).toContain("approved");
    const runs = await queryRows<{ status: string }>(url, "SELECT status FROM runs WHERE session_id = ?", session.id);
    expect(runs).toEqual([{ status: "completed" }]);
    expect(await queryRows(url, "SELECT * FROM run_waits WHERE session_id = ?", session.id)).toEqual([]);
  });
});
