import type { NextFunction, Request, Response } from "express";

/**
 * Serves requests first come, first served, a few milliseconds of work at a time.
 *
 * Node handles every request whose bytes arrived in one turn of the event loop before it looks
 * at the network again, and it accepts one new connection per turn. Under load (hundreds of
 * busy keep-alive connections) a turn grows to hundreds of milliseconds: a request that just
 * missed one waits for the whole next one, and a new connection waits a turn to be accepted and
 * another to be read. Here the request's handling (validation, the route, the response) is
 * queued, and the queue is worked through `budgetMs` at a time between turns: turns stay short,
 * new connections are taken in promptly, and requests are answered in arrival order.
 */
export function fairQueue(budgetMs: number) {
  const queue: NextFunction[] = [];
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    const until = performance.now() + budgetMs;
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        next();
      } catch (err) {
        // Express catches what handlers throw; should anything escape, fail that request only.
        next(err);
      }
      if (performance.now() >= until) break;
    }
    if (queue.length > 0 && !scheduled) {
      scheduled = true;
      setImmediate(drain);
    }
  };
  return (_req: Request, _res: Response, next: NextFunction) => {
    queue.push(next);
    if (!scheduled) {
      scheduled = true;
      setImmediate(drain);
    }
  };
}
