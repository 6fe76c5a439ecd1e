import { Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import * as agents from "../../domain/agents.ts";
import { invalidRequest } from "../../errors.ts";
import { accountOf, pathParam, queryFlag, queryInt } from "../../http/context.ts";
import { bodyOf } from "./context.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";
import { nativeBody } from "./validation.ts";

type Agent = Schema<"Agent">;

/** `model` on the wire of the SDK: an object with the model id. */
export interface SdkModelConfig {
  id: string;
  speed: "standard";
}

/**
 * The principal an agent's runs act as. Runs here act as the server itself (its sandbox, its
 * network, the credentials of the session's vaults): there is no customer-named principal and no
 * cloud role to assume, so every agent has the SDK's default, `service_account`.
 */
export const EXECUTION_IDENTITY = { type: "service_account" } as const;

export type SdkAgent = Omit<Agent, "model"> & {
  model: SdkModelConfig;
  execution_identity: typeof EXECUTION_IDENTITY;
};

/** Our agent as `BetaManagedAgentsAgent`. */
export function sdkAgent(agent: Agent): SdkAgent {
  return { ...agent, model: { id: agent.model, speed: "standard" }, execution_identity: EXECUTION_IDENTITY };
}

/** `execution_identity` of a create or update: absent, null or `service_account` (the only one here). */
function withoutExecutionIdentity(body: Record<string, unknown>): Record<string, unknown> {
  const { execution_identity: identity, ...rest } = body;
  if (identity === undefined || identity === null) return rest;
  const type = (identity as { type?: unknown }).type;
  if (type !== "service_account") {
    throw invalidRequest(
      `execution_identity.type ${JSON.stringify(type)} is not supported by this server: runs act as the server itself, only "service_account".`,
      "execution_identity.type",
    );
  }
  return rest;
}

/** `model: "echo"` or `model: {id: "echo", ...}` → our `model: "echo"`. */
export function withModelId(body: Record<string, unknown>, param = "model"): Record<string, unknown> {
  const model = body.model;
  if (model && typeof model === "object" && !Array.isArray(model)) {
    const { speed } = model as { speed?: unknown };
    if (speed !== undefined && speed !== "standard") {
      throw invalidRequest(
        `${param}.speed ${JSON.stringify(speed)} is not supported by this server: only "standard".`,
        `${param}.speed`,
      );
    }
    return { ...body, model: (model as { id: unknown }).id };
  }
  return body;
}

export const agentsFamily: AnthropicFamily = {
  name: "agents",
  router(deps: AppDeps) {
    const r = Router();
    r.post("/agents", async (req, res) => {
      const body = await nativeBody(req, "CreateAgentRequest", withModelId(withoutExecutionIdentity(bodyOf(req))));
      res.json(sdkAgent(await agents.createAgent(deps, accountOf(res), body)));
    });
    r.get("/agents", async (req, res) => {
      const page = await agents.listAgents(deps, accountOf(res), {
        includeArchived: queryFlag(req, "include_archived"),
        page: sdkPageQuery(req, "agent"),
      });
      res.json(await sdkPage(page, sdkAgent));
    });
    r.get("/agents/:agent_id", async (req, res) => {
      res.json(
        sdkAgent(await agents.getAgent(deps, accountOf(res), pathParam(req, "agent_id"), queryInt(req, "version"))),
      );
    });
    r.post("/agents/:agent_id", async (req, res) => {
      const id = pathParam(req, "agent_id");
      const raw = withModelId(withoutExecutionIdentity(bodyOf(req)));
      // The SDK's `version` is optional: without it the change applies to the latest version.
      const version = raw.version ?? (await agents.getAgent(deps, accountOf(res), id)).version;
      const body = await nativeBody(req, "UpdateAgentRequest", { ...raw, version });
      res.json(sdkAgent(await agents.updateAgent(deps, accountOf(res), id, body)));
    });
    r.post("/agents/:agent_id/archive", async (req, res) => {
      res.json(sdkAgent(await agents.archiveAgent(deps, accountOf(res), pathParam(req, "agent_id"))));
    });
    r.get("/agents/:agent_id/versions", async (req, res) => {
      const limit = queryInt(req, "limit") ?? 20;
      const page = (req.query as Record<string, unknown>).page;
      const cursor =
        typeof page === "string" && /^\d{1,9}$/.test(page) ? { direction: "after" as const, id: page } : undefined;
      if (page !== undefined && !cursor) {
        throw invalidRequest("page must be the next_page of a previous page of this list (a version number).", "page");
      }
      const versions = await agents.listAgentVersions(deps, accountOf(res), pathParam(req, "agent_id"), {
        limit,
        ...(cursor ? { cursor } : {}),
      });
      res.json(await sdkPage(versions, sdkAgent));
    });
    return r;
  },
};
