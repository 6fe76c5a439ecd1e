/**
 * server/http/chain.ts: handlers run as one Express layer behave as they did as layers of a
 * router (a real Express app on a port, called over HTTP): in order, what they throw or reject
 * reaches the error handler, `next("route")` goes on and `next("router")` leaves the router.
 */
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byFirstSegment, chain, firstSegment, routeSegments } from "../../server/http/chain.ts";

const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.seen = [...(res.locals.seen ?? []), name];
    next();
  };
const answer: RequestHandler = (_req, res) => {
  res.json({ seen: res.locals.seen ?? [] });
};

let base = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.get(
    "/order",
    chain([mark("a"), mark("b"), (req, res, next) => (req.query.stop ? answer(req, res, next) : next()), mark("c")]),
    answer,
  );
  app.get(
    "/throws",
    chain([
      mark("a"),
      () => {
        throw new Error("thrown");
      },
      mark("never"),
    ]),
    answer,
  );
  app.get(
    "/rejects",
    chain([
      mark("a"),
      async () => {
        throw new Error("rejected");
      },
      mark("never"),
    ]),
    answer,
  );
  app.get("/next-error", chain([(_req, _res, next) => next(new Error("passed")), mark("never")]), answer);
  // As a layer of a router (app.use), where next("route") meant the next layer.
  app.use("/route", chain([(_req, _res, next) => next("route"), mark("after route")]), answer);
  const inner = express.Router();
  inner.use(chain([mark("inner"), (_req, _res, next) => next("router"), mark("never")]));
  inner.use(answer);
  app.use("/router", mark("outer"), inner, answer);
  const a = express.Router();
  a.get("/alpha/x", mark("alpha"), (_req, _res, next) => next());
  const b = express.Router();
  b.get("/beta", mark("beta"));
  const both = express.Router();
  both.get("/alpha/y", mark("alpha-2"), (_req, _res, next) => next());
  // A router with middleware of its own is consulted by every path.
  const any = express.Router();
  any.use(mark("any"));
  app.use(byFirstSegment([a, b, any, both]), answer);
  app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).json({ error: err.message, seen: res.locals.seen ?? [] });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const get = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: (await res.json()) as { seen: string[]; error?: string } };
};

describe("chain", () => {
  it("runs the handlers in order, and a handler that answers ends it", async () => {
    expect(await get("/order")).toEqual({ status: 200, body: { seen: ["a", "b", "c"] } });
    expect(await get("/order?stop=1")).toEqual({ status: 200, body: { seen: ["a", "b"] } });
  });

  it("hands what a handler throws, rejects or passes to the error handler, and runs nothing after it", async () => {
    expect(await get("/throws")).toEqual({ status: 500, body: { error: "thrown", seen: ["a"] } });
    expect(await get("/rejects")).toEqual({ status: 500, body: { error: "rejected", seen: ["a"] } });
    expect(await get("/next-error")).toEqual({ status: 500, body: { error: "passed", seen: [] } });
  });

  it('goes on after next("route") and leaves its router on next("router")', async () => {
    expect(await get("/route")).toEqual({ status: 200, body: { seen: ["after route"] } });
    expect(await get("/router")).toEqual({ status: 200, body: { seen: ["outer", "inner"] } });
  });

  it("refuses an error handler, which it would skip", () => {
    const handler = ((_err: unknown, _req: Request, _res: Response, next: NextFunction) => next()) as never;
    expect(() => chain([handler])).toThrow(/error handler/);
  });
});

describe("byFirstSegment", () => {
  it("passes a request through the handlers of its first segment and those for any path, in their order", async () => {
    expect(await get("/alpha/x")).toEqual({ status: 200, body: { seen: ["alpha", "any"] } });
    expect(await get("/ALPHA/y")).toEqual({ status: 200, body: { seen: ["any", "alpha-2"] } });
    expect(await get("/beta")).toEqual({ status: 200, body: { seen: ["beta", "any"] } });
    expect(await get("/gamma")).toEqual({ status: 200, body: { seen: ["any"] } });
  });

  it("reads the first segments of a router's routes, or none when a route is not a plain path", () => {
    const r = express.Router();
    r.get("/skills/:id", answer);
    r.post("/Vaults", answer);
    r.get("/", answer);
    expect(routeSegments(r)).toEqual(new Set(["skills", "vaults", ""]));
    r.get(/^\/x/, answer);
    expect(routeSegments(r)).toBeNull();
    expect(firstSegment("/a/b")).toBe("a");
    expect(firstSegment("/")).toBe("");
  });
});
