/**
 * The file tools: `read`, `write`, `edit`, `glob`, `grep`. Every path resolves inside the
 * session's workspace, or inside one of its memory stores under `/mnt/memory/<name>/`, with
 * symlinks resolved (toolPaths.ts); `glob` uses tinyglobby and never follows links; `grep` runs
 * ripgrep (which does not follow links either) on the host, reading only that place.
 */
import { execFile } from "node:child_process";
import { lstat, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, relative } from "node:path";
import { MAX_MEMORY_BYTES } from "../domain/memoryStores.ts";
import { findProgram } from "../sandbox/programs.ts";
import { usageBytes, WorkspacePathError } from "../sandbox/workspace.ts";
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

export async function readTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const offset = intField(input, "offset", 1, Number.MAX_SAFE_INTEGER) ?? 1;
  const limit = intField(input, "limit", 1, 100_000) ?? DEFAULT_READ_LINES;
  const file = (await resolveToolPath(ctx, path)).host;
  const info = await stat(file).catch(() => null);
  if (!info) return fail(`${path} does not exist.`);
  if (info.isDirectory()) return fail(`${path} is a directory; use glob to list it.`);
  const text = (await readFile(file)).toString("utf8");
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const shown = lines.slice(offset - 1, offset - 1 + limit);
  const numbered = shown.map((line, i) => `${String(offset + i).padStart(6)}\t${line}`).join("\n");
  const rest = lines.length - (offset - 1 + shown.length);
  const note = rest > 0 ? `\n[${rest} more lines; read on with offset ${offset + shown.length}]` : "";
  return ok(capped(numbered + note));
}

async function checkWritable(ctx: ToolContext, path: string, place: ToolPath, addedBytes: number): Promise<void> {
  if (place.readOnly) throw new ToolInputError(place.readOnly);
  const existing = await lstat(place.host).catch(() => null);
  if (existing?.isDirectory()) throw new ToolInputError(`${path} is a directory.`);
  if (place.memory) {
    if (addedBytes > MAX_MEMORY_BYTES) {
      throw new ToolInputError(
        `${path} would be ${addedBytes} bytes; a memory holds at most ${MAX_MEMORY_BYTES} bytes (100 KiB). Nothing was written.`,
      );
    }
    return;
  }
  const used = await usageBytes(ctx.workspace);
  const after = used - (existing?.size ?? 0) + addedBytes;
  if (after > ctx.limits.workspaceMaxBytes) {
    throw new ToolInputError(
      `Writing ${path} would make the workspace ${after} bytes, more than its quota of ${ctx.limits.workspaceMaxBytes} bytes (SANDBOX_WORKSPACE_MAX_BYTES).`,
    );
  }
}

export async function writeTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const content = stringField(input, "content", true) as string;
  const place = await resolveToolPath(ctx, path);
  const bytes = Buffer.from(content, "utf8");
  await checkWritable(ctx, path, place, bytes.length);
  await mkdir(dirname(place.host), { recursive: true });
  // Resolved again after making the folders: a link created meanwhile cannot lead outside.
  const again = await resolveToolPath(ctx, path);
  await writeFile(again.host, bytes);
  return ok(`Wrote ${bytes.length} bytes to ${shownToolPath(again, again.host)}.`);
}

export async function editTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const path = stringField(input, "path", true) as string;
  const oldString = stringField(input, "old_string", true) as string;
  const newString = stringField(input, "new_string", true) as string;
  const replaceAll = boolField(input, "replace_all") ?? false;
  if (oldString.length === 0) return fail("old_string is empty; use write to create a file.");
  const place = await resolveToolPath(ctx, path);
  const file = place.host;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return fail(`${path} is not a file in the workspace.`);
  const text = await readFile(file, "utf8");
  const count = text.split(oldString).length - 1;
  if (count === 0) return fail(`old_string was not found in ${path}.`);
  if (count > 1 && !replaceAll) {
    return fail(
      `old_string occurs ${count} times in ${path}; give more context to make it unique, or set replace_all.`,
    );
  }
  const updated = replaceAll ? text.split(oldString).join(newString) : text.replace(oldString, () => newString);
  const bytes = Buffer.from(updated, "utf8");
  await checkWritable(ctx, path, place, bytes.length);
  await writeFile(file, bytes);
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
  const place = await resolveToolPath(ctx, path);
  const base = place.host;
  const realRoot = place.root;
  const found = await tinyglob(pattern, {
    cwd: base,
    absolute: true,
    dot: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    expandDirectories: false,
    signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.limits.fileToolTimeoutMs)]),
  });
  const inside = found.filter((p) => !relative(realRoot, p).startsWith(".."));
  inside.sort();
  const shown = inside.slice(0, MAX_GLOB_RESULTS).map((p) => shownToolPath(place, p.replace(/\/$/, "")));
  if (shown.length === 0) return ok(`No paths match ${pattern}.`);
  const more = inside.length > shown.length ? `\n[${inside.length - shown.length} more matches not shown]` : "";
  return ok(capped(shown.join("\n") + more));
}

export async function grepTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const pattern = stringField(input, "pattern", true) as string;
  const path = stringField(input, "path", false) ?? "/workspace";
  const fileGlob = stringField(input, "glob", false);
  const caseInsensitive = boolField(input, "case_insensitive") ?? false;
  if (fileGlob !== undefined) await checkPattern(fileGlob.replace(/^!/, ""));
  const place = await resolveToolPath(ctx, path);
  const target = place.host;
  const realRoot = place.root;
  const rg = findProgram("rg");
  if (!rg) return fail("grep needs ripgrep, which this server lacks (apt-get install ripgrep).");
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
  args.push("--regexp", pattern, "--", relative(realRoot, target) || ".");
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(
      rg,
      args,
      {
        cwd: realRoot,
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
  });
  if (result.code === 1) return ok(`No matches for ${pattern}.`);
  if (result.code !== 0)
    return fail(`grep failed: ${capped(result.stderr.trim() || "ripgrep stopped (time or output limit)", 2000)}`);
  const lines = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => `${place.mount}/${l.replace(/^\.\//, "")}`);
  return ok(capped(lines.join("\n")));
}

export { WorkspacePathError };
