/**
 * One work item of `cloud-agents worker`: a session whose built-in tool calls this worker runs
 * until its turn ends (docs/self-hosted.md). The item is acknowledged and its lease heartbeated
 * (as the official SDK's worker does); the session's workspace is restored from the server; the
 * session's events are read (its history, then live) and each built-in `agent.tool_use` that has
 * no result yet is run here, in order, and answered with `user.tool_result`. An `ask` call
 * (`always_ask`) runs only after the user's `allow`.
 *
 * A `bash` call is marked on the item (`metadata.running`) before it starts: a worker that takes
 * over an item whose previous holder died finds the mark and answers that call with an error
 * (its command may have done all, part or none of its work) instead of running it twice, as the
 * server does for its own commands after a crash. The other tools are safe to run again.
 *
 * The item ends when the turn does (the workspace is saved on the server and the item stopped),
 * when the server stops it (an interrupt, an archive), when the lease is lost (another worker may
 * hold it now: nothing more is sent), or when the worker stops (SIGTERM: the running call is cut
 * short, the workspace saved and the item handed back to the queue at once).
 */
import type { CloudAgentsClient } from "../../client/index.ts";
import { interruptedCommand } from "../agents/tools/session.ts";
import { type BuiltinToolName, isBuiltinName } from "../agents/tools/toolset.ts";
import type { ToolResult } from "../agents/tools/types.ts";
import type { Logger } from "../logger.ts";
import type { LocalTools, SessionPlace } from "./localTools.ts";

/** What an item of the poll says: its id, its session, and the marks of its last holder. */
export interface PolledWork {
  id: string;
  data: { type: "session"; id: string };
  metadata: Record<string, string>;
}
type Work = PolledWork;

export interface ItemDeps {
  client: CloudAgentsClient;
  tools: LocalTools;
  logger: Logger;
  environmentId: string;
  /** The lease asked for at each heartbeat (the SDK's default: 90 s, renewed every 30 s). */
  leaseSeconds: number;
}

/** How an item ended. */
export type ItemEnd = "turn_ended" | "stopped" | "lease_lost" | "released" | "not_acked";

/** The events an item reads: the calls, their answers and the session's status. */
const EVENT_TYPES = [
  "agent.tool_use",
  "agent.tool_result",
  "user.tool_result",
  "user.tool_confirmation",
  "session.status_run_started",
  "session.status_idled",
] as const;

interface ToolUseEvent {
  id: string;
  type: "agent.tool_use";
  tool_use_id: string;
  name: string;
  mcp_server_name?: string;
  input: Record<string, unknown>;
  evaluated_permission?: "allow" | "ask";
}

interface AnyEvent {
  id: string;
  type: string;
  tool_use_id?: string;
  result?: string;
  stop_reason?: { type: string; event_ids?: string[] } | null;
}

/** What the session's events say: the built-in calls, which are answered, the user's verdicts, the turn's state. */
class SessionLedger {
  readonly calls: ToolUseEvent[] = [];
  private readonly answered = new Set<string>();
  private readonly verdicts = new Map<string, string>();
  /** The calls this worker has started (or answered) in this item. */
  readonly taken = new Set<string>();
  turnEnded = false;
  lastEventId: string | undefined;
  /** The calls the session's turn waits for (its last `requires_action` idle). */
  private awaited = new Set<string>();
  private wakers: (() => void)[] = [];

