/**
 * The agent runtime port: what the run worker calls to produce an agent's answer for one turn.
 * The built-in echo runtime and the model runtimes (Anthropic, OpenAI-compatible) implement it;
 * registry.ts picks one by the agent's model name.
 */
import type { AgentConfig } from "../../storage/port/agents.ts";
import type { ConversationEvent, RunError, RunOutput } from "../../storage/port/runs.ts";
import type { RunErrorType, SessionError, TextBlock } from "../../storage/port/sessions.ts";

export type { ConversationEvent, RunOutput } from "../../storage/port/runs.ts";

/** One turn of one agent: the session's primary agent, or a sub-agent in its thread. */
export interface RuntimeTurn {
  account_id: string;
  session_id: string;
  run_id: string;
  /** The sub-agent's thread; null for the session's own agent. */
  session_thread_id: string | null;
  agent: { id: string; version: number; config: AgentConfig };
  /** The user messages this turn answers, oldest first. */
  messages: { content: TextBlock[] }[];
  /** The session's vaults, in order: the first active credential for an MCP server's URL is used. */
  vault_ids: string[];
  /**
   * The conversation so far in this thread (user messages, agent messages, tool calls and
   * results, oldest first), including what an interrupted earlier attempt of this run recorded;
   * the newest `limit` events.
   */
  conversation(limit: number): Promise<ConversationEvent[]>;
  /**
   * Records output while the run goes on (tool calls and their results, as they happen), so a run
   * resumed after a restart does not repeat them. Throws when the run (or thread) is no longer
   * wanted; the turn's signal is aborted then too. Waits (asynchronously) while another process
   * holds the database's write lock.
   */
  record(outputs: RunOutput[]): Promise<void>;
  /**
   * A retryable error the turn waits out (`session.error` with `retry_status` `retrying`, the
   * session `rescheduling`), then its end (the session `running` again). Both reject, aborting the
   * turn, when the run is no longer wanted (a `user.interrupt` during the back-off, for one).
   */
  reschedule(error: RunError): Promise<void>;
  resume(): Promise<void>;
  /** Whether the session's token budget is reached (checked before each model request). */
  budgetReached(): Promise<boolean>;
  /**
   * Live text of an agent message the model is streaming (never stored): `start` once per
   * model request that streams text, then each piece. A no-op when no stream listens.
   */
  live(delta: { kind: "start" } | { kind: "delta"; text: string }): void;
}

export interface AgentRuntime {
  /**
   * Produces the agent's final output for the turn (what was not recorded on the way). The worker
   * stores it atomically with the end of the run. Must settle promptly (rejecting) once `signal`
   * aborts: the thread was terminated, the session deleted, or the server stops. A TurnError
   * ends the turn with a `session.error` of its type.
   */
  run(turn: RuntimeTurn, signal: AbortSignal): Promise<RunOutput[]>;
}

/** A failure that ends a turn with a `session.error` of a specific type and a readable message. */
export class TurnError extends Error {
  constructor(
    readonly type: RunErrorType,
    message: string,
    /** What the `session.error` says besides: the provider's HTTP status, the MCP server concerned. */
    readonly detail: Pick<SessionError, "provider_status" | "mcp_server_name"> = {},
  ) {
    super(message);
    this.name = "TurnError";
  }
}

/** The runtimes of this server, keyed by model name. */
export interface RuntimeRegistry {
  /** The model names (or patterns) served, sorted. */
  models(): string[];
  get(model: string): AgentRuntime | undefined;
}
