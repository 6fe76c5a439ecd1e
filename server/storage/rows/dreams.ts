/**
 * The dreams table's row and its mapping to a record: one copy for both adapters (JSON as text).
 * A read joins the dream's session for its live usage (`s_*`, null once the session is gone).
 */
import { newId } from "../../ids.ts";
import type {
  DreamError,
  DreamInput,
  DreamOutputBehavior,
  DreamRecord,
  DreamStatus,
  NewDream,
} from "../port/dreams.ts";

export interface DreamRow {
  id: string;
  account_id: string;
  status: DreamStatus;
  inputs: string;
  instructions: string | null;
  model: string;
  output_behavior: string;
  input_store_id: string;
  output_store_id: string | null;
  target_store_id: string | null;
  session_id: string | null;
  error: string | null;
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

const USAGE = ["input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"] as const;

/** A dream row with its session's usage columns (null when the session is gone or not started). */
export type DreamReadRow = DreamRow & { [K in (typeof USAGE)[number] as `s_${K}`]: number | null };

/** The dream's columns with its session's live usage: `FROM dreams d LEFT JOIN sessions s ...`. */
export const DREAM_SELECT = `SELECT d.*, ${USAGE.map((c) => `s.${c} AS s_${c}`).join(", ")}
  FROM dreams d LEFT JOIN sessions s ON s.id = d.session_id`;

export const DREAM_COLUMNS = [
  "id",
  "account_id",
  "status",
  "inputs",
  "instructions",
  "model",
  "output_behavior",
  "input_store_id",
  "output_store_id",
  "target_store_id",
  "session_id",
  "error",
  "archived_at",
  "created_at",
  "updated_at",
  "ended_at",
] as const;

export function newDreamRow(accountId: string, input: NewDream, now: string): DreamRow {
  return {
    id: newId("drm"),
    account_id: accountId,
    status: "pending",
    inputs: JSON.stringify(input.inputs),
    instructions: input.instructions,
    model: JSON.stringify(input.model),
    output_behavior: JSON.stringify(input.output_behavior),
    input_store_id: input.input_store_id,
    output_store_id: input.output_behavior.type === "update_existing" ? input.input_store_id : null,
    target_store_id: input.output_behavior.type === "update_existing" ? input.input_store_id : null,
    session_id: null,
    error: null,
    input_tokens: 0,
    output_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    archived_at: null,
    created_at: now,
    updated_at: now,
    ended_at: null,
  };
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

export function toDream(r: DreamRow | DreamReadRow): DreamRecord {
  const live = "s_input_tokens" in r && r.s_input_tokens !== null ? r : null;
  return {
    id: r.id,
    account_id: r.account_id,
    status: r.status,
    inputs: JSON.parse(r.inputs) as DreamInput[],
    instructions: r.instructions,
    model: JSON.parse(r.model) as DreamRecord["model"],
    output_behavior: JSON.parse(r.output_behavior) as DreamOutputBehavior,
    input_store_id: r.input_store_id,
    output_store_id: r.output_store_id,
    session_id: r.session_id,
    error: r.error === null ? null : (JSON.parse(r.error) as DreamError),
    usage: {
      input_tokens: n(live ? live.s_input_tokens : r.input_tokens),
      output_tokens: n(live ? live.s_output_tokens : r.output_tokens),
      cache_read_input_tokens: n(live ? live.s_cache_read_input_tokens : r.cache_read_input_tokens),
      cache_creation_input_tokens: n(live ? live.s_cache_creation_input_tokens : r.cache_creation_input_tokens),
    },
    archived_at: r.archived_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    ended_at: r.ended_at,
  };
}
