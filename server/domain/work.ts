/**
 * Self-hosted environments (API.md, "Work beyond the host"; docs/self-hosted.md): their keys and
 * their work queue, as both surfaces serve them. A key is `cak_env_` and 32 random bytes; only its
 * SHA-256 is stored, and it is shown once. The work operations follow `@anthropic-ai/sdk`'s
 * `client.beta.environments.work` (the shapes its `EnvironmentWorker` reads): a poll hands out the
 * oldest queued item (waiting up to `block_ms` for one), an ack leases it, heartbeats renew the
 * lease when they echo the stored heartbeat (412 with the lease's state otherwise), a stop asks the
 * worker to stop (or stops at once with `force`).
 */
import { randomBytes } from "node:crypto";
import type { Schema } from "../api.ts";
import type { Clock } from "../clock.ts";
import { hashToken } from "../crypto/secretBox.ts";
import { conflict, notFound, preconditionFailed } from "../errors.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";
import type { EnvironmentKeyRecord, WorkRecord } from "../storage/port/work.ts";
import { applyMetadataPatch } from "./metadata.ts";

export interface WorkDeps {
  storage: Storage;
  clock: Clock;
}

/** The SDK's defaults: a lease of 90 s (heartbeats every 30 s), a poll's handed-out item offered again after 5 s. */
export const DEFAULT_LEASE_SECONDS = 90;
export const DEFAULT_RECLAIM_MS = 5000;
/** A worker counts as polling for 30 s after its last poll (the SDK's `workers_polling`). */
export const WORKERS_POLLING_WINDOW_MS = 30_000;
/** How often a blocked poll looks again when no commit of this process woke it. */
const POLL_RECHECK_MS = 100;

export const ENVIRONMENT_KEY_PREFIX = "cak_env_";

type Work = Schema<"Work">;

export function environmentKeyView(k: EnvironmentKeyRecord): Schema<"EnvironmentKey"> {
  return {
    id: k.id,
    type: "environment_key",
    environment_id: k.environment_id,
    name: k.name,
    hint: k.hint,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    revoked_at: k.revoked_at,
  };
}

export function workView(w: WorkRecord): Work {
  return {
    id: w.id,
    type: "work",
    environment_id: w.environment_id,
    data: { type: "session", id: w.session_id },
    state: w.state,
    metadata: w.metadata,
    secret: null,
    created_at: w.created_at,
    acknowledged_at: w.acknowledged_at,
    started_at: w.started_at,
    latest_heartbeat_at: w.latest_heartbeat_at,
    stop_requested_at: w.stop_requested_at,
    stopped_at: w.stopped_at,
  };
}

const environmentNotFound = (id: string) => notFound(`No environment with id ${id.slice(0, 64)}.`);
const workNotFound = (id: string) => notFound(`No work item with id ${id.slice(0, 64)} in this environment.`);

/** The environment of the account, or 404. */
async function environmentOf(deps: WorkDeps, accountId: string, environmentId: string) {
  const env = await deps.storage.environments.getEnvironment(accountId, environmentId);
  if (!env) throw environmentNotFound(environmentId);
  return env;
}

