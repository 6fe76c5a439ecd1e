import type { AgentRecord } from "./agents.ts";
import type {
  CustomToolUse,
  ModelUsage,
  OutcomeResult,
  PackagesWait,
  SessionError,
  SessionEventRecord,
  StopReason,
  TextBlock,
  ThreadStatus,
  ToolResult,
  ToolUse,
  WorkerWait,
} from "./sessions.ts";

/**
 * What an agent runtime produced for one turn: messages, the tool calls it made, the spans of its
 * model requests (a `span.model_request_end` adds its usage to the session's and thread's), and
 * `usage`: tokens counted without a model request (the echo runtime's own counts; no event).
 */
export type RunOutput =
  | { type: "agent.message"; content: TextBlock[] }
  | ({ type: "agent.tool_use" } & ToolUse)
  | ({ type: "agent.tool_result" } & ToolResult)
  | ({ type: "agent.custom_tool_use" } & CustomToolUse)
  | { type: "span.model_request_start"; model: string }
  | {
      type: "span.model_request_end";
      model: string;
      duration_ms: number;
      model_usage: ModelUsage;
      /** The request's list cost in nano-dollars (added to the session's, not shown on the event); 0 when unpriced. */
      list_cost_nanos?: number;
    }
  | { type: "usage"; model_usage: ModelUsage }
  | { type: "agent.thinking"; thinking: string; signature: string | null }
  | { type: "span.outcome_evaluation_start"; outcome_id: string; iteration: number }
  /** The store fills `outcome_evaluation_start_id` with the outcome's last evaluation start. */
  | {
      type: "span.outcome_evaluation_end";
      outcome_id: string;
      iteration: number;
      result: OutcomeResult;
      explanation: string;
      usage: ModelUsage;
    }
  | { type: "session.status_preparing" | "session.status_prepared"; packages: PackagesWait }
  | { type: "session.status_waiting_for_worker"; work: WorkerWait };

/** An event of the conversation a model runtime rebuilds, with the run that recorded it. */
export type ConversationEvent = SessionEventRecord & { run_id: string | null };

/** A run's error (`session.error`): its type, words, and what happens next. */
export type RunError = SessionError;

/** A run the worker claimed, with everything it needs to execute the turn. */
export interface ClaimedRun {
  id: string;
  account_id: string;
  session_id: string;
  /** 1 for the first execution, 2 after a crash re-queued it, ... */
  attempt: number;
  /** The agent version the session runs; null when it can no longer be read. */
  agent: AgentRecord | null;
  /** The user messages this run answers, oldest first. */
  input: { event_id: string; content: TextBlock[] }[];
  /** The session's vaults, in the order given at creation (the first credential for a URL wins). */
  vault_ids: string[];
}

export interface RecoveryResult {
  requeued: number;
  failed: number;
}

/**
 * The run state machine the background worker drives. Each method is one transaction; every
 * write that follows a claim checks the run is still `running` under this owner (a run whose
 * lease was taken over, or whose session was deleted, is no longer ours and nothing is written).
 */
