/**
 * The workspace quota (SANDBOX_WORKSPACE_MAX_BYTES), held while a command runs and after it.
 *
 * What counts: every entry of the workspace, whatever its kind, is charged one 4 KiB block for its
 * inode (folders, empty files, links and FIFOs included), and a file its size or its allocated
 * blocks, whichever is larger (a sparse file is charged its size). The walk never follows a link.
 *
 * How it holds (a watcher, chosen because it works the same for a root and a non-root server, on
 * any filesystem, with no loop device, quota tools or mount privilege):
 * - before the command, each of its processes gets `ulimit -f` of what is left, so no single
 *   file can pass the line;
 * - while it runs, the workspace is measured every QUOTA_POLL_MS (or twice the last walk's time,
 *   when longer); the first measure over the quota kills the command (its whole process tree);
 * - after it, what the command made past the line does not stay: entries born during the call are
 *   removed, newest first, until the workspace is under its quota again, and the call fails.
 * The margin on disk is what a command writes between two measures (at most one poll interval of
 * writing, each file under the `ulimit -f` line), and it is removed when the command ends.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { forEachInTree } from "./safeFs.ts";

/** Bytes charged for each entry's inode. */
export const INODE_BYTES = 4096;
/** How often a running command's workspace is measured (at least). */
export const QUOTA_POLL_MS = 100;

const charge = (stats: import("node:fs").Stats) =>
  INODE_BYTES + (stats.isFile() ? Math.max(stats.size, stats.blocks * 512) : 0);

/**
 * The bytes the workspace takes, as the quota counts them. With `stopAbove`, the walk ends as soon
 * as the total passes it (the answer is then only known to be above).
 */
export async function measureWorkspace(dir: string, stopAbove = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  const over = new Error("over");
  try {
    await forEachInTree(dir, async (e) => {
      total += charge(e.stats);
      if (total > stopAbove) throw over;
    });
  } catch (err) {
    if (err !== over) throw err;
  }
  return total;
}

/**
 * Removes entries born at or after `sinceMs`, newest first, until the workspace is under `maxBytes`.
 * Answers the workspace's size after, and how many entries went.
 */
export async function trimNewest(
  dir: string,
  maxBytes: number,
  sinceMs: number,
): Promise<{ bytes: number; removed: number }> {
  const born: { rel: string; at: number; bytes: number; folder: boolean }[] = [];
  let total = 0;
  await forEachInTree(dir, async (e) => {
    const bytes = charge(e.stats);
    total += bytes;
    const at = e.stats.birthtimeMs > 0 ? e.stats.birthtimeMs : e.stats.ctimeMs;
    if (at >= sinceMs) born.push({ rel: e.rel, at, bytes, folder: e.stats.isDirectory() });
  });
  // Newest first; within a folder born in the call, its content goes with it (counted below).
  born.sort((a, b) => b.at - a.at || b.rel.length - a.rel.length);
  const gone = new Set<string>();
  let removed = 0;
  for (const entry of born) {
    if (total <= maxBytes) break;
    if ([...gone].some((g) => entry.rel.startsWith(`${g}/`))) continue;
    let bytes = entry.bytes;
    if (entry.folder) {
      for (const other of born) if (other.rel.startsWith(`${entry.rel}/`) && !gone.has(other.rel)) bytes += other.bytes;
    }
    // rm does not follow links; the path is the server's own folder and names from the walk.
    await rm(join(dir, entry.rel), { recursive: true, force: true });
    gone.add(entry.rel);
    total -= bytes;
    removed++;
  }
  return { bytes: await measureWorkspace(dir), removed };
}

/** Measures a running command's workspace until stopped; calls `over` once when it passes the quota. */
export class QuotaWatch {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly over: (bytes: number) => void,
  ) {}

  start(): void {
    this.schedule(QUOTA_POLL_MS);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    const started = Date.now();
    const bytes = await measureWorkspace(this.dir, this.maxBytes).catch(() => 0);
    if (this.stopped) return;
    if (bytes > this.maxBytes) {
      this.stopped = true;
      this.over(bytes);
      return;
    }
    this.schedule(Math.max(QUOTA_POLL_MS, 2 * (Date.now() - started)));
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
