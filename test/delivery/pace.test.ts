/**
 * Delivery's share of the machine (server/delivery/pace.ts): while the API's event loop is busy the
 * delivery thread pauses to keep its own loop to its share and uses a quarter of its slots; when the
 * API is idle it runs flat out. Measured on this thread's real event-loop utilization.
 */
import { describe, expect, it } from "vitest";
import { ApiLoadMeter, apiLoadOf, DeliveryPace } from "../../server/delivery/pace.ts";
import { waitFor } from "../helpers/flows/waitFor.ts";

/** Keeps this thread's event loop busy for `ms` (synchronous work, as a settle transaction is). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe("delivery's share while the API is busy", () => {
  it("pauses a loop that used more than its share, in proportion, and uses a quarter of the slots", () => {
    let load = 0.9;
    const pace = new DeliveryPace(() => load, 0.25);
    expect(pace.slots(64)).toBe(16);
    expect(pace.slots(4)).toBe(2);
    pace.pauseMs(); // the window starts
    spin(40);
    const pause = pace.pauseMs();
    // 40 ms busy out of ~40 ms: to come down to 25 % it waits about 3 × 40 ms (at most 100 ms).
    expect(pause).toBeGreaterThan(60);
    expect(pause).toBeLessThanOrEqual(100);
    // The API is idle again: no pause, every slot, whatever delivery did meanwhile.
    load = 0.1;
    spin(40);
    expect(pace.pauseMs()).toBe(0);
    expect(pace.slots(64)).toBe(64);
  });

  it("does not pause a loop that stayed within its share", async () => {
    const pace = new DeliveryPace(() => 1, 0.25);
    pace.pauseMs();
    await new Promise((resolve) => setTimeout(resolve, 50)); // idle
    expect(pace.pauseMs()).toBe(0);
  });

  it("the server thread's meter reports its event loop's utilization through the shared cell", async () => {
    const meter = new ApiLoadMeter();
    const load = apiLoadOf(meter.shared);
    meter.start();
    try {
      await waitFor(
        async () => {
          spin(90);
          await new Promise((resolve) => setImmediate(resolve));
          return load() >= 0.5;
        },
        { what: "a busy loop measured as busy", intervalMs: 1 },
      );
      await waitFor(() => load() < 0.5, { what: "an idle loop measured as idle", intervalMs: 50 });
    } finally {
      meter.stop();
    }
    expect(load()).toBe(0);
  });
});
