/** The rows of environment_keys and environment_work (migration 021) and their records: one copy for both adapters. */
import type { Metadata } from "../port/common.ts";
import type { EnvironmentKeyRecord, WorkRecord, WorkState } from "../port/work.ts";

export interface EnvironmentKeyRow {
  id: string;
  account_id: string;
  environment_id: string;
  name: string | null;
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const ENVIRONMENT_KEY_COLUMNS =
  "id, account_id, environment_id, name, hint, created_at, last_used_at, revoked_at";

export const toEnvironmentKey = (r: EnvironmentKeyRow): EnvironmentKeyRecord => ({ ...r });

export interface WorkRow {
  id: string;
  account_id: string;
  environment_id: string;
  session_id: string;
  state: string;
  metadata: string;
  polled_at: string | null;
  acknowledged_at: string | null;
  started_at: string | null;
  latest_heartbeat_at: string | null;
  lease_expires_at: string | null;
  lease_ttl_seconds: number;
  leases_lost: number;
  stop_requested_at: string | null;
  stopped_at: string | null;
  created_at: string;
}

export const WORK_COLUMNS =
  "id, account_id, environment_id, session_id, state, metadata, polled_at, acknowledged_at, started_at, " +
  "latest_heartbeat_at, lease_expires_at, lease_ttl_seconds, leases_lost, stop_requested_at, stopped_at, created_at";

export const toWork = (r: WorkRow): WorkRecord => ({
  ...r,
  state: r.state as WorkState,
  metadata: JSON.parse(r.metadata) as Metadata,
  lease_ttl_seconds: Number(r.lease_ttl_seconds),
  leases_lost: Number(r.leases_lost),
});

/** `iso` moved by `ms` milliseconds, as stored. */
export const plusMs = (iso: string, ms: number): string => new Date(new Date(iso).getTime() + ms).toISOString();
