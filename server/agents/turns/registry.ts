import type { Clock } from "../../clock.ts";
import { priceOf } from "../../config/prices.ts";
import type { Config } from "../../config/sections.ts";
import type { SecretBox } from "../../crypto/secretBox.ts";
import type { Logger } from "../../logger.ts";
import { allRegistryHosts } from "../../sandbox/packages/managerScripts.ts";
import type { PackageLayers } from "../../sandbox/packages/packageLayers.ts";
import type { Sandbox } from "../../sandbox/port.ts";
import type { Workspaces } from "../../sandbox/workspace.ts";
import type { Storage } from "../../storage/port/index.ts";
import { ECHO_MODEL, EchoRuntime } from "../models/echo.ts";
import type { AgentRuntime, RuntimeRegistry } from "./port.ts";

export const ANTHROPIC_PREFIX = "claude-";
export const OPENAI_PREFIX = "openai/";

/** Which runtime serves a model name: by name alone, whether or not this server configured it. */
export type RuntimeKind = "echo" | "anthropic" | "openai";

export function runtimeKind(model: string): RuntimeKind | null {
  if (model === ECHO_MODEL) return "echo";
  if (model.startsWith(ANTHROPIC_PREFIX) && model.length > ANTHROPIC_PREFIX.length) return "anthropic";
  if (model.startsWith(OPENAI_PREFIX) && model.length > OPENAI_PREFIX.length) return "openai";
  return null;
}

/** The runtimes this server's configuration enables, as model names or patterns (sorted). */
export function servedModels(config: Config): string[] {
  const served = [ECHO_MODEL];
  if (config.runtimes.anthropic) served.push(`${ANTHROPIC_PREFIX}*`);
  if (config.runtimes.openai) served.push(`${OPENAI_PREFIX}<model>`);
  return served.sort();
}

/** Why this server cannot run `model`, or null when it can (agent create and update check it). */
export function unservedReason(config: Config, model: string): string | null {
  const kind = runtimeKind(model);
  const served = `served: ${servedModels(config).join(", ")}`;
  if (kind === null) return `is not a model this server knows (${served}).`;
  if (kind === "anthropic" && !config.runtimes.anthropic) {
    return `needs the Anthropic runtime, which this server has not configured (set ANTHROPIC_API_KEY; ${served}).`;
  }
  if (kind === "openai" && !config.runtimes.openai) {
    return `needs an OpenAI-compatible runtime, which this server has not configured (set OPENAI_BASE_URL or OPENAI_API_KEY; ${served}).`;
  }
  return null;
}

export interface RuntimeDeps {
  config: Config;
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  logger: Logger;
  sandbox: Sandbox;
  workspaces: Workspaces;
  packageLayers: PackageLayers;
}

/**
 * A runtime whose modules are loaded in the background once the server runs, instead of before
 * it starts: the provider SDKs, the MCP client and undici are a large part of the server's
 * start-up time and memory, and a server without provider configuration never loads them. A
 * turn that comes first waits for the load; a failed load fails that turn and is tried again by
 * the next one.
 */
function loadedInBackground(load: () => Promise<AgentRuntime>): AgentRuntime {
  let loading: Promise<AgentRuntime> | null = null;
  const loaded = () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  // Started now, awaited by the first turn; a failure here is reported by that turn.
  setImmediate(() => loaded().catch(() => {}));
  return {
    async run(turn, signal) {
      return (await loaded()).run(turn, signal);
    },
  };
}

/** The runtimes of this server: echo, and the model runtimes its configuration enables. */
export function createRuntimes(deps: RuntimeDeps): RuntimeRegistry {
  const { config } = deps;
  const echo = new EchoRuntime(config.runs.echoDelayMs);
  const runtimes = config.runtimes;
  const keys = [runtimes.anthropic?.apiKey, runtimes.openai?.apiKey].filter((k): k is string => !!k);
  const modelDeps = async () => {
    const { createTargetFetch } = await import("../../outbound/targetFetch.ts");
    return {
      storage: deps.storage,
      secrets: deps.secrets,
      clock: deps.clock,
      logger: deps.logger,
      config: runtimes,
      fetch: createTargetFetch({ allowPrivate: runtimes.allowPrivateTargets }),
      sandbox: deps.sandbox,
      workspaces: deps.workspaces,
      sandboxConfig: config.sandbox,
      packageLayers: deps.packageLayers,
      registryHosts: allRegistryHosts(config.packages),
      filesConfig: config.files,
    };
  };
  /** The operator's grader of outcomes (OUTCOME_GRADER_MODEL), built with the runtime that loads it. */
  const graderModel = runtimes.outcomeGraderModel;
  const grader = async () => {
    if (!graderModel) return null;
    if (graderModel.startsWith(OPENAI_PREFIX) && runtimes.openai) {
      const { OpenAIChatModel } = await import("../models/openaiModel.ts");
      return {
        client: new OpenAIChatModel(runtimes.openai, runtimes.providerTimeoutMs),
        model: graderModel.slice(OPENAI_PREFIX.length),
        price: priceOf(runtimes.prices, graderModel),
      };
    }
    if (!runtimes.anthropic) return null;
    const { AnthropicModel } = await import("../models/anthropicModel.ts");
    return {
      client: new AnthropicModel(runtimes.anthropic, runtimes.providerTimeoutMs, runtimes.anthropicMaxTokens),
      model: graderModel,
      price: priceOf(runtimes.prices, graderModel),
    };
  };
  const anthropicConfig = runtimes.anthropic;
  const anthropic = anthropicConfig
    ? loadedInBackground(async () => {
        const [{ ModelRuntime }, { AnthropicModel }] = await Promise.all([
          import("./modelRuntime.ts"),
          import("../models/anthropicModel.ts"),
        ]);
        return new ModelRuntime(
          await modelDeps(),
          new AnthropicModel(
            anthropicConfig,
            runtimes.providerTimeoutMs,
            runtimes.anthropicMaxTokens,
            runtimes.anthropicThinkingBudget,
          ),
          (model) => model,
          keys,
          await grader(),
        );
      })
    : null;
  const openaiConfig = runtimes.openai;
  const openai = openaiConfig
    ? loadedInBackground(async () => {
        const [{ ModelRuntime }, { OpenAIChatModel }] = await Promise.all([
          import("./modelRuntime.ts"),
          import("../models/openaiModel.ts"),
        ]);
        return new ModelRuntime(
          await modelDeps(),
          new OpenAIChatModel(openaiConfig, runtimes.providerTimeoutMs),
          (model) => model.slice(OPENAI_PREFIX.length),
          keys,
          await grader(),
        );
      })
    : null;
  return {
    models: () => servedModels(config),
    get(model): AgentRuntime | undefined {
      switch (runtimeKind(model)) {
        case "echo":
          return echo;
        case "anthropic":
          return anthropic ?? undefined;
        case "openai":
          return openai ?? undefined;
        default:
          return undefined;
      }
    },
  };
}
