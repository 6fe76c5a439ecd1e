/**
 * The request validators are loaded by the first request (start-up time). A load that fails fails
 * the requests waiting for it, and the next request loads them again: the server recovers without
 * a restart (before, every later request failed until one).
 */
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { loadValidators, validateRequests } from "../../server/http/validation/validateRequest.ts";

describe("the request validators' first load", () => {
  const loads: string[] = [];
  // The failing load ends once two requests wait for it.
  let arrivals = 0;
  let bothArrived: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    bothArrived = resolve;
  });
  const app = express();
  app.use((_req, _res, next) => {
    if (++arrivals === 2) bothArrived();
    next();
  });
  app.use(
    validateRequests(1024 * 1024, async (maxUploadBytes) => {
      loads.push(loads.length === 0 ? "failed" : "loaded");
      if (loads.length === 1) {
        await gate;
        throw new Error("EMFILE: too many open files");
      }
      return loadValidators(maxUploadBytes);
    }),
  );
  app.get("/api/v1/cloud/skills", (_req, res) => {
    res.json({ reached: true });
  });
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ error: err.message });
  });
  const server = app.listen(0, "127.0.0.1");
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  it("fails the requests that waited for a failed load, and loads again for the next one", async () => {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", resolve)));
    // Two requests wait for the same (failing) load.
    const first = await Promise.all([fetch(url("/api/v1/cloud/skills")), fetch(url("/api/v1/cloud/skills"))]);
    expect(first.map((r) => r.status)).toEqual([500, 500]);
    expect(await first[0]?.json()).toEqual({ error: "EMFILE: too many open files" });
    expect(loads).toEqual(["failed"]);

    const next = await fetch(url("/api/v1/cloud/skills"));
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ reached: true });
    // The validators run: a bad query is refused.
    const bad = await fetch(url("/api/v1/cloud/skills?limit=many"));
    expect(bad.status).toBe(400);
    expect(loads).toEqual(["failed", "loaded"]);
  });
});