export interface RunStore {
  /**
   * Ends runs left `running` by a dead worker: those whose lease expired (a live owner renews its
   * lease while the run executes, so a run is never taken from a process that still runs it, in
   * this process or another one on the same database). A run with attempts left is queued again
   * (session `rescheduling`); otherwise it fails with a `run_interrupted` error event, its running
   * threads idle (session.thread_idled) and the session idles (session.status_idled).
   */
  recoverRuns(options: { maxAttempts: number }): RecoveryResult;
  /** Claims the oldest queued run of a session without a run in progress: session running + session.status_run_started. */
  claimRun(owner: string, leaseMs: number): ClaimedRun | null;
  /** Extends the lease; false when the run is no longer ours. */
  heartbeat(runId: string, owner: string, leaseMs: number): boolean;
  /** Whether the run is still running under this owner. */
  isActive(runId: string, owner: string): boolean;
  threadStatus(threadId: string): ThreadStatus | null;
  /**
   * Starts the sub-agent's thread for this run: creates it the first time (session.thread_created),
   * else marks it running. "terminated" when the thread was terminated; "finished" when it already
   * finished its part of this run (a re-run after a crash skips it); "lost" when the run is no longer ours.
   * `handOver`: the messages the coordinator hands to the thread, recorded once per run and thread
   * on the session's own history as `agent.thread_message_sent`.
   */
  startThread(
    runId: string,
    owner: string,
    agent: { id: string; version: number },
    handOver?: TextBlock[],
  ): { ok: true; thread_id: string } | { ok: false; reason: "terminated" | "finished" | "lost" };
  /**
   * Ends the thread's run: its output (or error event), then idle + session.thread_idled; its last
   * agent.message goes to the session's own history as `agent.thread_message_received`.
   * False (nothing written) when the thread was terminated meanwhile or the run is no longer ours.
   */
  finishThread(
    runId: string,
    owner: string,
    threadId: string,
    result: { outputs: RunOutput[]; error?: RunError },
  ): boolean;
  /**
   * The conversation so far of the session's primary thread (`threadId` null) or of one thread:
   * the user messages answered by this run or earlier ones, and the agent's messages, tool calls
   * and tool results in that thread, oldest first (at most `limit`, the newest). Null when the
   * run is no longer ours.
   */
  conversation(runId: string, owner: string, threadId: string | null, limit: number): ConversationEvent[] | null;
  /**
   * Records output of a run in progress (tool calls and their results as they happen, so a
   * resumed run does not repeat them). False (nothing written) when the run is no longer ours,
   * or the thread is no longer running.
   */
  recordOutputs(runId: string, owner: string, threadId: string | null, outputs: RunOutput[]): boolean;
  /** Records an error event in the session without ending the run (e.g. a sub-agent that can no longer run). */
  recordError(runId: string, owner: string, threadId: string | null, error: RunError): boolean;
  /**
   * Appends the output, completes the run, and idles the session (session.status_idled, with the
   * stop reason when given).
   */
  completeRun(runId: string, owner: string, outputs: RunOutput[], stopReason?: StopReason): boolean;
  /** Fails the run with an error event, idles its running threads and the session (session.status_idled). */
  failRun(runId: string, owner: string, error: RunError): boolean;
  /**
   * Pauses the turn until the user answers: the calls with these model ids (recorded by this run
   * as `agent.custom_tool_use`, or `agent.tool_use` needing a confirmation) are what it waits for.
   * The run is queued again but not claimable while it waits (`run_waits`); its threads and the
   * session idle with `stop_reason {type: "requires_action", event_ids}`. The last answer
   * (user.custom_tool_result / user.tool_confirmation; for `remoteToolUseIds`, the built-in calls
   * of a self-hosted environment, only its worker's user.tool_result) makes it claimable. False when the run is
   * no longer ours.
   */
  pauseRun(
    runId: string,
    owner: string,
    toolUseIds: string[],
    remote?: { toolUseIds: string[]; waitMs: number },
    /** The sub-agent thread whose calls the turn waits for (null: the session's own agent). */
    threadId?: string | null,
  ): boolean;
  /**
   * A retryable error (a model provider's rate limit, overload, server error) the run waits out:
   * a `session.error` with `retry_status` `retrying` (in the thread's history for a sub-agent's),
   * and a running session becomes `rescheduling` (session.status_rescheduled). False when the run
   * is no longer ours (interrupted meanwhile, for one).
   */
  rescheduleRun(runId: string, owner: string, threadId: string | null, error: RunError): boolean;
  /** The back-off is over and the run retries: a rescheduling session runs again (session.status_run_started). False when the run is no longer ours. */
  resumeRun(runId: string, owner: string): boolean;
  /**
   * Answers the worker calls whose wait ran out (`remote.waitMs` after the pause) with an error
   * `agent.tool_result` saying `message`, stops the session's work item, and makes the run
   * claimable when nothing else is pending; the number of calls answered.
   */
  expireWorkerWaits(message: string): number;
  /** Gives a run back on shutdown: queued again without counting the attempt, session `rescheduling`. */
  releaseRun(runId: string, owner: string): boolean;
}
