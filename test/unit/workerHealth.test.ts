import { describe, expect, it } from "vitest";
import type { BackgroundWorker, WorkerHealth } from "../../server/background/backgroundWorker.ts";
import { PeriodicLoop } from "../../server/background/periodicLoop.ts";
import { workerProblem } from "../../server/health.ts";
import { createLogger } from "../../server/logger.ts";
import { waitFor } from "../helpers/servers/server.ts";

const worker = (health: WorkerHealth): BackgroundWorker => ({
  name: "w",
  start: () => undefined,
  stop: async () => undefined,
  health: () => health,
});

describe("worker health", () => {
  it("names a stopped worker, a loop without a good pass for too long (with its last error), and passes the rest", () => {
    const base = { running: true, lastPassAt: 10_000, staleAfterMs: 1000, lastError: null };
    expect(workerProblem(worker(base), 10_500)).toBeNull();
    expect(workerProblem(worker({ ...base, running: false }), 10_500)).toBe("stopped");
    expect(workerProblem(worker({ ...base, lastError: "database is locked" }), 15_000)).toBe(
      "no good pass for 5.0 s (limit 1.0 s); last error: database is locked",
    );
    // A cron job has no cadence to watch: only whether it is scheduled.
    expect(workerProblem(worker({ ...base, staleAfterMs: null }), 1e12)).toBeNull();
  });

  it("a PeriodicLoop reports its last good pass and the error of a failing one, which does not count as a pass", async () => {
    let fail = false;
    let passes = 0;
    const loop = new PeriodicLoop({
      name: "t",
      logger: createLogger("silent"),
      intervalMs: 5,
      pass: async () => {
        passes++;
        if (fail) throw new Error("boom");
        return false;
      },
    });
    expect(loop.health()).toMatchObject({ running: false, lastPassAt: null, staleAfterMs: 10_015 });
    loop.start();
    try {
      await waitFor(() => passes >= 2);
      const good = loop.health();
      expect(good.running).toBe(true);
      expect(good.lastError).toBeNull();
      fail = true;
      await waitFor(() => loop.health().lastError === "boom");
      const stuck = loop.health().lastPassAt;
      const seen = passes;
      await waitFor(() => passes >= seen + 3);
      expect(loop.health().lastPassAt).toBe(stuck); // failing passes do not refresh it
    } finally {
      await loop.stop();
    }
    expect(loop.health().running).toBe(false);
  });
});