  /** Resolves at the next event (or when `signal` aborts). */
  changed(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      this.wakers.push(done);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  note(e: AnyEvent): void {
    this.apply(e);
    const wake = this.wakers;
    this.wakers = [];
    for (const w of wake) w();
  }

  /**
   * Whether the turn waits for the call's answer now: the server records a round's calls before
   * it pauses for them, and an answer sent in between is refused (409).
   */
  isAwaited(call: ToolUseEvent): boolean {
    return this.awaited.has(call.id);
  }

  private apply(e: AnyEvent): void {
    this.lastEventId = e.id;
    switch (e.type) {
      case "agent.tool_use": {
        const use = e as unknown as ToolUseEvent;
        if (!use.mcp_server_name && isBuiltinName(use.name)) this.calls.push(use);
        break;
      }
      case "user.tool_result":
      case "agent.tool_result":
        // A worker's answer names the event; the server's own (a denial, a timeout) the model's id.
        if (e.tool_use_id) this.answered.add(e.tool_use_id);
        break;
      case "user.tool_confirmation":
        if (e.tool_use_id && e.result) this.verdicts.set(e.tool_use_id, e.result);
        break;
      case "session.status_run_started":
        this.turnEnded = false;
        break;
      case "session.status_idled":
        this.turnEnded = e.stop_reason?.type !== "requires_action";
        this.awaited = new Set(e.stop_reason?.type === "requires_action" ? (e.stop_reason.event_ids ?? []) : []);
        break;
    }
  }

  isAnswered(call: ToolUseEvent): boolean {
    return this.answered.has(call.id) || this.answered.has(call.tool_use_id);
  }

  /** The calls to run now, in order: unanswered, not taken, and allowed (an `ask` call after its allow). */
  runnable(): ToolUseEvent[] {
    return this.calls.filter((c) => {
      if (this.taken.has(c.id) || this.isAnswered(c)) return false;
      if (c.evaluated_permission === "ask") return this.verdicts.get(c.id) === "allow";
      return true;
    });
  }
}

export class SessionItem {
  private readonly lease = new AbortController();
  private end: ItemEnd | null = null;
  private lastHeartbeat = "NO_HEARTBEAT";

  constructor(
    private readonly deps: ItemDeps,
    private readonly work: Work,
    /** Aborted when the worker stops (SIGTERM). */
    private readonly stopping: AbortSignal,
  ) {}

  private get sessionId(): string {
    return this.work.data.id;
  }

  private get log(): Record<string, unknown> {
    return { work_id: this.work.id, session_id: this.sessionId };
  }

  private finish(end: ItemEnd): void {
    this.end ??= end;
    this.lease.abort(new Error(end));
  }

  /** Services the item to its end. */
  async run(): Promise<ItemEnd> {
    const { client, environmentId } = this.deps;
    const path = { environment_id: environmentId, work_id: this.work.id };
    const acked = await client.POST("/environments/{environment_id}/work/{work_id}/ack", { params: { path } });
    if (!acked.data) {
      this.deps.logger.info("work item not acknowledged (another worker took it, or it stopped)", {
        ...this.log,
        status: acked.response.status,
      });
      return "not_acked";
    }
    const onStop = () => this.finish("released");
    this.stopping.addEventListener("abort", onStop);
    if (this.stopping.aborted) onStop();
    const beating = this.heartbeats();
    try {
      await this.beat();
      await this.serve(acked.data);
    } catch (err) {
      if (!this.lease.signal.aborted) {
        this.deps.logger.error("work item failed", {
          ...this.log,
          error: err instanceof Error ? err.message : String(err),
        });
        this.finish("released");
      }
    } finally {
      this.stopping.removeEventListener("abort", onStop);
      this.lease.abort();
      await beating;
    }
    const end = this.end ?? "released";
    await this.close(end);
    return end;
  }

  /** After the item's end: the workspace saved and the item stopped or handed back, as the end asks. */
  private async close(end: ItemEnd): Promise<void> {
    const { client, environmentId, tools, logger } = this.deps;
    const path = { environment_id: environmentId, work_id: this.work.id };
    try {
      if (end === "turn_ended" || end === "released") await this.saveWorkspace();
      if (end === "turn_ended") {
        await client.POST("/environments/{environment_id}/work/{work_id}/stop", {
          params: { path },
          body: { force: true },
        });
      } else if (end === "released") {
        await client.POST("/environments/{environment_id}/work/{work_id}/release", { params: { path } });
      }
    } catch (err) {
      logger.warn("work item not closed cleanly", {
        ...this.log,
        end,
        error: err instanceof Error ? err.message : String(err),
      });
    }
    await tools.forget(this.sessionId).catch(() => undefined);
    logger.info("work item done", { ...this.log, end });
  }

