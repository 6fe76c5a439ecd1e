/**
 * The environments table's row, its mapping to a record and the rows a change writes: one copy
 * for both adapters (the PostgreSQL schema mirrors SQLite's, JSON as text).
 */
import { newId } from "../../ids.ts";
import type { Metadata } from "../port/common.ts";
import type { EnvironmentConfig, EnvironmentFields, EnvironmentRecord } from "../port/environments.ts";
import { canonicalJson } from "./json.ts";

export interface EnvironmentRow {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  config: string;
  metadata: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export const ENVIRONMENT_COLUMNS =
  "id, account_id, name, description, config, metadata, archived_at, created_at, updated_at";

export const toEnvironment = (r: EnvironmentRow): EnvironmentRecord => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  description: r.description,
  config: JSON.parse(r.config) as EnvironmentConfig,
  metadata: JSON.parse(r.metadata) as Metadata,
  archived_at: r.archived_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const newEnvironmentRow = (accountId: string, input: EnvironmentFields, now: string): EnvironmentRow => ({
  id: newId("env"),
  account_id: accountId,
  name: input.name,
  description: input.description,
  config: JSON.stringify(input.config),
  metadata: JSON.stringify(input.metadata),
  archived_at: null,
  created_at: now,
  updated_at: now,
});

/**
 * The row with the fields an update asks for, or null when they change nothing: an update that
 * changes nothing is not a change (no write, no event).
 */
export function updatedEnvironmentRow(
  row: EnvironmentRow,
  current: EnvironmentRecord,
  next: EnvironmentFields,
  now: string,
): EnvironmentRow | null {
  const fields = (e: EnvironmentFields) => canonicalJson([e.name, e.description, e.config, e.metadata]);
  if (fields(next) === fields(current)) return null;
  return {
    ...row,
    name: next.name,
    description: next.description,
    config: JSON.stringify(next.config),
    metadata: JSON.stringify(next.metadata),
    updated_at: now,
  };
}
