import { describe, expect, it } from "vitest";
import { PeriodicLoop } from "../../server/background/periodicLoop.ts";
import { createLogger, type LogRecord } from "../../server/logger.ts";
import { waitFor } from "../helpers/servers/server.ts";

describe("PeriodicLoop", () => {
  it("sleeps until notified, survives a failing pass, and stop() awaits the pass in flight", async () => {
    const logs: LogRecord[] = [];
    let passes = 0;
    let release: (() => void) | null = null;
    const loop = new PeriodicLoop({
      name: "test-loop",
      logger: createLogger("debug", (r) => logs.push(r)),
      intervalMs: 60_000, // only notify() can wake it within the test
      pass: async () => {
        passes++;
        if (passes === 2) throw new Error("one bad row");
        if (passes === 4) await new Promise<void>((r) => (release = r));
        return false;
      },
    });
    loop.start();
    await waitFor(() => passes === 1, { what: "first pass" });
    loop.notify();
    await waitFor(() => passes === 2, { what: "second pass (fails)" });
    await waitFor(() => logs.some((l) => l.level === "error" && l.msg === "test-loop: pass failed"), {
      what: "error log",
    });
    loop.notify();
    await waitFor(() => passes === 3, { what: "third pass after a failure" });
    loop.notify();
    await waitFor(() => release !== null, { what: "fourth pass in flight" });
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false); // still waiting for the pass in flight
    (release as unknown as () => void)();
    await stopping;
    expect(stopped).toBe(true);
    expect(passes).toBe(4);
    expect(loop.isRunning).toBe(false);
  });

  it("runs again at once when a pass reports more work", async () => {
    let passes = 0;
    const loop = new PeriodicLoop({
      name: "busy",
      logger: createLogger("silent"),
      intervalMs: 60_000,
      pass: async () => ++passes < 5,
    });
    loop.start();
    await waitFor(() => passes === 5, { what: "five passes without notify" });
    await loop.stop();
  });
});
