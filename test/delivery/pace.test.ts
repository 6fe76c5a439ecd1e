/**
 * Delivery's share of the machine (server/delivery/pace.ts): while the API's event loop is busy the
 * delivery thread holds off new work to keep its own loop to its share (smaller the busier the API)
 * and uses a quarter of its slots; when the API is idle it runs flat out. Measured on this thread's real event-loop utilization.
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
  it("holds a loop that used more than its share, in proportion, and uses a quarter of the slots", () => {
    let load = 0.95;
    const before = performance.now();
    const pace = new DeliveryPace(() => load, 0.25); // the window starts
    expect(pace.slots(64)).toBe(16);
    expect(pace.slots(4)).toBe(2);
    expect(pace.holdMs()).toBe(0);
    spin(40);
    const hold = pace.holdMs();
    const window = performance.now() - before;
    // 40 ms busy out of ~40 ms: to come down to 25 % it holds about 3 × 40 ms, and never more
    // than 3 × the window it measured (however long a loaded machine made the test's own steps).
    expect(hold).toBeGreaterThan(100);
    expect(hold).toBeLessThanOrEqual(3 * window);
    expect(pace.pauses).toBe(1);
    // Held: every ask until the hold ends gets what is left of it, however busy the loop is meanwhile.
    spin(30);
    const left = pace.holdMs();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(hold - 30);
    expect(pace.pauses).toBe(1);
    // The API is idle again: no hold, every slot, whatever delivery did meanwhile.
    load = 0.1;
    spin(40);
    expect(pace.holdMs()).toBe(0);
    expect(pace.slots(64)).toBe(64);
  });

  it("counts what the loop does after a hold, and not the hold's idle time twice", async () => {
    const pace = new DeliveryPace(() => 1, 0.25);
    pace.holdMs();
    spin(30);
    const hold = pace.holdMs(); // ~30 ms busy at a share of 0.25: a hold of ~90 ms
    expect(hold).toBeGreaterThan(80);
    // The hold ends with nobody asking; then the loop works again before it asks.
    await new Promise((resolve) => setTimeout(resolve, hold + 5));
    spin(30);
    // ~30 ms busy in the ~35 ms since the hold ended: a hold of ~85 ms. Counting from the first
    // ask after the hold would miss the work; counting the hold's idle time again would see
    // 30 busy out of ~125 and hold nothing.
    expect(pace.holdMs()).toBeGreaterThan(40);
    expect(pace.pauses).toBe(2);
  });

  it("leaves more of the loop to delivery the more time the API has to spare", () => {
    const pace = new DeliveryPace(() => 1, 0.05);
    expect(pace.shareAt(0.3)).toBe(1);
    expect(pace.shareAt(0.5)).toBe(1);
    expect(pace.shareAt(0.6)).toBeCloseTo(0.525, 5);
    expect(pace.shareAt(0.7)).toBe(0.05);
    expect(pace.shareAt(1)).toBe(0.05);
  });

  it("does not hold a loop that stayed within its share", async () => {
    const pace = new DeliveryPace(() => 1, 0.25);
    pace.holdMs();
    await new Promise((resolve) => setTimeout(resolve, 50)); // idle
    expect(pace.holdMs()).toBe(0);
    expect(pace.pauses).toBe(0);
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
