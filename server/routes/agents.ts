import { type Request, Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as agents from "../domain/agents.ts";
import { invalidRequest } from "../errors.ts";
import { accountOf, pageQuery, pathParam, queryFlag, queryInt } from "../http/context.ts";
import type { PageQuery } from "../storage/port/index.ts";

/** An integer query parameter (the spec has checked it; it may arrive as a string). */
/**
 * The pagination of the versions list: the cursors are version numbers (`page` as returned in
 * `next_page`, `after_version`, `before_version`), at most one of them.
 */
function versionPageQuery(req: Request): PageQuery {
  const limit = queryInt(req, "limit") ?? 20;
  const q = req.query as Record<string, unknown>;
  const given = (["page", "after_version", "before_version"] as const).filter((p) => q[p] !== undefined);
  if (given.length > 1) {
    throw invalidRequest(
      `Pass at most one of page, after_version and before_version (got ${given.join(" and ")}).`,
      given[1],
    );
  }
  const name = given[0];
  if (!name) return { limit };
  const version = name === "page" ? Number(q.page) : (queryInt(req, name) as number);
  return { limit, cursor: { direction: name === "before_version" ? "before" : "after", id: String(version) } };
}

/** Routes of the Agents tag. */
export const agentRoutes: RouteModule = {
  router(deps: AppDeps) {
    const r = Router();
    r.get("/agents", async (req, res) => {
      res.json(
        await agents.listAgents(deps, accountOf(res), {
          includeArchived: queryFlag(req, "include_archived"),
          page: pageQuery(req, "agent"),
        }),
      );
    });
    r.post("/agents", async (req, res) => {
      res.json(await agents.createAgent(deps, accountOf(res), req.body as Schema<"CreateAgentRequest">));
    });
    r.get("/agents/:agent_id", async (req, res) => {
      res.json(await agents.getAgent(deps, accountOf(res), pathParam(req, "agent_id"), queryInt(req, "version")));
    });
    r.post("/agents/:agent_id", async (req, res) => {
      res.json(
        await agents.updateAgent(
          deps,
          accountOf(res),
          pathParam(req, "agent_id"),
          req.body as Schema<"UpdateAgentRequest">,
        ),
      );
    });
    r.delete("/agents/:agent_id", async (req, res) => {
      res.json(await agents.deleteAgent(deps, accountOf(res), pathParam(req, "agent_id")));
    });
    r.get("/agents/:agent_id/versions", async (req, res) => {
      res.json(await agents.listAgentVersions(deps, accountOf(res), pathParam(req, "agent_id"), versionPageQuery(req)));
    });
    r.post("/agents/:agent_id/archive", async (req, res) => {
      res.json(await agents.archiveAgent(deps, accountOf(res), pathParam(req, "agent_id")));
    });
    return r;
  },
};
