/**
 * The workspace of a self-hosted session, between the server and its workers (docs/self-hosted.md,
 * "The worker's workspace"): a worker that takes a session's item downloads the workspace the
 * server holds, and saves it back at the end of each turn and when it hands the item back, so
 * that whichever worker runs the next turn (and the files API) sees what the commands did. The
 * archive is the format the server saves workspaces in (sandbox/workspaceArchive.ts).
 *
 * An upload is unpacked into a folder of its own beside the workspaces first (every entry made
 * without following a link: an archive is hostile input), then put in place of the session's
 * folder by two renames: a damaged archive leaves the workspace as it was.
 */
import { randomBytes } from "node:crypto";
import { lstat, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Schema } from "../api.ts";
import type { Clock } from "../clock.ts";
import { ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { SKILLS_DIR, type Workspaces } from "../sandbox/workspace.ts";
import { WorkspaceTooLargeError } from "../sandbox/workspaceSnapshots.ts";
import type { Storage } from "../storage/port/index.ts";
import type { WorkRecord } from "../storage/port/work.ts";

export interface WorkWorkspaceDeps {
  storage: Storage;
  workspaces: Workspaces;
  clock: Clock;
}

const KEEP = [SKILLS_DIR] as const;

/** The account's environment's item, held by a worker (acked, its lease running), or 404/409. */
async function heldItem(
  deps: WorkWorkspaceDeps,
  accountId: string,
  environmentId: string,
  workId: string,
): Promise<WorkRecord> {
  if (!(await deps.storage.environments.getEnvironment(accountId, environmentId))) {
    throw notFound(`No environment with id ${environmentId.slice(0, 64)}.`);
  }
  const item = await deps.storage.work.get(environmentId, workId);
  if (!item) throw notFound(`No work item with id ${workId.slice(0, 64)} in this environment.`);
  const held =
    (item.state === "starting" || item.state === "active" || item.state === "stopping") &&
    item.lease_expires_at !== null &&
    new Date(item.lease_expires_at).getTime() >= deps.clock.now().getTime();
  if (!held) {
    throw conflict(
      `The work item is ${item.state}${item.state === "queued" ? "" : " and its lease is not running"}: only the worker that holds it reads or saves its session's workspace.`,
    );
  }
  return item;
}

/** The session's workspace as an archive, or null when it has none yet. */
export async function downloadWorkWorkspace(
  deps: WorkWorkspaceDeps,
  accountId: string,
  environmentId: string,
  workId: string,
): Promise<Uint8Array | null> {
  const item = await heldItem(deps, accountId, environmentId, workId);
  await deps.workspaces.restore(item.session_id);
  if (!(await deps.workspaces.exists(item.session_id))) return null;
  const { packWorkspace } = await import("../sandbox/workspaceArchive.ts");
  return packWorkspace(deps.workspaces.folder(item.session_id), KEEP);
}

/** Replaces the session's workspace with the archive's (skills/ kept); on PostgreSQL saved for every replica. */
export async function uploadWorkWorkspace(
  deps: WorkWorkspaceDeps,
  accountId: string,
  environmentId: string,
  workId: string,
  archive: Buffer,
): Promise<Schema<"WorkWorkspace">> {
  const item = await heldItem(deps, accountId, environmentId, workId);
  if (archive.byteLength === 0) throw invalidRequest("The body is empty: send the workspace's archive.");
  const sessionId = item.session_id;
  const folder = deps.workspaces.folder(sessionId);
  const staging = join(deps.workspaces.root, `.upload-${sessionId}-${randomBytes(6).toString("hex")}`);
  const aside = `${staging}.old`;
  const { unpackWorkspace } = await import("../sandbox/workspaceArchive.ts");
  try {
    try {
      await unpackWorkspace(archive, staging, KEEP);
    } catch (err) {
      // A file-system failure is the server's; anything else is an archive it cannot read.
      if (typeof (err as NodeJS.ErrnoException).code === "string") throw err;
      throw invalidRequest(
        `The archive cannot be read: ${err instanceof Error ? err.message : String(err)}. Send the archive a download of this workspace answered, as cloud-agents worker makes it.`,
      );
    }
    const kept = await lstat(join(folder, SKILLS_DIR)).catch(() => null);
    if (kept) await rename(join(folder, SKILLS_DIR), join(staging, SKILLS_DIR));
    const existed = await deps.workspaces.exists(sessionId);
    if (existed) await rename(folder, aside);
    await rename(staging, folder);
    await rm(aside, { recursive: true, force: true });
    // The unpacked tree belongs to the server's user: the session's uid takes it back.
    await deps.workspaces.open(sessionId);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  try {
    await deps.workspaces.save(sessionId);
  } catch (err) {
    if (err instanceof WorkspaceTooLargeError) throw new ApiError("request_too_large", err.message);
    throw err;
  }
  return {
    type: "work_workspace",
    session_id: sessionId,
    size_bytes: archive.byteLength,
    saved_at: deps.clock.now().toISOString(),
  };
}
