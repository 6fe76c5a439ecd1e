/**
 * Self-hosted drills with real processes (test/worker/, test/replicas/workers.test.ts,
 * scripts/bench/workers.ts): `cloud-agents worker` processes on one self-hosted environment of
 * one or more server processes, a model that plans each session's turn from its own
 * conversation (so that many sessions can run at once), and the checks that every call ran once.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoopbackModel, LoopbackStep } from "../fakes/loopbackModel.ts";
import { type CliProcess, processClient, spawnCli, waitFor } from "../servers/server.ts";

const API = "/api/v1/cloud";

/** A JSON call; answers {status, body}. */
export async function call(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const ok = (base: string, token: string, method: string, path: string, body?: unknown): Promise<any> =>
  processClient({ url: base }, token)(method, path, body);

/** Where a model request stands in its turn: the last user message's text, and the rounds answered since. */
export function turnRound(body: { messages?: { role: string; content?: unknown }[] }): { user: string; round: number } {
  const messages = body.messages ?? [];
  const lastUser = messages.map((m) => m.role).lastIndexOf("user");
  return {
    user: String(messages[lastUser]?.content ?? ""),
    round: messages.slice(lastUser).filter((m) => m.role === "assistant").length,
  };
}

/** A self-hosted environment, a key of it, and an agent with the built-in tools. */
export async function selfHostedSetup(base: string, token: string) {
  const env = await ok(base, token, "POST", "/environments", { name: "farm", config: { type: "self_hosted" } });
  const key = await ok(base, token, "POST", `/environments/${env.id}/keys`, { name: "drill" });
  const agent = await ok(base, token, "POST", "/agents", {
    name: "remote",
    model: "openai/llama3.2",
    tools: [{ type: "agent_toolset_20260401" }],
  });
  return {
    environmentId: env.id as string,
    key: key.secret as string,
    keyId: key.id as string,
    agentId: agent.id as string,
  };
}

export async function startSession(base: string, token: string, agentId: string, environmentId: string, text: string) {
  const session = await ok(base, token, "POST", "/sessions", { agent: agentId, environment_id: environmentId });
  await ok(base, token, "POST", `/sessions/${session.id}/events`, {
    events: [{ type: "user.message", content: [{ type: "text", text }] }],
  });
  return session.id as string;
}

export async function allEvents(base: string, token: string, sessionId: string): Promise<any[]> {
  const events: any[] = [];
  let page: string | null = null;
  do {
    const body: any = await ok(
      base,
      token,
      "GET",
      `/sessions/${sessionId}/events?limit=100${page ? `&page=${encodeURIComponent(page)}` : ""}`,
    );
    events.push(...body.data);
    page = body.next_page ?? null;
  } while (page);
  return events;
}

/** Waits until the session's last idle ended its turn (not `requires_action`); its events. */
export async function waitForTurnEnd(base: string, token: string, sessionId: string, timeoutMs = 60_000) {
  let events: any[] = [];
  await waitFor(
    async () => {
      events = await allEvents(base, token, sessionId);
      const last = events.filter((e) => e.type === "session.status_idled").at(-1);
      return last !== undefined && last.stop_reason?.type !== "requires_action";
    },
    { what: `the turn of ${sessionId} to end`, timeoutMs, intervalMs: 100 },
  );
  return events;
}

/**
 * The model's plan for a session's turn (OpenAI format, read from the conversation it is sent):
 * three rounds of built-in calls, then a reply. Round 1: `bash` (appends a line to log.txt: a
 * second run of it would show) and `write`; round 2: `read` of that file and `bash`; round 3:
 * `bash` counting the log's lines. A user message holding `SLEEP <s>` makes round 1's command
 * sleep first (the kill drills cut it short).
 */
export function plannedTurns(model: LoopbackModel): void {
  model.respond((body: any): LoopbackStep => {
    const { user, round } = turnRound(body);
    const tag = /TAG (\w+)/.exec(user)?.[1] ?? "x";
    const sleep = /SLEEP (\d+)/.exec(user)?.[1];
    const id = (n: string) => `${tag}-${round}-${n}`;
    if (round === 0) {
      return {
        text: "Starting.",
        tool_calls: [
          {
            id: id("b"),
            name: "bash",
            input: { command: `${sleep ? `sleep ${sleep}; ` : ""}echo ran-${tag} >> /workspace/log.txt` },
          },
          { id: id("w"), name: "write", input: { path: `/workspace/${tag}.txt`, content: `note of ${tag}\n` } },
        ],
      };
    }
    if (round === 1) {
      return {
        text: "Checking.",
        tool_calls: [
          { id: id("r"), name: "read", input: { path: `/workspace/${tag}.txt` } },
          { id: id("b"), name: "bash", input: { command: `echo again-${tag} >> /workspace/log.txt` } },
        ],
      };
    }
    if (round === 2) {
      return {
        text: "Counting.",
        tool_calls: [{ id: id("c"), name: "bash", input: { command: "wc -l < /workspace/log.txt" } }],
      };
    }
    return { text: `Done with ${tag}.` };
  });
}

export interface WorkerProcess extends CliProcess {
  workDir: string;
  /** The worker's JSON log lines so far. */
  logs(): any[];
}

export async function startWorker(
  server: string,
  environmentId: string,
  key: string,
  options: { id: string; leaseSeconds?: number; maxSessions?: number; env?: Record<string, string> },
): Promise<WorkerProcess> {
  const workDir = mkdtempSync(join(tmpdir(), `cas-worker-${options.id}-`));
  const cli = await spawnCli(
    [
      "worker",
      "--environment",
      environmentId,
      "--server",
      server,
      "--work-dir",
      workDir,
      "--worker-id",
      options.id,
      "--lease-seconds",
      String(options.leaseSeconds ?? 90),
      "--max-sessions",
      String(options.maxSessions ?? 4),
    ],
    { CLOUD_AGENTS_ENVIRONMENT_KEY: key, LOG_LEVEL: "info", ...options.env },
  );
  return {
    ...cli,
    workDir,
    logs: () =>
      cli.lines.flatMap((l) => {
        try {
          return [JSON.parse(l)];
        } catch {
          return [];
        }
      }),
  };
}

/** The `tool call done` lines of the workers: which worker ran which call. */
export function callsRun(workers: WorkerProcess[]): { worker: number; tool_use_id: string; tool: string }[] {
  return workers.flatMap((w, i) =>
    w
      .logs()
      .filter((l) => l.msg === "tool call done")
      .map((l) => ({ worker: i, tool_use_id: String(l.tool_use_id), tool: String(l.tool) })),
  );
}

/** Per session: the built-in calls, how many results each got, and the log.txt lines the commands wrote. */
export function callLedger(events: any[]) {
  const uses = events.filter((e) => e.type === "agent.tool_use");
  const results = events.filter((e) => e.type === "user.tool_result" || e.type === "agent.tool_result");
  const answers = (u: any) => results.filter((r) => r.tool_use_id === u.id || r.tool_use_id === u.tool_use_id);
  return {
    uses,
    unanswered: uses.filter((u) => answers(u).length === 0).length,
    answeredTwice: uses.filter((u) => answers(u).length > 1).length,
    errors: uses.filter((u) => answers(u).some((r) => r.is_error)),
  };
}
