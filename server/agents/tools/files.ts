/**
 * The file tools: `read`, `write`, `edit`, `glob`, `grep`. Every path lands in the session's
 * workspace, its skills (read-only) or one of its memory stores under `/mnt/memory/<name>/`
 * (toolPaths.ts), and is walked there by sandbox/safeFs.ts: no link leads out, and only regular
 * files are read or written (a FIFO, socket or device is an error result, never a blocked
 * thread). `glob` uses tinyglobby and `grep` ripgrep (as the session's uid when the server is
 * root), both in a folder held open by descriptor, neither following links.
 */
import { execFile } from "node:child_process";
import { MAX_MEMORY_BYTES } from "../../domain/memoryStores.ts";
import { asOwner } from "../../sandbox/identity.ts";
import { findProgram } from "../../sandbox/programs.ts";
import { readFileIn, statIn, WorkspacePathError, withFolderIn, writeFileIn } from "../../sandbox/safeFs.ts";
import { INODE_BYTES, measureWorkspace } from "../../sandbox/workspaceQuota.ts";
import { resolveToolPath, shownToolPath, type ToolPath } from "./toolPaths.ts";
import {
  boolField,
  capped,
  fail,
  intField,
  ok,
  stringField,
  type ToolContext,
  ToolInputError,
  type ToolResult,
} from "./types.ts";

const DEFAULT_READ_LINES = 2000;
const MAX_GLOB_RESULTS = 1000;

/** Reads a file for `read` and `edit`: a missing file or a folder is the model's error, said plainly. */
async function readForTool(at: ToolPath, path: string): Promise<Buffer> {
  try {
    return (await readFileIn(at.place, at.rel)).bytes;
  } catch (err) {
    if (err instanceof WorkspacePathError && err.problem === "not_found")
      throw new ToolInputError(`${path} does not exist.`);
    if (err instanceof WorkspacePathError && err.problem === "is_directory") {
      throw new ToolInputError(`${path} is a directory; use glob to list it.`);
    }
    throw err;
  }
}

export async function readTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const offset = intField(input, "offset", 1, Number.MAX_SAFE_INTEGER) ?? 1;
  const limit = intField(input, "limit", 1, 100_000) ?? DEFAULT_READ_LINES;
  const text = (await readForTool(resolveToolPath(ctx, path), path)).toString("utf8");
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const shown = lines.slice(offset - 1, offset - 1 + limit);
  const numbered = shown.map((line, i) => `${String(offset + i).padStart(6)}\t${line}`).join("\n");
  const rest = lines.length - (offset - 1 + shown.length);
  const note = rest > 0 ? `\n[${rest} more lines; read on with offset ${offset + shown.length}]` : "";
  return ok(capped(numbered + note));
}

async function checkWritable(ctx: ToolContext, path: string, at: ToolPath, addedBytes: number): Promise<void> {
  if (at.readOnly) throw new ToolInputError(at.readOnly);
  const existing = (await statIn(at.place, at.rel).catch(() => null))?.stats ?? null;
  if (existing?.isDirectory()) throw new ToolInputError(`${path} is a directory.`);
  if (at.memory) {
    if (addedBytes > MAX_MEMORY_BYTES) {
      throw new ToolInputError(
        `${path} would be ${addedBytes} bytes; a memory holds at most ${MAX_MEMORY_BYTES} bytes (100 KiB). Nothing was written.`,
      );
    }
    return;
  }
  // As the quota counts (workspaceQuota.ts): a new file also takes an inode.
  const used = await measureWorkspace(ctx.workspace);
  const after = used - (existing?.size ?? 0) + addedBytes + (existing ? 0 : INODE_BYTES);
  if (after > ctx.limits.workspaceMaxBytes) {
    throw new ToolInputError(
      `Writing ${path} would make the workspace ${after} bytes, more than its quota of ${ctx.limits.workspaceMaxBytes} bytes (SANDBOX_WORKSPACE_MAX_BYTES).`,
    );
  }
}

export async function writeTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const content = stringField(input, "content", true) as string;
  const at = resolveToolPath(ctx, path);
  const bytes = Buffer.from(content, "utf8");
  await checkWritable(ctx, path, at, bytes.length);
  const written = await writeFileIn(at.place, at.rel, bytes, { owner: ctx.owner, mkdirs: true });
  return ok(`Wrote ${bytes.length} bytes to ${shownToolPath(at, written.rel)}.`);
}

export async function editTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const oldString = stringField(input, "old_string", true) as string;
  const newString = stringField(input, "new_string", true) as string;
  const replaceAll = boolField(input, "replace_all") ?? false;
  if (oldString.length === 0) return fail("old_string is empty; use write to create a file.");
  const at = resolveToolPath(ctx, path);
  let text: string;
  try {
    text = (await readFileIn(at.place, at.rel)).bytes.toString("utf8");
  } catch (err) {
    if (err instanceof WorkspacePathError && (err.problem === "not_found" || err.problem === "is_directory")) {
      return fail(`${path} is not a file in the workspace.`);
    }
    throw err;
  }
  const count = text.split(oldString).length - 1;
  if (count === 0) return fail(`old_string was not found in ${path}.`);
  if (count > 1 && !replaceAll) {
    return fail(
      `old_string occurs ${count} times in ${path}; give more context to make it unique, or set replace_all.`,
    );
  }
  const updated = replaceAll ? text.split(oldString).join(newString) : text.replace(oldString, () => newString);
  const bytes = Buffer.from(updated, "utf8");
  await checkWritable(ctx, path, at, bytes.length);
  await writeFileIn(at.place, at.rel, bytes, { owner: ctx.owner });
  return ok(`Replaced ${replaceAll ? count : 1} occurrence${(replaceAll ? count : 1) === 1 ? "" : "s"} in ${path}.`);
}

