/**
 * The server watches its own event loop (a blocked loop stalls every request) and keeps the
 * SQLite WAL checkpoints off it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WalCheckpointer } from "../../server/storage/sqlite/walCheckpointer.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";
import { onPostgres } from "../helpers/servers/testDatabase.ts";

let server: TestServer;
beforeAll(async () => {
  server = await inProcess({
    env: { EVENT_LOOP_WARN_MS: "100", EVENT_LOOP_WINDOW_MS: "100", SQLITE_CHECKPOINT_INTERVAL_MS: "50" },
  });
});
afterAll(async () => {
  await server.stop();
});

describe("event-loop delay", () => {
  it("is logged at warn, with its figures, when the loop was blocked longer than EVENT_LOOP_WARN_MS", async () => {
    const before = server.logs.filter((l) => l.msg === "event loop delay").length;
    // Other blocks of this process (another test file's work in the same worker) may be reported
    // too: the one looked for is this block's, of at least 300 of its 500 ms.
    const warnings = () =>
      server.logs
        .filter((l) => l.msg === "event loop delay")
        .slice(before)
        .filter((l) => Number(l.max_ms) >= 300);
    // A delay is measured between two samples of the monitor, which a loaded machine may space
    // out: block the loop (the server runs in this process) for 500 ms, up to three times. Even
    // when the delay histogram misses the block (seen in a worker that ran other files' servers
    // before), the window's check is due within 100 ms of its start and is late by the rest.
    for (let attempt = 0; attempt < 3 && warnings().length === 0; attempt++) {
      const until = performance.now() + 500;
      while (performance.now() < until) {
        // busy
      }
      // The warning is logged at the monitor's next report; a try whose block fell between samples
      // logs none, and the loop blocks again.
      await waitFor(() => warnings().length > 0, { timeoutMs: 2000, what: "the warning" }).catch(() => undefined);
    }
    const warning = warnings()[0];
    if (!warning) throw new Error(`no warning of 300 ms or more; logs: ${JSON.stringify(server.logs.slice(-5))}`);
    expect(warning).toMatchObject({ level: "warn", threshold_ms: 100, window_ms: 100 });
    expect(Number(warning.p99_ms)).toBeGreaterThan(0);
    expect(Number(warning.mean_ms)).toBeGreaterThan(0);
  });
});

// SQLite's write-ahead log (PostgreSQL checkpoints on its own).
describe.skipIf(onPostgres)("WAL checkpoints", () => {
  it("run on the checkpointer's worker thread, not in the server's commits, and keep up with the writes", async () => {
    const checkpointer = server.service.deps.storage.maintenance()[0] as WalCheckpointer | undefined;
    expect(checkpointer?.name).toBe("wal-checkpointer");
    const db = (checkpointer as unknown as { options: { db: import("better-sqlite3").Database } }).options.db;
    // The server's own connection never checkpoints inside a commit.
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    for (let i = 0; i < 50; i++) {
      const res = await server.request("POST", "/vaults", {
        body: { display_name: `wal ${i}`, metadata: { i: "x".repeat(500) } },
      });
      expect(res.status).toBe(200);
    }
    const caughtUp = await waitFor(
      () => {
        const last = checkpointer?.last;
        return last && last.log > 0 && last.checkpointed === last.log ? last : null;
      },
      { what: "a checkpoint that caught up with the WAL" },
    );
    expect(caughtUp.busy).toBe(0);
  });
});
