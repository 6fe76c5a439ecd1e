import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { fairQueue } from "../../server/http/fairQueue.ts";

/** 3 ms of work. */
function busy3ms(): void {
  const until = performance.now() + 3;
  while (performance.now() < until) {
    // busy
  }
}

describe("the request queue", () => {
  // The request's work done in `next()` itself, or in promise callbacks it sets off (as the
  // validator's middlewares do: `next()` returns at once and the work follows in microtasks).
  it.each([
    ["in next() itself", false],
    ["in promise callbacks after next()", true],
  ])(
    "serves requests in arrival order, a slice of work at a time, letting the event loop turn in between (work %s)",
    async (_name, deferred) => {
      const queue = fairQueue(5);
      const order: string[] = [];
      const done: Promise<void>[] = [];
      for (let i = 0; i < 6; i++) {
        done.push(
          new Promise<void>((resolve) => {
            // 3 ms of work per request: two fit in one 5 ms slice.
            const work = () => {
              busy3ms();
              order.push(`request ${i}`);
              resolve();
            };
            const next = (() => {
              if (!deferred) return work();
              void Promise.resolve()
                .then(() => undefined)
                .then(async () => {
                  await null;
                  work();
                });
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
    },
  );
});
