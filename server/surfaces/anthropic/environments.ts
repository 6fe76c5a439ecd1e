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

const NO_PACKAGES = { type: "packages", apt: [], cargo: [], gem: [], go: [], npm: [], pip: [] } as const;

/** Our environment as `BetaEnvironment`: its cloud config lists no packages (none are installed). */
export function sdkEnvironment(env: Environment) {
  return {
    ...env,
    config: {
      ...env.config,
      networking: env.config.networking ?? { type: "unrestricted" },
      packages: NO_PACKAGES,
    },
  };
}

/** The SDK's config (`{type, networking, packages}`) as ours: packages must be empty. */
function withOurConfig(body: Record<string, unknown>): Record<string, unknown> {
  const config = body.config;
  if (!config || typeof config !== "object" || Array.isArray(config)) return body;
  const { packages, ...rest } = config as Record<string, unknown>;
  if (packages !== undefined && packages !== null) {
    if (typeof packages !== "object" || Array.isArray(packages)) {
      throw invalidRequest("config.packages: must be an object of package lists.", "config.packages");
    }
    const lists = Object.entries(packages as Record<string, unknown>).filter(([k]) => k !== "type");
    if (lists.some(([, v]) => Array.isArray(v) && v.length > 0)) {
      throw invalidRequest("config.packages: installing packages is not supported by this server.", "config.packages");
    }
  }
  return { ...body, config: rest };
}

export const environmentsFamily: AnthropicFamily = {
  name: "environments",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/environments", async (req, res) => {
      const body = await nativeBody(req, "CreateEnvironmentRequest", withOurConfig(bodyOf(req)));
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
      const body = await nativeBody(req, "UpdateEnvironmentRequest", withOurConfig(bodyOf(req)));
      const id = pathParam(req, "environment_id");
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
