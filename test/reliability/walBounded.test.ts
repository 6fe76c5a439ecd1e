/**
 * The SQLite WAL stays bounded under sustained writes: many clients write over HTTP to the server
 * as its own process for 20 s (scripts/bench/wal.ts, also the `wal` row of `npm run bench`), and
 * the WAL file never reaches 64 MiB; once the writes stop it is cut back to at most the journal
 * size limit. Before the checkpointer truncated it, the file only ever grew (1.8 GB after 25 s of
 * 32 clients on a fast machine) and kept its peak size for as long as the server ran.
 */
import { expect, it } from "vitest";
import { MiB, measureWalUnderLoad } from "../../scripts/bench/wal.ts";
import { WAL_SIZE_LIMIT_BYTES } from "../../server/storage/sqlite/walCheckpointer.ts";

it.skipIf(process.env.TEST_DATABASE === "postgres")(
  "keeps the WAL under 64 MiB during 20 s of writes from 32 clients and cuts it back once they stop",
  async () => {
    const report = await measureWalUnderLoad({
      seconds: Number(process.env.WAL_LOAD_SECONDS ?? 20),
      connections: Number(process.env.WAL_LOAD_CONNECTIONS ?? 32),
      log: (line) => console.log(line),
    });
    console.log(
      `WAL under load: ${report.writes} writes (${report.writesPerSecond}/s) from ${report.connections} clients in ${report.seconds} s; ` +
        `WAL peak ${(report.peakBytes / MiB).toFixed(1)} MiB, settled ${(report.settledBytes / MiB).toFixed(1)} MiB; ` +
        `database ${(report.databaseBytes / MiB).toFixed(1)} MiB; statuses ${JSON.stringify(report.statuses)}`,
    );
    expect(report.transportErrors).toBe(0);
    expect(Object.keys(report.statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    // The load did push the WAL past the size it is cut back to.
    expect(report.peakBytes).toBeGreaterThan(WAL_SIZE_LIMIT_BYTES);
    expect(report.peakBytes).toBeLessThan(64 * MiB);
    expect(report.settledBytes).toBeLessThanOrEqual(WAL_SIZE_LIMIT_BYTES);
  },
);
