/**
 * Where a file tool's path lands: in the session's workspace (`/workspace/...`, or a relative
 * path), or in one of the session's memory stores (`/mnt/memory/<store name>/...`, materialised by
 * memoryMount.ts). Either way the path resolves inside its place with symlinks resolved
 * (sandbox/workspace.ts); the answer says how the tools show it and why it may not be changed.
 */
import { realpath } from "node:fs/promises";
import { join, posix, relative, sep } from "node:path";
import { resolveInWorkspace, WORKSPACE_MOUNT, WorkspacePathError } from "../sandbox/workspace.ts";
import type { MemoryView, ToolContext } from "./types.ts";

/** Where the tools see the session's memory stores, one folder each. */
export const MEMORY_MOUNT = "/mnt/memory";

export interface ToolPath {
  /** The path on the host. */
  host: string;
  /** The real folder the path is inside, and how the tools see that folder. */
  root: string;
  mount: string;
  /** Why the path cannot be changed, or null. */
  readOnly: string | null;
  /** Whether it is in a memory store (the memory limits apply, not the workspace quota). */
  memory: boolean;
}

/** Whether `path` is under MEMORY_MOUNT by its words. */
export function isMemoryPath(path: string): boolean {
  return path === MEMORY_MOUNT || path.startsWith(`${MEMORY_MOUNT}/`);
}

export async function resolveToolPath(ctx: ToolContext, path: string): Promise<ToolPath> {
  if (typeof path === "string" && isMemoryPath(path)) return resolveMemoryPath(ctx.memory ?? null, path);
  const host = await resolveInWorkspace(ctx.workspace, path);
  const root = await realpath(ctx.workspace);
  const rel = relative(root, host).split(sep).join("/");
  const skills = ctx.readOnlyDirs.some((d) => rel === d || rel.startsWith(`${d}/`));
  return {
    host,
    root,
    mount: WORKSPACE_MOUNT,
    readOnly: skills ? `${path} is read-only (skills cannot be changed).` : null,
    memory: false,
  };
}

async function resolveMemoryPath(memory: MemoryView | null, path: string): Promise<ToolPath> {
  if (!memory || memory.stores.length === 0) {
    throw new WorkspacePathError(`${path}: no memory store is attached to this session.`);
  }
  const rest = posix.normalize(path.slice(MEMORY_MOUNT.length).replace(/^\/+/, "") || ".");
  if (rest === ".." || rest.startsWith("../")) throw new WorkspacePathError(`${path} is outside ${MEMORY_MOUNT}.`);
  const [name, ...inside] = rest === "." ? [] : rest.replace(/\/$/, "").split("/");
  if (name === undefined) {
    const root = await realpath(memory.folder);
    return {
      host: root,
      root,
      mount: MEMORY_MOUNT,
      readOnly: `${MEMORY_MOUNT} holds one folder per memory store; write inside one of them.`,
      memory: true,
    };
  }
  const store = memory.stores.find((s) => s.name === name);
  if (!store) {
    const names = memory.stores.map((s) => `${MEMORY_MOUNT}/${s.name}`).join(", ");
    throw new WorkspacePathError(
      `${path}: no memory store named ${name} is attached to this session (it has ${names}).`,
    );
  }
  const root = await realpath(join(memory.folder, name));
  return {
    host: await resolveInWorkspace(root, inside.join("/") || "."),
    root,
    mount: `${MEMORY_MOUNT}/${name}`,
    readOnly: store.readOnly ? `${path} is in the read-only memory store ${name}; it cannot be changed.` : null,
    memory: true,
  };
}

/** How a host path inside `place.root` is shown to the tools. */
export function shownToolPath(place: Pick<ToolPath, "root" | "mount">, hostPath: string): string {
  const rel = relative(place.root, hostPath).split(sep).join("/");
  return rel ? `${place.mount}/${rel}` : place.mount;
}
