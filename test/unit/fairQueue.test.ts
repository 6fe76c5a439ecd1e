import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { fairQueue } from "../../server/http/fairQueue.ts";

describe("the request queue", () => {
  it("serves requests in arrival order, a slice of work at a time, letting the event loop turn in between", async () => {
    const queue = fairQueue(5);
    const order: string[] = [];
    const done: Promise<void>[] = [];
    for (let i = 0; i < 6; i++) {
      done.push(
        new Promise<void>((resolve) => {
          const next = (() => {
            // 3 ms of work per request: two fit in one 5 ms slice.
            const until = performance.now() + 3;
            while (performance.now() < until) {
              // busy
            }
            order.push(`request ${i}`);
            resolve();
          }) as NextFunction;
          queue({} as Request, {} as Response, next);
        }),
      );
    }
    // Something else waiting for the event loop (a new connection, a timer) gets a turn between slices.
    const turn = new Promise<void>((resolve) =>
      setImmediate(() =>
        setImmediate(() => {
          order.push("other work");
          resolve();
        }),
      ),
    );
    await Promise.all([...done, turn]);
    const requests = order.filter((o) => o !== "other work");
    expect(requests).toEqual([0, 1, 2, 3, 4, 5].map((i) => `request ${i}`));
    const other = order.indexOf("other work");
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThan(order.length - 1);
  });
});