  private async saveWorkspace(): Promise<void> {
    const archive = await this.deps.tools.pack(this.sessionId);
    const saved = await this.deps.client.PUT("/environments/{environment_id}/work/{work_id}/workspace", {
      params: { path: { environment_id: this.deps.environmentId, work_id: this.work.id } },
      body: archive as unknown as string,
      bodySerializer: (b: unknown) => b as Uint8Array,
      headers: { "content-type": "application/zip" },
    });
    if (!saved.data)
      throw new Error(`the workspace was not saved (${saved.response.status}): ${JSON.stringify(saved.error)}`);
  }

  /** One heartbeat: renews the lease, or ends the item (lease lost, stop asked). */
  private async beat(): Promise<void> {
    const { client, environmentId, leaseSeconds } = this.deps;
    const res = await client.POST("/environments/{environment_id}/work/{work_id}/heartbeat", {
      params: {
        path: { environment_id: environmentId, work_id: this.work.id },
        query: { expected_last_heartbeat: this.lastHeartbeat, desired_ttl_seconds: leaseSeconds },
      },
    });
    if (res.data) {
      this.lastHeartbeat = res.data.last_heartbeat ?? this.lastHeartbeat;
      if (res.data.state === "stopping" || res.data.state === "stopped" || !res.data.lease_extended) {
        this.deps.logger.info("the server stopped the work item", { ...this.log, state: res.data.state });
        this.finish("stopped");
      }
      return;
    }
    const status = res.response.status;
    if (status === 412 || status === 404 || status === 401 || status === 403) {
      this.deps.logger.warn("lease lost: the heartbeat was refused", { ...this.log, status });
      this.finish("lease_lost");
      return;
    }
    throw new Error(`the heartbeat answered ${status}: ${JSON.stringify(res.error)}`);
  }

