import { Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as environments from "../../domain/environments.ts";
import { invalidRequest } from "../../errors.ts";
import { accountOf, pathParam, queryFlag } from "../../http/context.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type Environment = Schema<"Environment">;

/** Our environment as `BetaEnvironment` (our config view has the SDK's shape already: every list, both switches). */
export function sdkEnvironment(env: Environment) {
  if (env.config.type === "self_hosted") return { ...env, config: { type: "self_hosted" as const } };
  return {
    ...env,
    config: {
      ...env.config,
      networking: env.config.networking ?? { type: "unrestricted" },
      packages: env.config.packages ?? { type: "packages", apt: [], cargo: [], gem: [], go: [], npm: [], pip: [] },
    },
  };
}

/**
 * The SDK's config (`BetaCloudConfigParams`) as ours: null fields are dropped (null means
 * "default" on create and "keep" on update); on update, an omitted `networking` or `packages`
 * keeps the environment's current one (the SDK's rule; our own update replaces the config).
 */
function withOurConfig(body: Record<string, unknown>, current: Environment | null): Record<string, unknown> {
  const config = body.config;
  if (!config || typeof config !== "object" || Array.isArray(config)) return body;
  const ours: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config as Record<string, unknown>)) if (v !== null) ours[k] = v;
  const packages = ours.packages;
  if (packages !== undefined) {
    if (typeof packages !== "object" || Array.isArray(packages)) {
      throw invalidRequest("config.packages: must be an object of package lists.", "config.packages");
    }
    const lists: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(packages as Record<string, unknown>)) if (v !== null) lists[k] = v;
    ours.packages = lists;
  }
  const networking = ours.networking;
  if (networking && typeof networking === "object" && !Array.isArray(networking)) {
    const n: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(networking as Record<string, unknown>)) if (v !== null) n[k] = v;
    ours.networking = n;
  }
  if (current && ours.type !== "self_hosted" && current.config.type !== "self_hosted") {
    if (ours.networking === undefined) ours.networking = current.config.networking;
    if (ours.packages === undefined && current.config.packages) ours.packages = current.config.packages;
  }
  return { ...body, config: ours };
}

export const environmentsFamily: AnthropicFamily = {
  name: "environments",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/environments", async (req, res) => {
      const body = await nativeBody(req, "CreateEnvironmentRequest", withOurConfig(bodyOf(req), null));
      res.json(sdkEnvironment(await environments.createEnvironment(deps, accountOf(res), body)));
    });
    r.get("/environments", async (req, res) => {
      const page = await environments.listEnvironments(deps, accountOf(res), {
        includeArchived: queryFlag(req, "include_archived"),
        page: sdkPageQuery(req, "env"),
      });
      res.json(await sdkPage(page, sdkEnvironment));
    });
    r.get("/environments/:environment_id", async (req, res) => {
      res.json(
        sdkEnvironment(await environments.getEnvironment(deps, accountOf(res), pathParam(req, "environment_id"))),
      );
    });
    r.post("/environments/:environment_id", async (req, res) => {
      const id = pathParam(req, "environment_id");
      const given = bodyOf(req);
      const current = given.config ? await environments.getEnvironment(deps, accountOf(res), id) : null;
      const body = await nativeBody(req, "UpdateEnvironmentRequest", withOurConfig(given, current));
      res.json(sdkEnvironment(await environments.updateEnvironment(deps, accountOf(res), id, body)));
    });
    r.delete("/environments/:environment_id", async (req, res) => {
      res.json(await environments.deleteEnvironment(deps, accountOf(res), pathParam(req, "environment_id")));
    });
    r.post("/environments/:environment_id/archive", async (req, res) => {
      const id = pathParam(req, "environment_id");
      res.json(sdkEnvironment(await environments.archiveEnvironment(deps, accountOf(res), id)));
    });
    return r;
  },
};
