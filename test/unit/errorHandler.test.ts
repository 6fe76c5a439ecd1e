/**
 * The storage's refusals through the central error handler, on a real Express 5 app: a lost race
 * (StorageConflictError) is a 409 in the error envelope, never a 500; a locked database is a 503.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../server/http/errorHandler.ts";
import { assignRequestId } from "../../server/http/requestId.ts";
import { createLogger, type LogRecord } from "../../server/logger.ts";
import { StorageBusyError, StorageConflictError } from "../../server/storage/port/index.ts";

const logs: LogRecord[] = [];
let base = "";
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const app = express();
  app.use(assignRequestId);
  // Async handlers, as the routes are: Express 5 hands a rejection to the error handler.
  app.get("/conflict", async () => {
    throw new StorageConflictError();
  });
  app.get("/conflict-named", async () => {
    throw new StorageConflictError("The deployment was changed by another request.");
  });
  app.get("/busy", async () => {
    throw new StorageBusyError();
  });
  app.use(errorHandler(createLogger("debug", (r) => logs.push(r))));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

describe("storage errors in the error envelope", () => {
  it("answers a StorageConflictError with 409 conflict_error and its message, logging no unhandled error", async () => {
    for (const [path, message] of [
      ["/conflict", "The resource was changed by another request; retry with its current state."],
      ["/conflict-named", "The deployment was changed by another request."],
    ] as const) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body).toEqual({
        type: "error",
        error: { type: "conflict_error", message },
        request_id: res.headers.get("request-id"),
      });
    }
    expect(logs.filter((l) => l.msg === "unhandled error")).toEqual([]);
  });

  it("answers a StorageBusyError met outside a retried route with 503 and Retry-After", async () => {
    const res = await fetch(`${base}/busy`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe("api_error");
  });
});
