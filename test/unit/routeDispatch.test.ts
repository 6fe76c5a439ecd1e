/**
 * server/http/routeDispatch.ts stands in for two Express routers: `router.use(base, ...)` (mountAt)
 * and a route file's router (routeDispatch). Two real Express apps on ports, one built with the
 * routers and one with these, answer the same requests over HTTP; each handler answers with what
 * it saw (url, baseUrl, path, params, the handlers run before it), and every answer must be the
 * same in both: matching (case, trailing slashes, segment boundaries, percent-encoding, HEAD,
 * OPTIONS, absolute-form targets), `next("route")` and `next("router")`, errors thrown,
 * rejected and passed on, and what the handlers after the mount see once it let a request go.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chain } from "../../server/http/chain.ts";
import { mountAt, routeDispatch } from "../../server/http/routeDispatch.ts";

const BASE = "/api/base";

const seen = (req: Request, res: Response, name: string) => {
  res.locals.seen = [
    ...(res.locals.seen ?? []),
    { name, url: req.url, baseUrl: req.baseUrl, path: req.path, params: { ...req.params } },
  ];
};
const mark =
  (name: string): RequestHandler =>
  (req, res, next) => {
    seen(req, res, name);
    next();
  };
const answer =
  (name: string): RequestHandler =>
  (req, res) => {
    seen(req, res, name);
    res.json({ seen: res.locals.seen });
  };

/** A route file: plain string routes only, so that routeDispatch takes it over. */
function routeFile() {
  const r = express.Router();
  r.get("/items", answer("list"));
  r.post("/items", answer("create"));
  r.get("/items/:item_id", mark("get-1"), answer("get"));
  r.get("/twice/:a", (req, res, next) => {
    seen(req, res, "first route");
    next("route");
  });
  r.get("/twice/:a", answer("second route"));
  r.get("/throws", () => {
    throw new Error("thrown");
  });
  r.get("/rejects", async () => {
    throw new Error("rejected");
  });
  r.get("/passes", (_req, _res, next) => next(new Error("passed")));
  r.get("/leaves", (req, res, next) => {
    seen(req, res, "leaves");
    next("router");
  });
  r.get("/declines", mark("declines"), (_req, _res, next) => next());
  r.get("/items/:item_id/parts/:part", answer("part"));
  // Not reached: a route does not take a request with an error pending.
  r.get("/passes", answer("after an error"));
  return r;
}

const surfaceError: ErrorRequestHandler = (err: Error, req, res, next) => {
  seen(req, res, "surface error");
  if (err.message === "passed") return next(err);
  res.status(500).json({ error: err.message, seen: res.locals.seen });
};

function build(withRouters: boolean): Express {
  const app = express();
  const steps: RequestHandler[] = [
    mark("auth"),
    // A step that sets parameters of its own (as request validation does) before it passes the request on.
    (req, res, next) => {
      if (!req.path.startsWith("/sets-params")) return next();
      req.params = { set: "by a step" };
      seen(req, res, "sets params");
      next(req.path === "/sets-params/and-fails" ? new Error("after setting params") : undefined);
    },
  ];
  if (withRouters) {
    const outer = express.Router();
    outer.use(BASE, chain([...steps, routeFile()]));
    outer.use(BASE, surfaceError);
    app.use(outer);
  } else {
    const routes = routeFile();
    const dispatch = routeDispatch(routes);
    if (dispatch === routes) throw new Error("routeDispatch did not take the route file over");
    app.use(mountAt(BASE, chain([...steps, dispatch]), surfaceError));
  }
  app.use(answer("after the mount"));
  app.use((err: Error, req: Request, res: Response, _next: NextFunction) => {
    seen(req, res, "app error");
    res.status(599).json({ error: err.message, seen: res.locals.seen });
  });
  return app;
}

const origins: Record<"routers" | "dispatch", string> = { routers: "", dispatch: "" };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  for (const [name, withRouters] of [
    ["routers", true],
    ["dispatch", false],
  ] as const) {
    const server = build(withRouters).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    origins[name] = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  }
});
afterAll(async () => {
  for (const close of closers) await close();
});