  /** Heartbeats every half lease (at most every 30 s, at least every second) until the item ends. */
  private async heartbeats(): Promise<void> {
    const everyMs = Math.max(1000, Math.min((this.deps.leaseSeconds * 1000) / 2, 30_000));
    let lastOk = Date.now();
    while (!this.lease.signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.lease.signal.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, everyMs);
        this.lease.signal.addEventListener("abort", done, { once: true });
      });
      if (this.lease.signal.aborted) return;
      try {
        await this.beat();
        lastOk = Date.now();
      } catch (err) {
        // No answer (the server restarting): the lease is assumed lost once it would have run out.
        if (Date.now() - lastOk > this.deps.leaseSeconds * 1000) this.finish("lease_lost");
        else
          this.deps.logger.warn("heartbeat failed", {
            ...this.log,
            error: err instanceof Error ? err.message : String(err),
          });
      }
    }
  }

  private async serve(work: Work): Promise<void> {
    const { client, tools } = this.deps;
    const signal = this.lease.signal;
    const restored = await client.GET("/environments/{environment_id}/work/{work_id}/workspace", {
      params: { path: { environment_id: this.deps.environmentId, work_id: work.id } },
      parseAs: "arrayBuffer",
      signal,
    });
    if (restored.response.status !== 200 && restored.response.status !== 204) {
      throw new Error(`the workspace could not be read (${restored.response.status})`);
    }
    const place = await tools.restore(
      this.sessionId,
      restored.response.status === 200 ? new Uint8Array(restored.data as ArrayBuffer) : null,
    );

    const ledger = new SessionLedger();
    for await (const e of client.paginate("/sessions/{session_id}/events", {
      params: { path: { session_id: this.sessionId }, query: { limit: 100 } },
    })) {
      ledger.note(e as AnyEvent);
    }
    // A bash call the last holder started and never answered: answered with an error, not run again.
    const running = work.metadata.running;
    const cut = ledger.calls.find((c) => c.id === running && c.name === "bash" && !ledger.isAnswered(c));
    if (cut) {
      ledger.taken.add(cut.id);
      this.deps.logger.warn("a call the last worker started was interrupted: answered with an error", {
        ...this.log,
        tool_use_id: cut.id,
      });
      await this.answer(
        cut,
        interruptedCommand("the worker that ran it stopped (its process was killed or its machine lost) while it ran"),
      );
    }
    // The events are read on their own (the stream), while the calls run here one at a time.
    const reading = this.follow(ledger);
    try {
      while (!signal.aborted) {
        const next = ledger.runnable()[0];
        if (next) {
          ledger.taken.add(next.id);
          await this.runCall(place, next, ledger);
        } else if (ledger.turnEnded) {
          return this.finish("turn_ended");
        } else {
          await ledger.changed(signal);
        }
      }
    } finally {
      this.lease.abort();
      await reading;
    }
  }

  /** Follows the session's events live into the ledger until the item ends. */
  private async follow(ledger: SessionLedger): Promise<void> {
    const signal = this.lease.signal;
    try {
      for await (const e of this.deps.client.streamSessionEvents(this.sessionId, {
        types: EVENT_TYPES,
        ...(ledger.lastEventId ? { after: ledger.lastEventId } : {}),
        signal,
      })) {
        ledger.note(e as unknown as AnyEvent);
      }
    } catch (err) {
      if (signal.aborted) return;
      // 403: no item of this key holds the session any more (its lease ran out).
      const status = (err as { status?: number }).status;
      this.deps.logger.warn("the session's events could not be followed", {
        ...this.log,
        error: err instanceof Error ? err.message : String(err),
      });
      this.finish(status === 403 || status === 401 ? "lease_lost" : "released");
    }
  }

  private async runCall(place: SessionPlace, call: ToolUseEvent, ledger: SessionLedger): Promise<void> {
    const { client, environmentId, tools, logger } = this.deps;
    const signal = this.lease.signal;
    if (call.name === "bash") {
      const marked = await client.POST("/environments/{environment_id}/work/{work_id}", {
        params: { path: { environment_id: environmentId, work_id: this.work.id } },
        body: { metadata: { running: call.id } },
        signal,
      });
      if (!marked.data) throw new Error(`the call could not be marked as running (${marked.response.status})`);
    }
    const started = performance.now();
    let result: ToolResult;
    try {
      result = await tools.call(place, call.name as BuiltinToolName, call.input, signal);
    } catch (err) {
      if (signal.aborted) return; // cut short: the next holder answers it (the mark) or runs it again
      throw err;
    }
    logger.info("tool call done", {
      ...this.log,
      tool_use_id: call.id,
      tool: call.name,
      is_error: result.is_error,
      duration_ms: Math.round(performance.now() - started),
    });
    // The answer waits for the turn to pause for it (usually it has, while the call ran).
    while (!ledger.isAwaited(call) && !ledger.isAnswered(call) && !signal.aborted) await ledger.changed(signal);
    if (signal.aborted || ledger.isAnswered(call)) return;
    await this.answer(call, result);
  }

  private async answer(call: ToolUseEvent, result: ToolResult): Promise<void> {
    const posted = await this.deps.client.POST("/sessions/{session_id}/events", {
      params: { path: { session_id: this.sessionId } },
      body: {
        events: [
          { type: "user.tool_result", tool_use_id: call.id, content: result.content, is_error: result.is_error },
        ],
      },
    });
    if (posted.data) return;
    const status = posted.response.status;
    // 409: answered already (by a previous holder, or the server's timeout): nothing to do.
    if (status === 409) {
      this.deps.logger.info("the call was answered already", {
        ...this.log,
        tool_use_id: call.id,
        error: posted.error,
      });
      return;
    }
    if (status === 403 || status === 401) return this.finish("lease_lost");
    throw new Error(`the result of ${call.id} was refused (${status}): ${JSON.stringify(posted.error)}`);
  }
}
