/**
 * The memory stores of one turn (API.md, "Memory stores"), mounted at `/mnt/memory/<store name>/`:
 * before the turn's first tool call each store's memories are written as files into a folder of
 * this run (`<data>/memory-mounts/<session>/<run>/<store name>/`), which the file tools resolve
 * (toolPaths.ts) and the sandbox binds, read-only for a `read_only` store. After each tool call,
 * and again when the turn ends, what changed there is written back as memory versions authored by
 * the session: a new file is created, a changed one updated under the `content_sha256`
 * precondition of what this turn last read or wrote, a removed one deleted. A write that loses
 * that race is written anyway (the newest version; the other writer's stays among the versions)
 * and the tool result says so; a file over 100 KiB, past 2,000 memories, not UTF-8 or at a path a
 * memory cannot have is not saved and the tool result is an error.
 */
import { createHash } from "node:crypto";
import type { BigIntStats, Dirent } from "node:fs";
import { chmod, chown, lstat, mkdir, readdir, rm, rmdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  MAX_MEMORIES_PER_STORE,
  MAX_MEMORY_BYTES,
  memoryPath,
  removeMemory,
  storeMemoryContent,
  storeNewMemory,
} from "../../domain/memoryStores.ts";
import type { Owner } from "../../sandbox/identity.ts";
import { readFileIn } from "../../sandbox/safeFs.ts";
import { chownTree } from "../../sandbox/workspace.ts";
import type { Storage } from "../../storage/port/index.ts";
import type { MemoryAuthor, MemoryWriteResult } from "../../storage/port/memoryStores.ts";
import { MEMORY_MOUNT } from "./toolPaths.ts";
import type { MemoryView } from "./types.ts";

interface MountedStore {
  id: string;
  name: string;
  readOnly: boolean;
  /** What this turn last read or wrote, by path: the memory and its content's SHA-256. */
  known: Map<string, { id: string; sha: string }>;
  /** Files refused at write-back, by path, with the digest refused (reported once). */
  refused: Map<string, string>;
  /**
   * Size and modification time of each file when it was last hashed, kept only when that time was
   * well before the hashing (as git does: a change within the clock's tick could keep both equal).
   */
  stamps: Map<string, string>;
}

/** What a write-back did that the model must hear about. */
export interface WriteBackReport {
  notes: string[];
  /** A change could not be saved (a limit, a path, an archived store). */
  error: boolean;
}

const LIST_PAGE = 200;
/** A file changed less than this long before it was hashed may change again unseen within the clock's tick. */
const STAMP_SLACK_MS = 2000;
const stampOf = (info: BigIntStats) => `${info.size}:${info.mtimeNs}:${info.ino}`;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const utf8 = new TextDecoder("utf-8", { fatal: true });

export class MemoryMount {
  private materialised = false;
  /** What materialising could not show as files, told with the first write-back. */
  private pending: string[] = [];

  private constructor(
    private readonly storage: Storage,
    private readonly accountId: string,
    private readonly author: MemoryAuthor,
    /** This run's folder, and the session's folder holding it. */
    private readonly folder: string,
    private readonly sessionFolder: string,
    private readonly stores: MountedStore[],
    /** The session's uid (the server is root): the stores' folders and files belong to it. */
    private readonly owner: Owner | null,
  ) {}