/** One request as sent (node:http sends the target as given, absolute form included). */
function send(origin: string, method: string, target: string): Promise<{ status: number; body: string }> {
  const [host, port] = origin.split(":");
  const path = target.replace("ORIGIN", "http://example.test");
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port: Number(port), method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const REQUESTS: [string, string][] = [
  ["GET", "/api/base/items"],
  ["GET", "/api/base/items/"],
  ["GET", "/API/Base/ITEMS"],
  ["GET", "/api/base/items?limit=2&x[y]=1"],
  ["GET", "/api/base/items/abc"],
  ["GET", "/api/base/items/a%20b%2Fc"],
  ["GET", "/api/base/items/%E0%A4%A"],
  ["GET", "/api/base/items/abc/parts/p%C3%A9"],
  ["GET", "/api/base//items"],
  ["GET", "/api/base"],
  ["GET", "/api/base/"],
  ["GET", "/api/base?x=1"],
  ["GET", "/api/basex/items"],
  ["GET", "/api/bas"],
  ["GET", "/other"],
  ["GET", "ORIGIN/api/base/items/abc?q=1"],
  ["HEAD", "/api/base/items"],
  ["POST", "/api/base/items"],
  ["DELETE", "/api/base/items/abc"],
  ["OPTIONS", "/api/base/items"],
  ["OPTIONS", "/api/base/nothing"],
  ["GET", "/api/base/twice/1"],
  ["GET", "/api/base/throws"],
  ["GET", "/api/base/rejects"],
  ["GET", "/api/base/passes"],
  ["GET", "/api/base/leaves"],
  ["GET", "/api/base/declines"],
  ["GET", "/api/base/nothing"],
  ["GET", "/api/base/sets-params"],
  ["GET", "/api/base/sets-params/and-fails"],
];

describe("routeDispatch", () => {
  it("answers every request as Express's routers do", async () => {
    for (const [method, target] of REQUESTS) {
      const viaRouters = await send(origins.routers, method, target);
      const viaDispatch = await send(origins.dispatch, method, target);
      expect({ method, target, ...viaDispatch }).toEqual({ method, target, ...viaRouters });
    }
    // The list reaches what it is meant to: a route, a parameter, each way out.
    const body = async (target: string) =>
      JSON.parse((await send(origins.dispatch, "GET", target)).body) as {
        error?: string;
        seen: { name: string; url: string; baseUrl: string; params: Record<string, string> }[];
      };
    expect((await body("/API/Base/items/a%20b%2Fc")).seen).toEqual([
      { name: "auth", url: "/items/a%20b%2Fc", baseUrl: "/API/Base", path: "/items/a%20b%2Fc", params: {} },
      {
        name: "get-1",
        url: "/items/a%20b%2Fc",
        baseUrl: "/API/Base",
        path: "/items/a%20b%2Fc",
        params: { item_id: "a b/c" },
      },
      {
        name: "get",
        url: "/items/a%20b%2Fc",
        baseUrl: "/API/Base",
        path: "/items/a%20b%2Fc",
        params: { item_id: "a b/c" },
      },
    ]);
    expect((await body("/api/base/twice/1")).seen.map((s) => s.name)).toEqual(["auth", "first route", "second route"]);
    expect((await body("/api/base/throws")).error).toBe("thrown");
    const passed = await body("/api/base/passes");
    expect(passed.seen.map((s) => [s.name, s.url])).toEqual([
      ["auth", "/passes"],
      ["surface error", "/passes"],
      ["app error", "/api/base/passes"],
    ]);
    const declined = await body("/api/base/declines");
    expect(declined.seen.map((s) => [s.name, s.url, s.baseUrl])).toEqual([
      ["auth", "/declines", "/api/base"],
      ["declines", "/declines", "/api/base"],
      ["after the mount", "/api/base/declines", ""],
    ]);
  });

  it("leaves a router it cannot stand in for exactly as it is", () => {
    const withMiddleware = express.Router();
    withMiddleware.use(mark("any"));
    withMiddleware.get("/x", answer("x"));
    expect(routeDispatch(withMiddleware)).toBe(withMiddleware);
    const withParam = express.Router();
    withParam.param("id", (_req, _res, next) => next());
    withParam.get("/x/:id", answer("x"));
    expect(routeDispatch(withParam)).toBe(withParam);
    const plain = express.Router();
    plain.get("/x/:id", answer("x"));
    expect(routeDispatch(plain)).not.toBe(plain);
  });
});
