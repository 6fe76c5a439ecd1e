/**
 * The session tables' rows, their mapping to records and the rows a change writes: one copy for
 * both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { DeploymentRunError } from "../port/deployments.ts";
import type { EventKind } from "../port/outbox.ts";
import type {
  AppendRefusal,
  CreateSessionResult,
  NewSession,
  SessionEventRecord,
  SessionEventType,
  SessionRecord,
  ThreadRecord,
} from "../port/sessions.ts";

/** A `sessions` row: the record with its JSON columns as text. */
export type SessionRow = Omit<SessionRecord, "metadata" | "vault_ids"> & { metadata: string; vault_ids: string };

export interface SessionEventRow {
  id: string;
  session_id: string;
  session_thread_id: string | null;
  type: SessionEventType;
  body: string;
  run_id: string | null;
  created_at: string;
}

export const SESSION_COLUMNS =
  "id, account_id, agent_id, agent_version, environment_id, title, status, metadata, vault_ids, environment_variables, archived_at, created_at, updated_at";
export const EVENT_COLUMNS = "id, session_id, session_thread_id, type, body, run_id, created_at";
export const THREAD_COLUMNS = "id, session_id, agent_id, agent_version, status, created_at, updated_at";

export const toSession = (r: SessionRow): SessionRecord => ({
  ...r,
  metadata: JSON.parse(r.metadata) as Metadata,
  vault_ids: JSON.parse(r.vault_ids) as string[],
});

/** The kind-specific fields of an event, as stored in its `body` column. */
export type EventBody = Pick<
  SessionEventRecord,
  | "content"
  | "error"
  | "tool_use"
  | "tool_result"
  | "stop_reason"
  | "custom_tool_use"
  | "custom_tool_result"
  | "tool_confirmation"
>;

const BODY_FIELDS = [
  "content",
  "error",
  "tool_use",
  "tool_result",
  "stop_reason",
  "custom_tool_use",
  "custom_tool_result",
  "tool_confirmation",
] as const satisfies readonly (keyof EventBody)[];

/** The kind-specific fields present in `e`, as stored. */
function bodyOf(e: EventBody): EventBody {
  const body: Record<string, unknown> = {};
  for (const field of BODY_FIELDS) if (e[field] !== undefined) body[field] = e[field];
  return body as EventBody;
}

export const toSessionEvent = (
  r: Pick<SessionEventRow, Exclude<keyof SessionEventRow, "run_id">>,
): SessionEventRecord => {
  const body = JSON.parse(r.body) as EventBody;
  return {
    id: r.id,
    session_id: r.session_id,
    session_thread_id: r.session_thread_id,
    type: r.type,
    ...bodyOf(body),
    created_at: r.created_at,
  };
};

export const toThread = (r: ThreadRecord): ThreadRecord => ({
  id: r.id,
  session_id: r.session_id,
  agent_id: r.agent_id,
  agent_version: r.agent_version,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** An event to append to a session's history (see each adapter's insertSessionEvent). */
export type NewSessionEvent = {
  session_id: string;
  session_thread_id?: string | null;
  type: SessionEventType;
  run_id?: string | null;
} & EventBody;

export const newSessionEventRow = (e: NewSessionEvent, now: string): SessionEventRow => ({
  id: newId("sevt"),
  session_id: e.session_id,
  session_thread_id: e.session_thread_id ?? null,
  type: e.type,
  body: JSON.stringify(bodyOf(e)),
  run_id: e.run_id ?? null,
  created_at: now,
});

/** A new session's row: idle, at the agent version it was checked against. */
export const newSessionRow = (accountId: string, input: NewSession, agentVersion: number, now: string): SessionRow => ({
  id: newId("sess"),
  account_id: accountId,
  agent_id: input.agent.id,
  agent_version: agentVersion,
  environment_id: input.environment_id,
  title: input.title,
  status: "idle",
  metadata: JSON.stringify(input.metadata),
  vault_ids: JSON.stringify(input.vault_ids),
  environment_variables: input.environment_variables,
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/** The status and thread changes recorded in a session's history and in the outbox (recordLifecycle). */
export type LifecycleKind = Extract<
  EventKind,
  | "session.status_run_started"
  | "session.status_idled"
  | "session.thread_created"
  | "session.thread_idled"
  | "session.thread_terminated"
>;

/** The error of a deployment run still in its session's first turn when that session's work ends (endSessionWork). */
export const endedWorkError = (
  reason: "session_archived" | "agent_deleted",
  session: Pick<SessionRow, "agent_id">,
): DeploymentRunError =>
  reason === "agent_deleted"
    ? {
        type: "agent_unavailable",
        message: `The agent ${session.agent_id} was deleted while the run was in progress.`,
      }
    : { type: "session_archived", message: "The run's session was archived before its first turn ended." };

/** Aborts a store transaction with a refusal (rolled back, then returned to the caller). */
export class Refusal extends Error {
  constructor(readonly result: AppendRefusal | Exclude<CreateSessionResult, { ok: true }>) {
    super(result.reason);
  }
}