export async function createEnvironmentKey(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  body: Schema<"CreateEnvironmentKeyRequest"> | undefined,
): Promise<Schema<"CreatedEnvironmentKey">> {
  const env = await environmentOf(deps, accountId, environmentId);
  if (env.config.type !== "self_hosted") {
    throw conflict("Only a self_hosted environment has keys: its sessions' tools run on its workers.");
  }
  if (env.archived_at) throw conflict("The environment is archived and takes no new keys.");
  const secret = `${ENVIRONMENT_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const key = await deps.storage.work.createKey(accountId, environmentId, {
    name: body?.name ?? null,
    keyHash: hashToken(secret),
    hint: `${secret.slice(0, ENVIRONMENT_KEY_PREFIX.length + 4)}…`,
  });
  return { ...environmentKeyView(key), last_used_at: null, revoked_at: null, secret };
}

export async function listEnvironmentKeys(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
): Promise<Schema<"EnvironmentKeyList">> {
  await environmentOf(deps, accountId, environmentId);
  return { data: (await deps.storage.work.listKeys(accountId, environmentId)).map(environmentKeyView) };
}

export async function revokeEnvironmentKey(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  keyId: string,
): Promise<Schema<"EnvironmentKey">> {
  await environmentOf(deps, accountId, environmentId);
  const key = await deps.storage.work.revokeKey(accountId, environmentId, keyId);
  if (!key) throw notFound(`No key with id ${keyId.slice(0, 64)} in this environment.`);
  return environmentKeyView(key);
}

export interface PollOptions {
  blockMs: number;
  reclaimOlderThanMs: number;
  workerId: string | null;
  /** Ends the wait early (the client went away). */
  signal?: AbortSignal;
}

/**
 * Hands out the oldest claimable item, waiting up to `blockMs` for one: woken by this process's
 * commits at once, and looking again every 100 ms for other processes' (replicas on PostgreSQL).
 */
export async function pollWork(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  options: PollOptions,
): Promise<Work | null> {
  await environmentOf(deps, accountId, environmentId);
  const deadline = deps.clock.now().getTime() + options.blockMs;
  for (;;) {
    const item = await deps.storage.work.poll(environmentId, options.workerId, options.reclaimOlderThanMs);
    if (item) return workView(item);
    const left = deadline - deps.clock.now().getTime();
    if (left <= 0 || options.signal?.aborted) return null;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        options.signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, POLL_RECHECK_MS));
      const off = deps.storage.on("commit", done);
      options.signal?.addEventListener("abort", done);
    });
  }
}

export async function ackWork(deps: WorkDeps, accountId: string, environmentId: string, workId: string) {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.ack(environmentId, workId, DEFAULT_LEASE_SECONDS);
  if (result === null) throw workNotFound(workId);
  if (result === "conflict")
    throw conflict("The work item is not queued: another worker acknowledged it, or it stopped.");
  return workView(result);
}

/** What is left of a lease, in whole seconds (0 when none). */
function ttlLeft(deps: WorkDeps, record: WorkRecord): number {
  if (!record.lease_expires_at) return 0;
  return Math.max(0, Math.ceil((new Date(record.lease_expires_at).getTime() - deps.clock.now().getTime()) / 1000));
}

export async function heartbeatWork(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  workId: string,
  options: { desiredTtlSeconds: number | undefined; expected: string | undefined },
): Promise<Schema<"WorkHeartbeat">> {
  await environmentOf(deps, accountId, environmentId);
  const ttl = options.desiredTtlSeconds ?? DEFAULT_LEASE_SECONDS;
  const result = await deps.storage.work.heartbeat(environmentId, workId, options.expected ?? null, ttl);
  if (!result) throw workNotFound(workId);
  const { record } = result;
  if (result.outcome === "precondition_failed") {
    throw preconditionFailed(
      record.state === "queued"
        ? `The lease of ${workId} ran out and the item was queued again; another worker may hold it now.`
        : `The lease of ${workId} is held with another heartbeat than expected_last_heartbeat; another worker may hold it.`,
      {
        error_code: "heartbeat_precondition_failed",
        current_state: {
          last_heartbeat: record.latest_heartbeat_at,
          lease_extended: false,
          state: record.state,
          ttl_seconds: ttlLeft(deps, record),
        },
      },
    );
  }
  const extended = result.outcome === "renewed";
  return {
    type: "work_heartbeat",
    last_heartbeat: record.latest_heartbeat_at ?? "",
    lease_extended: extended,
    state: record.state,
    ttl_seconds: extended ? record.lease_ttl_seconds : 0,
  };
}

export async function stopWork(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  workId: string,
  force: boolean,
): Promise<Work> {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.stop(environmentId, workId, force);
  if (result === null) throw workNotFound(workId);
  if (result === "stopped") throw conflict("The work item is stopped already.");
  return workView(result);
}

/** A worker hands its item back (cloud-agents worker on SIGTERM): queued again, or stopped when stopping. */
export async function releaseWork(deps: WorkDeps, accountId: string, environmentId: string, workId: string) {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.release(environmentId, workId);
  if (result === null) throw workNotFound(workId);
  if (result === "conflict") throw conflict("The work item is not held by a worker: it is queued or stopped.");
  return workView(result);
}

export async function updateWork(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  workId: string,
  patch: Record<string, string | null>,
): Promise<Work> {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.update(environmentId, workId, (current) => applyMetadataPatch(current, patch));
  if (!result) throw workNotFound(workId);
  return workView(result);
}

export async function getWork(deps: WorkDeps, accountId: string, environmentId: string, workId: string) {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.get(environmentId, workId);
  if (!result) throw workNotFound(workId);
  return workView(result);
}

export async function listWork(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
  page: PageQuery,
): Promise<Page<Work>> {
  await environmentOf(deps, accountId, environmentId);
  const result = await deps.storage.work.list(environmentId, page);
  return { ...result, data: result.data.map(workView) };
}

export async function workStats(
  deps: WorkDeps,
  accountId: string,
  environmentId: string,
): Promise<Schema<"WorkQueueStats">> {
  await environmentOf(deps, accountId, environmentId);
  const since = new Date(deps.clock.now().getTime() - WORKERS_POLLING_WINDOW_MS).toISOString();
  const stats = await deps.storage.work.stats(environmentId, DEFAULT_RECLAIM_MS, since);
  return { type: "work_queue_stats", ...stats };
}
