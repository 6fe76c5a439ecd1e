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
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { findProgram } from "./programs.ts";
import { forEachInTree, withFolderIn } from "./safeFs.ts";

/** Bytes charged for each entry's inode. */
export const INODE_BYTES = 4096;
/** How often a running command's workspace is measured (at least). */
export const QUOTA_POLL_MS = 100;

const charge = (stats: import("node:fs").Stats) =>
  INODE_BYTES + (stats.isFile() ? Math.max(stats.size, stats.blocks * 512) : 0);

/** How long one measure may take before it gives up (and answers what it counted). */
const MEASURE_TIMEOUT_MS = 30_000;

/**
 * The bytes the workspace takes, as the quota counts them. With `stopAbove`, the count ends as soon
 * as the total passes it (the answer is then only known to be above). GNU find does the walk
 * (`-P`: no link followed, nothing opened but folders, from a descriptor of the workspace held
 * open): about 50 times faster than a walk of the server's own through the libuv pool, which
 * is the fallback where find is missing.
 */
export async function measureWorkspace(dir: string, stopAbove = Number.POSITIVE_INFINITY): Promise<number> {
  const find = findProgram("find");
  // A small workspace is walked here (a process spawn costs more than a few dozen lookups).
  const small = await walkMeasure(dir, stopAbove, find ? SMALL_ENTRIES : Number.POSITIVE_INFINITY);
  if (small !== null || !find) return small ?? 0;
  return withFolderIn({ root: dir, mount: "/workspace" }, "", (folder) => {
    return new Promise<number>((resolve, reject) => {
      const child = spawn(find, ["-P", ".", "-mindepth", "1", "-printf", "%y %s %b\n"], {
        cwd: folder,
        stdio: ["ignore", "pipe", "ignore"],
        env: {},
      });
      let total = 0;
      let rest = "";
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        child.kill("SIGKILL");
        resolve(total);
      };
      const timer = setTimeout(finish, MEASURE_TIMEOUT_MS);
      child.stdout.setEncoding("latin1");
      child.stdout.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          const [type, size, blocks] = line.split(" ");
          total += INODE_BYTES + (type === "f" ? Math.max(Number(size) || 0, (Number(blocks) || 0) * 512) : 0);
        }
        if (total > stopAbove) finish();
      });
      child.on("error", (err) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(err);
      });
      child.on("close", finish);
    });
  });
}

/** Entries up to which the server's own walk measures (above it, find does). */
const SMALL_ENTRIES = 128;

/**
 * measureWorkspace by the server's own walk (safeFs.ts); null when the workspace has more than
 * `maxEntries` entries (it stops there).
 */
async function walkMeasure(dir: string, stopAbove: number, maxEntries: number): Promise<number | null> {
  let total = 0;
  let entries = 0;
  const over = new Error("over");
  const many = new Error("many");
  try {
    await forEachInTree(dir, async (e) => {
      total += charge(e.stats);
      if (total > stopAbove) throw over;
      if (++entries > maxEntries) throw many;
    });
  } catch (err) {
    if (err === many) return null;
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
  const born: { rel: string; at: number; bytes: number }[] = [];
  let total = 0;
  await forEachInTree(dir, async (e) => {
    const bytes = charge(e.stats);
    total += bytes;
    const at = e.stats.birthtimeMs > 0 ? e.stats.birthtimeMs : e.stats.ctimeMs;
    if (at >= sinceMs) born.push({ rel: e.rel, at, bytes });
  });
  // Newest first (deepest first at equal times). What goes is chosen first, then removed: a
  // folder chosen takes what is below it, so its entries are not removed twice.
  born.sort((a, b) => b.at - a.at || b.rel.length - a.rel.length);
  const chosen = new Set<string>();
  const below = (rel: string) => {
    for (let i = rel.lastIndexOf("/"); i > 0; i = rel.lastIndexOf("/", i - 1)) {
      if (chosen.has(rel.slice(0, i))) return true;
    }
    return false;
  };
  for (const entry of born) {
    if (total <= maxBytes) break;
    chosen.add(entry.rel);
    total -= entry.bytes;
  }
  const removals = [...chosen].filter((rel) => !below(rel));
  // rm does not follow links; the path is the server's own folder and names from the walk.
  for (let i = 0; i < removals.length; i += 64) {
    await Promise.all(removals.slice(i, i + 64).map((rel) => rm(join(dir, rel), { recursive: true, force: true })));
  }
  return { bytes: await measureWorkspace(dir), removed: chosen.size };
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
