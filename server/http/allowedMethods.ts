/**
 * `OPTIONS` and `Allow`, from the spec's route table: `OPTIONS` on an API path answers 204 with
 * the methods the spec has for that path (and OPTIONS) in `Allow` and no body (Express would
 * answer 200 text/plain with the methods of its own routes); a path the spec does not have is a
 * 404 in the envelope. A request with a method the path does not have gets the same `Allow` on
 * its 405 (RFC 9110 §15.5.6), which the request validator answers further down.
 *
 * Mounted at the API base before authentication (and after CORS, which answers preflights), so
 * that a client can ask what a path allows without a token, as with any HTTP server.
 */
import type { NextFunction, Request, Response } from "express";
import { notFound } from "../errors.ts";
import { rawSegments, type SpecRoutes } from "./specRoutes.ts";

/** The `Allow` value of each path template: its methods in the spec's order, then OPTIONS. */
function allowByTemplate(routes: SpecRoutes): Map<string, string> {
  const methods = new Map<string, string[]>();
  for (const op of routes.operations) {
    const list = methods.get(op.template) ?? [];
    list.push(op.method);
    methods.set(op.template, list);
  }
  const order = ["GET", "PUT", "POST", "DELETE", "PATCH"];
  return new Map(
    [...methods].map(([template, list]) => [
      template,
      [...list.sort((a, b) => order.indexOf(a) - order.indexOf(b)), "OPTIONS"].join(", "),
    ]),
  );
}

export function allowedMethods(routes: SpecRoutes) {
  // Built with the route table, at the first request.
  let byTemplate: Map<string, string> | null = null;
  const allowOf = (template: string) => {
    byTemplate ??= allowByTemplate(routes);
    return byTemplate.get(template);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const segments = rawSegments(req.path);
    // The most literal template first (SpecRoutes sorts them so).
    const template = routes.match(segments)[0]?.template;
    if (req.method === "OPTIONS") {
      if (template === undefined) return next(notFound(`No route ${req.path}.`));
      res.set("Allow", allowOf(template));
      res.status(204).end();
      return;
    }
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (template !== undefined && routes.match(segments, method).length === 0) {
      res.set("Allow", allowOf(template));
    }
    next();
  };
}
