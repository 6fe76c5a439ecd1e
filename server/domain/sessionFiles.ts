/**
 * The files of a session's workspace (API.md, "Files of a session"): listed, downloaded, and
 * uploaded before or between turns. Paths resolve inside the workspace with symlinks resolved,
 * as the built-in tools' do; a path leaving it is a 400 naming `path`.
 */
import { lstat, mkdir, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import type { Schema } from "../api.ts";
import type { AppDeps } from "../appDeps.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import { resolveInWorkspace, WorkspacePathError, workspaceRelative } from "../sandbox/workspace.ts";
import { WorkspaceTooLargeError } from "../sandbox/workspaceSnapshots.ts";
import type { SessionRecord } from "../storage/port/sessions.ts";
import { SKILLS_DIR } from "../tools/skills.ts";

type SessionFile = Schema<"SessionFile">;
type Deps = Pick<AppDeps, "storage" | "workspaces" | "config">;

async function sessionOf(deps: Deps, accountId: string, sessionId: string): Promise<SessionRecord> {
  const session = await deps.storage.sessions.getSession(accountId, sessionId);
  if (!session) throw notFound(`No session with id ${sessionId.slice(0, 64)}.`);
  return session;
}

async function resolvePath(root: string, path: string): Promise<string> {
  try {
    return await resolveInWorkspace(root, path);
  } catch (err) {
    if (err instanceof WorkspacePathError) throw invalidRequest(`path: ${err.message}`, "path");
    throw err;
  }
}

async function entry(realRoot: string, hostPath: string): Promise<SessionFile> {
  const s = await lstat(hostPath);
  return {
    path: relative(realRoot, hostPath).split(sep).join("/"),
    type: s.isDirectory() ? "directory" : "file",
    size_bytes: s.isDirectory() ? 0 : s.size,
    modified_at: s.mtime.toISOString(),
  };
}

export async function listFiles(
  deps: Deps,
  accountId: string,
  sessionId: string,
  path: string | undefined,
): Promise<{ data: SessionFile[] }> {
  await sessionOf(deps, accountId, sessionId);
  // On PostgreSQL the last turn may have run on another replica: its saved workspace first.
  await deps.workspaces.restore(sessionId);
  if (!(await deps.workspaces.exists(sessionId))) {
    if (path !== undefined) workspaceCheck(path);
    return { data: [] };
  }
  const root = deps.workspaces.folder(sessionId);
  const realRoot = await realpath(root);
  const folder = await resolvePath(root, path ?? ".");
  const info = await stat(folder).catch(() => null);
  if (!info) throw notFound(`path: ${path} does not exist in the session's workspace.`, "path");
  if (!info.isDirectory()) throw invalidRequest(`path: ${path} is a file; download it from /files/content.`, "path");
  const names = (await readdir(folder)).sort();
  const data: SessionFile[] = [];
  for (const name of names) {
    const e = await entry(realRoot, join(folder, name)).catch(() => null);
    if (e) data.push(e);
  }
  return { data };
}

function workspaceCheck(path: string): void {
  try {
    workspaceRelative(path);
  } catch (err) {
    if (err instanceof WorkspacePathError) throw invalidRequest(`path: ${err.message}`, "path");
    throw err;
  }
}

export async function readFileContent(
  deps: Deps,
  accountId: string,
  sessionId: string,
  path: string,
): Promise<{ name: string; content: Buffer }> {
  await sessionOf(deps, accountId, sessionId);
  workspaceCheck(path);
  await deps.workspaces.restore(sessionId);
  if (!(await deps.workspaces.exists(sessionId))) throw notFound(`path: ${path} does not exist.`, "path");
  const file = await resolvePath(deps.workspaces.folder(sessionId), path);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound(`path: ${path} is not a file of the session's workspace.`, "path");
  return { name: basename(file), content: await readFile(file) };
}

export async function writeFileContent(
  deps: Deps,
  accountId: string,
  sessionId: string,
  path: string,
  content: Buffer,
): Promise<SessionFile> {
  const session = await sessionOf(deps, accountId, sessionId);
  if (session.archived_at) throw conflict(`Session ${sessionId} is archived; its files cannot change.`);
  if (session.status === "running" || session.status === "rescheduling") {
    throw conflict(`Session ${sessionId} is running a turn; upload the file when it is idle.`);
  }
  const rel = (() => {
    try {
      return workspaceRelative(path);
    } catch (err) {
      if (err instanceof WorkspacePathError) throw invalidRequest(`path: ${err.message}`, "path");
      throw err;
    }
  })();
  if (rel === "") throw invalidRequest("path: name a file, not the workspace itself.", "path");
  if (rel === SKILLS_DIR || rel.startsWith(`${SKILLS_DIR}/`)) {
    throw conflict(`path: ${path} is under ${SKILLS_DIR}/, which holds the agent's skills read-only.`, "path");
  }
  const root = await deps.workspaces.open(sessionId);
  const target = await resolvePath(root, path);
  const existing = await lstat(target).catch(() => null);
  if (existing?.isDirectory()) throw conflict(`path: ${path} is a folder.`, "path");
  await mkdir(dirname(target), { recursive: true });
  const final = await resolvePath(root, path);
  await writeFile(final, content);
  try {
    // On PostgreSQL the replica that runs the next turn restores the workspace with the file.
    await deps.workspaces.save(sessionId);
  } catch (err) {
    if (!(err instanceof WorkspaceTooLargeError)) throw err;
    await rm(final, { force: true });
    throw invalidRequest(`file: ${err.message}`, "file");
  }
  return entry(await realpath(root), final);
}
