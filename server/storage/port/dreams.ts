/**
 * Dreams (`client.beta.dreams`): a job that reads a memory store and past sessions and writes a
 * reorganized store, run as a session of its own. Created `pending`; the dream worker
 * (server/agents/dreams/) starts it (`running`, with its session and output store); the end of its
 * session's first turn settles it (`completed` or `failed`, shared/dreams.ts); a cancel ends it
 * (`canceled`) whatever its session still does.
 */
import type { CreatedAtRange, Page, PageQuery } from "./common.ts";
import type { ModelUsage } from "./sessions.ts";

export type DreamStatus = "pending" | "running" | "completed" | "failed" | "canceled";

export type DreamInput =
  | { type: "memory_store"; memory_store_id: string }
  | { type: "sessions"; session_ids: string[] };

export type DreamOutputBehavior = { type: "create_new" } | { type: "update_existing"; memory_store_id: string };

export interface DreamError {
  type: string;
  message: string;
}

export interface DreamRecord {
  id: string;
  account_id: string;
  status: DreamStatus;
  inputs: DreamInput[];
  instructions: string | null;
  model: { id: string; speed: "standard" };
  output_behavior: DreamOutputBehavior;
  input_store_id: string;
  output_store_id: string | null;
  session_id: string | null;
  error: DreamError | null;
  /** The session's usage while it exists, else what was copied when the dream ended. */
  usage: ModelUsage;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

export interface NewDream {
  inputs: DreamInput[];
  instructions: string | null;
  model: { id: string; speed: "standard" };
  output_behavior: DreamOutputBehavior;
  input_store_id: string;
  session_ids: string[];
}

export type CreateDreamResult =
  | { ok: true; dream: DreamRecord }
  | { ok: false; reason: "store_not_found" | "store_archived" }
  | { ok: false; reason: "session_not_found"; session_id: string }
  /** Another `update_existing` dream of the store is pending or running. */
  | { ok: false; reason: "store_held"; dream_id: string | null };

export interface DreamListOptions {
  includeArchived: boolean;
  statuses: DreamStatus[] | undefined;
  createdAt: CreatedAtRange | undefined;
  page: PageQuery;
}

export interface DreamStore {
  createDream(accountId: string, input: NewDream): CreateDreamResult;
  getDream(accountId: string, id: string): DreamRecord | null;
  listDreams(accountId: string, options: DreamListOptions): Page<DreamRecord>;
  /** Archives an ended dream (unchanged when archived already); `active` while pending or running. */
  archiveDream(accountId: string, id: string): DreamRecord | null | "active";
  /**
   * Cancels a pending or running dream (unchanged when canceled already); `ended` when it
   * completed or failed. `session_id` is the session to interrupt (null when it had none).
   */
  cancelDream(accountId: string, id: string): { dream: DreamRecord; interrupt: string | null } | null | "ended";
  /** The oldest pending dreams of every account (for the worker). */
  pendingDreams(limit: number): DreamRecord[];
  /** Claims a pending dream (`running`); null when another process took it or it was canceled. */
  claimDream(id: string): DreamRecord | null;
  /** Records the started dream's session and output store (in the unit of work that made them). */
  setDreamStarted(id: string, sessionId: string, outputStoreId: string): void;
  /** Fails a pending or running dream (a start that could not be made); false when it had ended. */
  failDream(id: string, error: DreamError): boolean;
}
