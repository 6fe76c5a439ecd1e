/**
 * Where a file tool's path lands: in the session's workspace (`/workspace/...`, or a relative
 * path), in its skills (`/workspace/skills/...`, a read-only folder outside the workspace), or in
 * one of its memory stores (`/mnt/memory/<store name>/...`, materialised by memoryMount.ts). The
 * answer is a place of sandbox/safeFs.ts and a path inside it by its words: every file operation
 * then walks it there without following a link out of it.
 */
import { join, posix } from "node:path";
import { type Place, relativeTo, shownIn, WorkspacePathError } from "../../sandbox/safeFs.ts";
import { OUTPUTS_MOUNT, SKILLS_DIR, WORKSPACE_MOUNT } from "../../sandbox/workspace.ts";
import type { MemoryView, ToolContext } from "./types.ts";

/** Where the tools see the session's memory stores, one folder each. */
export const MEMORY_MOUNT = "/mnt/memory";

export interface ToolPath {
  place: Place;
  /** The path inside the place, by its words (links are resolved by the operation). */
  rel: string;
  /** Why the path cannot be changed, or null. */
  readOnly: string | null;
  /** Whether it is in a memory store (the memory limits apply, not the workspace quota). */
  memory: boolean;
}

/** Whether `path` is under MEMORY_MOUNT by its words. */
export function isMemoryPath(path: string): boolean {
  return path === MEMORY_MOUNT || path.startsWith(`${MEMORY_MOUNT}/`);
}

export function resolveToolPath(
  ctx: Pick<ToolContext, "workspace" | "skills" | "memory" | "outputs" | "fileMounts">,
  path: string,
): ToolPath {
  if (typeof path === "string" && isMemoryPath(path)) return resolveMemoryPath(ctx.memory ?? null, path);
  // A file resource: its read-only copy, at its mount path exactly (by the path's words).
  const normalized =
    typeof path === "string" && posix.isAbsolute(path) ? posix.normalize(path).replace(/\/$/, "") : null;
  const mounted = normalized ? ctx.fileMounts?.find((m) => m.inside === normalized) : undefined;
  if (mounted) {
    return {
      place: { root: posix.dirname(mounted.host), mount: posix.dirname(mounted.inside) },
      rel: posix.basename(mounted.host),
      readOnly: `${mounted.inside} is a file resource of the session, mounted read-only.`,
      memory: false,
    };
  }
  if (ctx.outputs && normalized && (normalized === OUTPUTS_MOUNT || normalized.startsWith(`${OUTPUTS_MOUNT}/`))) {
    return {
      place: { root: ctx.outputs, mount: OUTPUTS_MOUNT },
      rel: relativeTo(OUTPUTS_MOUNT, normalized),
      readOnly: null,
      memory: false,
    };
  }
  const rel = relativeTo(WORKSPACE_MOUNT, path);
  if (ctx.skills && (rel === SKILLS_DIR || rel.startsWith(`${SKILLS_DIR}/`))) {
    return {
      place: { root: ctx.skills, mount: `${WORKSPACE_MOUNT}/${SKILLS_DIR}` },
      rel: rel.slice(SKILLS_DIR.length + 1),
      readOnly: `${path} is read-only (skills cannot be changed).`,
      memory: false,
    };
  }
  return { place: { root: ctx.workspace, mount: WORKSPACE_MOUNT }, rel, readOnly: null, memory: false };
}

function resolveMemoryPath(memory: MemoryView | null, path: string): ToolPath {
  if (!memory || memory.stores.length === 0) {
    throw new WorkspacePathError(`${path}: no memory store is attached to this session.`);
  }
  const rest = posix.normalize(path.slice(MEMORY_MOUNT.length).replace(/^\/+/, "") || ".");
  if (rest === ".." || rest.startsWith("../")) throw new WorkspacePathError(`${path} is outside ${MEMORY_MOUNT}.`);
  const [name, ...inside] = rest === "." ? [] : rest.replace(/\/$/, "").split("/");
  if (name === undefined) {
    return {
      place: { root: memory.folder, mount: MEMORY_MOUNT },
      rel: "",
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
  return {
    place: { root: join(memory.folder, name), mount: `${MEMORY_MOUNT}/${name}` },
    rel: inside.join("/"),
    readOnly: store.readOnly ? `${path} is in the read-only memory store ${name}; it cannot be changed.` : null,
    memory: true,
  };
}

/** How a path inside the place is shown to the tools. */
export function shownToolPath(at: ToolPath, rel: string = at.rel): string {
  return shownIn(at.place, rel);
}