  /** The session's stores (null without any); `root` is the folder of every session's mounts. */
  static async open(
    storage: Storage,
    root: string,
    turn: { account_id: string; session_id: string; run_id: string },
    owner: Owner | null = null,
  ): Promise<MemoryMount | null> {
    const attached = await storage.memoryStores.sessionStores(turn.account_id, turn.session_id);
    const stores: MountedStore[] = [];
    const records = await storage.memoryStores.getStores(
      turn.account_id,
      attached.map((a) => a.memory_store_id),
    );
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const a of attached) {
      const store = byId.get(a.memory_store_id);
      // A store deleted since the session was made is not mounted.
      if (!store) continue;
      stores.push({
        id: store.id,
        name: store.name,
        readOnly: a.access === "read_only",
        known: new Map(),
        refused: new Map(),
        stamps: new Map(),
      });
    }
    if (stores.length === 0) return null;
    const sessionFolder = join(root, turn.session_id);
    const author: MemoryAuthor = { type: "session", id: turn.session_id };
    return new MemoryMount(
      storage,
      turn.account_id,
      author,
      join(sessionFolder, turn.run_id),
      sessionFolder,
      stores,
      owner,
    );
  }

  get view(): MemoryView {
    return { folder: this.folder, stores: this.stores.map((s) => ({ name: s.name, readOnly: s.readOnly })) };
  }

  /** Writes every store's memories as files (once a turn, before its first tool call). */
  async materialise(): Promise<void> {
    if (this.materialised) return;
    await rm(this.folder, { recursive: true, force: true });
    // Searchable by the session's uid (bubblewrap binds the stores as it); this run's folder (the
    // stores' names: grep of /mnt/memory) is also listable by it.
    await mkdir(this.folder, { recursive: true, mode: 0o711 });
    if (this.owner) {
      await chown(this.folder, 0, this.owner.gid);
      await chmod(this.folder, 0o750);
    }
    for (const store of this.stores) {
      const dir = join(this.folder, store.name);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      let after: string | null = null;
      for (;;) {
        const page = await this.storage.memoryStores.listMemories(this.accountId, store.id, {
          pathPrefix: undefined,
          page: { limit: LIST_PAGE, cursor: after ? { direction: "after", id: after } : undefined },
        });
        if (!page) break;
        // The page's contents in one read (null: the store went meanwhile).
        const memories =
          (await this.storage.memoryStores.getMemories(
            this.accountId,
            store.id,
            page.data.map((m) => m.id),
          )) ?? [];
        for (const memory of memories) {
          const file = join(dir, memory.path);
          try {
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, memory.content, { encoding: "utf8", flag: "wx" });
            // Dated when the memory changed (and before now): the write-back trusts the stamp at once.
            const when = Math.min(Date.parse(memory.updated_at) || 0, Date.now() - STAMP_SLACK_MS) / 1000;
            await utimes(file, when, when);
            const info = await lstat(file, { bigint: true });
            store.stamps.set(memory.path, stampOf(info));
          } catch (err) {
            // A memory `a` beside a memory `a/b`, or a name too long for this filesystem.
            const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
            this.pending.push(
              `The memory ${memory.path} of ${store.name} could not be shown as a file (${why}); read it through the API.`,
            );
            continue;
          }
          store.known.set(memory.path, { id: memory.id, sha: memory.content_sha256 });
        }
        if (!page.has_more || !page.last_id) break;
        after = page.last_id;
      }
      // Written by the server before any command ran: nothing of the session is in it yet.
      if (this.owner) await chownTree(dir, this.owner);
    }
    this.materialised = true;
  }

  /** Writes back what changed in the read-write stores since the last write-back. */
  async writeBack(): Promise<WriteBackReport> {
    const report: WriteBackReport = { notes: this.pending, error: false };
    this.pending = [];
    if (!this.materialised) return report;
    for (const store of this.stores) {
      if (store.readOnly) continue;
      const files = await listFiles(join(this.folder, store.name));
      for (const [path, host] of files) await this.saveFile(store, path, host, report);
      for (const [path, prior] of [...store.known]) {
        if (!files.has(path)) await this.deleteFile(store, path, prior, report);
      }
    }
    return report;
  }

  /** Removes this run's folder (its content was written back). */
  async close(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
    // The session's folder goes when no other run of it is mounted.
    await rmdir(this.sessionFolder).catch(() => undefined);
  }

  private async saveFile(store: MountedStore, path: string, host: string, report: WriteBackReport): Promise<void> {
    const info = await lstat(host, { bigint: true }).catch(() => null);
    if (!info?.isFile()) return;
    const stamp = stampOf(info);
    if (store.stamps.get(path) === stamp) return;
    const hashedAt = BigInt(Date.now() - STAMP_SLACK_MS) * 1_000_000n;
    // Walked without following a link, and read only while it is a regular file (never a FIFO).
    const place = { root: join(this.folder, store.name), mount: `${MEMORY_MOUNT}/${store.name}` };
    const bytes = await readFileIn(place, path).then(
      (r) => r.bytes,
      () => null,
    );
    if (!bytes) return;
    const sha = sha256(bytes);
    if (info.mtimeNs < hashedAt) store.stamps.set(path, stamp);
    else store.stamps.delete(path);
    const prior = store.known.get(path);
    if (prior?.sha === sha || store.refused.get(path) === sha) return;
    const shown = `${MEMORY_MOUNT}/${store.name}/${path}`;
    const refuse = (why: string) => {
      store.refused.set(path, sha);
      report.notes.push(`${shown} was not saved to the memory store: ${why}`);
      report.error = true;
    };
    if (bytes.length > MAX_MEMORY_BYTES) {
      return refuse(`it is ${bytes.length} bytes; a memory holds at most ${MAX_MEMORY_BYTES} bytes (100 KiB).`);
    }
    let text: string;
    try {
      if (memoryPath(path) !== path) {
        return refuse("its name is not in Unicode NFC, the form memory paths are stored in; rename it.");
      }
      text = utf8.decode(bytes);
    } catch (err) {
      return refuse(err instanceof TypeError ? "it is not UTF-8 text." : (err as Error).message);
    }
    // Written through the domain's own write path, as the API writes (domain/memoryStores.ts).
    const deps = { storage: this.storage };
    const update = (id: string, expectedSha256: string | null) =>
      storeMemoryContent(deps, this.accountId, store.id, id, text, this.author, expectedSha256);
    let result: MemoryWriteResult | null = prior ? await update(prior.id, prior.sha) : null;
    let raced = false;
    if (result && !result.ok && result.reason === "precondition_failed" && prior) {
      raced = true;
      result = await update(prior.id, null);
    }
    if (!result || (!result.ok && result.reason === "memory_not_found")) {
      result = await storeNewMemory(deps, this.accountId, store.id, path, text, this.author);
      if (!result.ok && result.reason === "path_taken") {
        const existing = await this.findByPath(store, path);
        if (existing) {
          raced = true;
          result = await update(existing, null);
        }
      }
    }
    if (result.ok) {
      store.known.set(path, { id: result.memory.id, sha: result.memory.content_sha256 });
      store.refused.delete(path);
      if (raced) {
        report.notes.push(
          `${shown} was changed by another writer after this turn read it; both are kept: this turn's content is the memory's newest version, the other one stays among its memory_versions.`,
        );
      }
      return;
    }
    switch (result.reason) {
      case "too_many":
        return refuse(`the store ${store.name} holds at most ${MAX_MEMORIES_PER_STORE} memories.`);
      case "store_archived":
        return refuse(`the memory store ${store.name} is archived.`);
      case "store_not_found":
        return refuse(`the memory store ${store.name} was deleted.`);
      default:
        store.stamps.delete(path);
        store.refused.delete(path);
        report.notes.push(
          `${shown} was not saved yet: it changed again while it was being saved (${result.reason}); it is retried after the next tool call.`,
        );
        report.error = true;
        return;
    }
  }

  private async deleteFile(
    store: MountedStore,
    path: string,
    prior: { id: string; sha: string },
    report: WriteBackReport,
  ): Promise<void> {
    const shown = `${MEMORY_MOUNT}/${store.name}/${path}`;
    store.known.delete(path);
    store.refused.delete(path);
    store.stamps.delete(path);
    // Deleted only while it holds what this turn read: another writer's change since is kept.
    const result = await removeMemory(
      { storage: this.storage },
      this.accountId,
      store.id,
      prior.id,
      this.author,
      prior.sha,
    );
    if (!result.ok && result.reason === "precondition_failed") {
      report.notes.push(
        `${shown} was removed here, but another writer changed it after this turn read it: the memory was kept with that writer's content.`,
      );
      return;
    }
    if (!result.ok && result.reason !== "memory_not_found") {
      report.notes.push(
        `${shown} could not be deleted from the memory store: it is ${result.reason.replace("store_", "")}.`,
      );
      report.error = true;
    }
  }

  private async findByPath(store: MountedStore, path: string): Promise<string | null> {
    const page = await this.storage.memoryStores.listMemories(this.accountId, store.id, {
      pathPrefix: path,
      page: { limit: LIST_PAGE },
    });
    return page?.data.find((m) => m.path === path)?.id ?? null;
  }
}

/** The system prompt's lines about the mounted stores. */
export function memoryPrompt(view: MemoryView): string {
  const lines = view.stores.map((s) => `- ${MEMORY_MOUNT}/${s.name}/${s.readOnly ? " (read-only)" : ""}`);
  return `Memory stores: files kept across sessions; what you write, edit or remove in them is saved.\n${lines.join("\n")}`;
}

/** The regular files under `dir` by their path relative to it (links and special files skipped). */
async function listFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const stack: [string, string][] = [[dir, ""]];
  while (stack.length > 0) {
    const [current, prefix] = stack.pop() as [string, string];
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) stack.push([join(current, e.name), rel]);
      else if (e.isFile()) files.set(rel, join(current, e.name));
    }
  }
  return files;
}
