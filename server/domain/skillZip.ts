/**
 * Builds the zip of a skill version off the event loop, and keeps the recent ones.
 *
 * Compressing up to 8 MiB takes long enough (a few hundred milliseconds) to stall every other
 * request if done on the event loop, and a download is repeated for every agent that loads
 * the skill. The zip is built by one worker thread (jobs queue up behind each other, so
 * downloads never take more than one core), and the zips of recent versions are kept in a
 * bounded cache: a version's files never change, so its zip is keyed by the version id.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { SkillFile } from "../storage/port/skills.ts";
import { ZIP_LEVEL, zipFiles } from "./skillPackage.ts";

/** Zips kept in memory, in bytes. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Packages this small are zipped at once, on the event loop: a thread round trip costs more. */
const INLINE_BYTES = 64 * 1024;

// Plain JavaScript, so that it runs the same under node, tsx and vitest.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { zipSync } = require(workerData.fflate);
parentPort.on("message", ({ id, files, mtime }) => {
  try {
    const time = new Date(mtime);
    const entries = {};
    for (const f of files) entries[f.path] = [f.content, { mtime: time }];
    const zip = zipSync(entries, { level: workerData.level, mtime: time });
    parentPort.postMessage({ id, zip }, [zip.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

type Job = { resolve: (zip: Uint8Array) => void; reject: (err: Error) => void };

class ZipWorker {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  zip(files: SkillFile[], mtime: Date): Promise<Uint8Array> {
    const worker = this.ensure();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      // The file contents are copied to the thread (they may share a pooled buffer).
      worker.postMessage({
        id,
        files: files.map((f) => ({ path: f.path, content: f.content })),
        mtime: mtime.getTime(),
      });
      worker.ref();
    });
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const fflate = createRequire(import.meta.url).resolve("fflate");
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { fflate, level: ZIP_LEVEL } });
    worker.on("message", (m: { id: number; zip?: Uint8Array; error?: string }) => {
      const job = this.jobs.get(m.id);
      this.jobs.delete(m.id);
      if (this.jobs.size === 0) worker.unref();
      if (!job) return;
      if (m.zip) job.resolve(m.zip);
      else job.reject(new Error(`zipping failed: ${m.error ?? "unknown error"}`));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.jobs.values()) job.reject(err);
      this.jobs.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the zip worker exited (${code})`)));
    // Idle, it must not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

/** A least-recently-used map bounded by the total size of its values. */
class ByteCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.byteLength;
    }
  }
}

const worker = new ZipWorker();
const cache = new ByteCache(CACHE_BYTES);

/** The zip of a version's files (deterministic: the same bytes as zipFiles), built off the event loop. */
export async function versionZip(
  versionId: string,
  files: () => Promise<SkillFile[]>,
  mtime: Date,
): Promise<Uint8Array> {
  const cached = cache.get(versionId);
  if (cached) return cached;
  const contents = await files();
  const size = contents.reduce((n, f) => n + f.content.byteLength, 0);
  const zip = size <= INLINE_BYTES ? await zipFiles(contents, mtime) : await worker.zip(contents, mtime);
  cache.set(versionId, zip);
  return zip;
}
