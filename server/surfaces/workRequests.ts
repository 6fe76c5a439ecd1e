/**
 * The work operations' requests as both surfaces read them (the same query parameters and header
 * on `/api/v1/cloud` and `/v1`): a poll's options and a heartbeat's.
 */
import type { Request, Response } from "express";
import type { PollOptions } from "../domain/work.ts";
import { DEFAULT_RECLAIM_MS } from "../domain/work.ts";
import { queryInt, queryString } from "../http/context.ts";

/** A poll's options; its wait ends when the client goes away. */
export function pollOptions(req: Request, res: Response): PollOptions {
  const gone = new AbortController();
  res.on("close", () => gone.abort());
  const worker = req.get("anthropic-worker-id");
  return {
    blockMs: queryInt(req, "block_ms") ?? 0,
    reclaimOlderThanMs: queryInt(req, "reclaim_older_than_ms") ?? DEFAULT_RECLAIM_MS,
    workerId: worker ? worker.slice(0, 128) : null,
    signal: gone.signal,
  };
}

export function heartbeatOptions(req: Request) {
  return {
    desiredTtlSeconds: queryInt(req, "desired_ttl_seconds"),
    expected: queryString(req, "expected_last_heartbeat"),
  };
}
