/**
 * Requests that need the database's write lock while another process (the CLI, a backup) holds
 * it wait for it without blocking the event loop: the storage gives up on the lock after a short
 * busy timeout (StorageBusyError, nothing written) and the request is run again a little later,
 * for up to `maxWaitMs`; after that it is answered 503 with Retry-After. A request that already
 * committed a write before meeting the lock is not run again (it would repeat that write).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import { ApiError } from "../errors.ts";
import { type Storage, StorageBusyError } from "../storage/port/index.ts";

/** The writes committed by the request being handled (across its awaits). */
const committed = new AsyncLocalStorage<{ commits: number }>();
const watching = new WeakSet<Storage>();

export function serviceUnavailable(waitedMs: number): ApiError {
  return new ApiError(
    "api_error",
    `The database is locked by another process (waited ${waitedMs} ms). Nothing was changed; retry the request.`,
    undefined,
    503,
  );
}

export function retryWhenBusy(handler: RequestHandler, storage: Storage, maxWaitMs: number): RequestHandler {
  if (!watching.has(storage)) {
    watching.add(storage);
    storage.on("commit", () => {
      const state = committed.getStore();
      if (state) state.commits++;
    });
  }
  return (req, res, next) => {
    const started = Date.now();
    let delay = 5;
    const attempt = () => {
      const state = { commits: 0 };
      committed.run(state, () =>
        handler(req, res, (err?: unknown) => {
          if (!(err instanceof StorageBusyError) || res.headersSent || state.commits > 0) return next(err);
          const waited = Date.now() - started;
          if (waited + delay > maxWaitMs) {
            res.set("Retry-After", "1");
            return next(serviceUnavailable(waited));
          }
          setTimeout(attempt, delay);
          delay = Math.min(delay * 2, 200);
        }),
      );
    };
    attempt();
  };
}
