/**
 * The agent runtime port: what the run worker calls to produce an agent's answer for one turn.
 * The built-in echo runtime implements it; a real model provider can be added beside it and
 * registered for its model names (see registry.ts) without touching the worker.
 */
import type { AgentConfig } from "../storage/port/agents.ts";
import type { RunOutput } from "../storage/port/runs.ts";
import type { TextBlock } from "../storage/port/sessions.ts";

export type { RunOutput } from "../storage/port/runs.ts";

/** One turn of one agent: the session's primary agent, or a sub-agent in its thread. */
export interface RuntimeTurn {
  session_id: string;
  /** The sub-agent's thread; null for the session's own agent. */
  session_thread_id: string | null;
  agent: { id: string; version: number; config: AgentConfig };
  /** The user messages this turn answers, oldest first. */
  messages: { content: TextBlock[] }[];
}

export interface AgentRuntime {
  /**
   * Produces the agent's output for the turn. The worker stores it atomically with the end of
   * the run, so a crash never leaves half an answer. Must settle promptly (rejecting) once
   * `signal` aborts: the thread was terminated, the session deleted, or the server stops.
   */
  run(turn: RuntimeTurn, signal: AbortSignal): Promise<RunOutput[]>;
}

/** The runtimes of this server, keyed by model name. */
export interface RuntimeRegistry {
  /** The model names served, sorted. */
  models(): string[];
  get(model: string): AgentRuntime | undefined;
}
