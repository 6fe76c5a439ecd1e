import type { NextFunction, Request, Response } from "express";

/**
 * Serves requests first come, first served, a few milliseconds of work at a time.
 *
 * Node handles every request whose bytes arrived in one turn of the event loop before it looks
 * at the network again, and libuv accepts at most one new connection per turn. Under load
 * (hundreds of busy keep-alive connections) a turn grows to hundreds of milliseconds: a request
 * that just missed one waits for the whole next one, and new connections pile up in the listen
 * queue, taken in one per turn. Here the request's handling (validation, the route, the
 * response) is queued, and the queue is worked through `budgetMs` at a time between turns:
 * turns stay short, new connections are accepted promptly, and requests are answered in arrival
 * order.
 *
 * The budget counts the whole of each request's handling, not only the call to `next()`: the
 * validator runs each of its middlewares in a promise callback, so `next()` returns almost at
 * once and the work happens in the microtasks that follow. The next request is therefore
 * started only once those have run (a microtask that schedules a tick: Node runs ticks when the
 * microtask queue is empty), and the clock is read then.
 */
export function fairQueue(budgetMs: number) {
  const queue: NextFunction[] = [];
  /** A slice is scheduled or under way; it runs until the queue is empty or the budget spent. */
  let active = false;
  let sliceEnd = 0;

  const step = () => {
    const next = queue.shift();
    if (!next) {
      active = false;
      return;
    }
    try {
      next();
    } catch (err) {
      // Express catches what handlers throw; should anything escape, fail that request only.
      next(err);
    }
    queueMicrotask(afterItsMicrotasks);
  };
  const afterItsMicrotasks = () => process.nextTick(continueOrYield);
  const continueOrYield = () => {
    if (queue.length === 0) active = false;
    else if (performance.now() < sliceEnd) step();
    else setImmediate(slice);
  };
  const slice = () => {
    sliceEnd = performance.now() + budgetMs;
    step();
  };
  return (_req: Request, _res: Response, next: NextFunction) => {
    queue.push(next);
    if (!active) {
      active = true;
      setImmediate(slice);
    }
  };
}