/** A glob pattern must stay in the folder it searches: no absolute patterns, no `..`. */
async function checkPattern(pattern: string): Promise<void> {
  if (pattern.startsWith("/") || pattern.split("/").includes("..")) {
    throw new ToolInputError("The pattern must be relative to the search folder and must not contain '..'.");
  }
  // Imported by the first glob, not at the server's start (with tinyglobby below).
  const { default: picomatch } = await import("picomatch");
  picomatch.scan(pattern);
}

export async function globTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const pattern = stringField(input, "pattern", true) as string;
  const path = stringField(input, "path", false) ?? "/workspace";
  await checkPattern(pattern);
  const { glob: tinyglob } = await import("tinyglobby");
  const at = resolveToolPath(ctx, path);
  const found = await withFolderIn(at.place, at.rel, async (folder, rel) => {
    const names = await tinyglob(pattern, {
      cwd: folder,
      absolute: false,
      dot: true,
      onlyFiles: false,
      followSymbolicLinks: false,
      expandDirectories: false,
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.limits.fileToolTimeoutMs)]),
    });
    return names
      .filter((n) => n !== "" && !n.startsWith("../"))
      .map((n) => shownToolPath(at, rel ? `${rel}/${n.replace(/\/$/, "")}` : n.replace(/\/$/, "")));
  });
  found.sort();
  const shown = found.slice(0, MAX_GLOB_RESULTS);
  if (shown.length === 0) return ok(`No paths match ${pattern}.`);
  const more = found.length > shown.length ? `\n[${found.length - shown.length} more matches not shown]` : "";
  return ok(capped(shown.join("\n") + more));
}

export async function grepTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const pattern = stringField(input, "pattern", true) as string;
  const path = stringField(input, "path", false) ?? "/workspace";
  const fileGlob = stringField(input, "glob", false);
  const caseInsensitive = boolField(input, "case_insensitive") ?? false;
  if (fileGlob !== undefined) await checkPattern(fileGlob.replace(/^!/, ""));
  const at = resolveToolPath(ctx, path);
  const rg = findProgram("rg");
  if (!rg) return fail("grep needs ripgrep, which this server lacks (apt-get install ripgrep).");
  // A file is searched from its folder; only folders and regular files are searched at all.
  const target = await statIn(at.place, at.rel);
  if (!target.stats) return fail(`${path} does not exist.`);
  const isFile = target.stats.isFile();
  if (!isFile && !target.stats.isDirectory()) return fail(`${path} is not a regular file (a FIFO, socket or device).`);
  const folderRel = isFile ? target.rel.split("/").slice(0, -1).join("/") : target.rel;
  const args = [
    "--line-number",
    "--with-filename",
    "--no-heading",
    "--color",
    "never",
    "--max-columns",
    "1000",
    "--hidden",
  ];
  if (caseInsensitive) args.push("--ignore-case");
  if (fileGlob) args.push("--glob", fileGlob);
  args.push("--regexp", pattern, "--", isFile ? (target.rel.split("/").pop() as string) : ".");
  const setpriv = ctx.owner ? findProgram("setpriv") : null;
  if (ctx.owner && !setpriv)
    return fail("grep needs setpriv (apt-get install util-linux) on a server running as root.");
  // As root, ripgrep runs as the session's uid: the kernel refuses what the session could not read.
  const [program, ...argv] = ctx.owner && setpriv ? asOwner(setpriv, ctx.owner, [rg, ...args]) : [rg, ...args];
  const result = await withFolderIn(
    at.place,
    folderRel,
    (folder) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        execFile(
          program ?? rg,
          argv,
          {
            cwd: folder,
            env: { PATH: process.env.PATH ?? "" },
            maxBuffer: 4 * 1024 * 1024,
            timeout: ctx.limits.fileToolTimeoutMs,
            signal: ctx.signal,
          },
          (err, stdout, stderr) => {
            if (ctx.signal.aborted) return reject(ctx.signal.reason);
            const code = err
              ? typeof (err as { code?: unknown }).code === "number"
                ? (err as { code: number }).code
                : null
              : 0;
            resolve({ code, stdout: String(stdout), stderr: String(stderr) });
          },
        );
      }),
  );
  if (result.code === 1) return ok(`No matches for ${pattern}.`);
  if (result.code !== 0)
    return fail(`grep failed: ${capped(result.stderr.trim() || "ripgrep stopped (time or output limit)", 2000)}`);
  const base = shownToolPath(at, folderRel);
  const lines = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => `${base}/${l.replace(/^\.\//, "")}`);
  return ok(capped(lines.join("\n")));
}

export { WorkspacePathError };
