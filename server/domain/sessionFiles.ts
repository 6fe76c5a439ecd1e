/**
 * The files of a session's workspace (API.md, "Files of a session"): listed, downloaded, and
 * uploaded before or between turns. Paths are walked inside the workspace by sandbox/safeFs.ts,
 * as the built-in tools' are: no link the session made leads out, and only regular files and
 * folders are read or written. A path leaving the workspace is a 400 naming `path`; `skills/`
 * shows the agent's skills (read-only: an upload there is a 409).
 */
import { rm } from "node:fs/promises";
import type { Schema } from "../api.ts";
import { type ApiError, conflict, invalidRequest, notFound } from "../errors.ts";
import { listIn, type Place, readFileIn, WorkspacePathError, withFolderIn, writeFileIn } from "../sandbox/safeFs.ts";
import { SKILLS_DIR, WORKSPACE_MOUNT, type Workspaces, workspaceRelative } from "../sandbox/workspace.ts";
import { WorkspaceTooLargeError } from "../sandbox/workspaceSnapshots.ts";
import type { Storage } from "../storage/port/index.ts";
import type { SessionRecord } from "../storage/port/sessions.ts";

type SessionFile = Schema<"SessionFile">;
interface Deps {
  storage: Storage;
  workspaces: Workspaces;
}

async function sessionOf(deps: Deps, accountId: string, sessionId: string): Promise<SessionRecord> {
  const session = await deps.storage.sessions.getSession(accountId, sessionId);
  if (!session) throw notFound(`No session with id ${sessionId.slice(0, 64)}.`);
  return session;
}

/** The path's words relative to the workspace; a 400 naming `path` when they leave it. */
function relativePath(path: string): string {
  try {
    return workspaceRelative(path);
  } catch (err) {
    if (err instanceof WorkspacePathError) throw invalidRequest(`path: ${err.message}`, "path");
    throw err;
  }
}

/** Where a path lands: the workspace, or the skills folder for `skills/...`. */
function placeOf(deps: Deps, sessionId: string, rel: string): { place: Place; rel: string; prefix: string } {
  if (rel === SKILLS_DIR || rel.startsWith(`${SKILLS_DIR}/`)) {
    return {
      place: { root: deps.workspaces.skillsFolder(sessionId), mount: `${WORKSPACE_MOUNT}/${SKILLS_DIR}` },
      rel: rel.slice(SKILLS_DIR.length + 1),
      prefix: SKILLS_DIR,
    };
  }
  return { place: deps.workspaces.place(sessionId), rel, prefix: "" };
}

/** The answer a path problem gets: reads answer 404 for what is not there to read, writes 409. */
function pathAnswer(err: unknown, path: string, write: boolean): unknown {
  if (!(err instanceof WorkspacePathError)) return err;
  const message = `path: ${err.message.replace(/^\/workspace\S*/, path)}`;
  switch (err.problem) {
    case "not_found":
      return notFound(message, "path");
    case "not_directory":
    case "is_directory":
    case "special":
      return write ? conflict(message, "path") : notFound(message, "path");
    default:
      return invalidRequest(message, "path");
  }
}

async function answering<T>(path: string, write: boolean, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw pathAnswer(err, path, write) as ApiError | Error;
  }
}

const joinRel = (a: string, b: string) => (a && b ? `${a}/${b}` : a || b);

function entryOf(path: string, stats: import("node:fs").Stats): SessionFile {
  return {
    path,
    type: stats.isDirectory() ? "directory" : "file",
    size_bytes: stats.isDirectory() ? 0 : stats.size,
    modified_at: stats.mtime.toISOString(),
  };
}

export async function listFiles(
  deps: Deps,
  accountId: string,
  sessionId: string,
  path: string | undefined,
): Promise<{ data: SessionFile[] }> {
  await sessionOf(deps, accountId, sessionId);
  const rel = relativePath(path ?? ".");
  // On PostgreSQL the last turn may have run on another replica: its saved workspace first.
  await deps.workspaces.restore(sessionId);
  if (!(await deps.workspaces.exists(sessionId))) return { data: [] };
  const at = placeOf(deps, sessionId, rel);
  const listed = await answering(path ?? ".", false, async () => {
    try {
      return await listIn(at.place, at.rel);
    } catch (err) {
      // A file named: the listing is refused as before (it is downloaded from /files/content).
      if (err instanceof WorkspacePathError && err.problem === "not_directory" && at.rel !== "") {
        throw invalidRequest(`path: ${path} is a file; download it from /files/content.`, "path");
      }
      // The skills folder of a session without skills is an empty folder.
      if (err instanceof WorkspacePathError && err.problem === "not_found" && at.prefix && at.rel === "") {
        return { rel: "", entries: [] };
      }
      throw err;
    }
  });
  const base = joinRel(at.prefix, listed.rel);
  // Regular files and folders only (a link, FIFO or socket of the session is not listed as one).
  const data = listed.entries
    .filter((e) => e.stats.isFile() || e.stats.isDirectory())
    .map((e) => entryOf(joinRel(base, e.name), e.stats));
  return { data };
}

export async function readFileContent(
  deps: Deps,
  accountId: string,
  sessionId: string,
  path: string,
): Promise<{ name: string; content: Buffer }> {
  await sessionOf(deps, accountId, sessionId);
  const rel = relativePath(path);
  await deps.workspaces.restore(sessionId);
  if (!(await deps.workspaces.exists(sessionId))) throw notFound(`path: ${path} does not exist.`, "path");
  const at = placeOf(deps, sessionId, rel);
  const read = await answering(path, false, () => readFileIn(at.place, at.rel));
  return { name: read.rel.split("/").pop() || rel.split("/").pop() || "file", content: read.bytes };
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
  const rel = relativePath(path);
  if (rel === "") throw invalidRequest("path: name a file, not the workspace itself.", "path");
  if (rel === SKILLS_DIR || rel.startsWith(`${SKILLS_DIR}/`)) {
    throw conflict(`path: ${path} is under ${SKILLS_DIR}/, which holds the agent's skills read-only.`, "path");
  }
  await deps.workspaces.open(sessionId);
  const owner = await deps.workspaces.owner(sessionId);
  const place = deps.workspaces.place(sessionId);
  const written = await answering(path, true, () => writeFileIn(place, rel, content, { owner, mkdirs: true }));
  try {
    // On PostgreSQL the replica that runs the next turn restores the workspace with the file.
    await deps.workspaces.save(sessionId);
  } catch (err) {
    if (!(err instanceof WorkspaceTooLargeError)) throw err;
    const parts = written.rel.split("/");
    await withFolderIn(place, parts.slice(0, -1).join("/"), (folder) =>
      rm(`${folder}/${parts.pop()}`, { force: true }),
    );
    throw invalidRequest(`file: ${err.message}`, "file");
  }
  return entryOf(written.rel, written.stats);
}
