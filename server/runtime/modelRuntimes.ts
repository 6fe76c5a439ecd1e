/**
 * The model runtimes the configuration enables, built with their provider SDKs. Loaded on the
 * first model turn only (see registry.ts): the SDKs and the MCP client take seconds and tens of
 * MiB to load, which a server that runs no model agent should not pay at start-up.
 */
import { AnthropicModel } from "./anthropicModel.ts";
import { ModelRuntime } from "./modelRuntime.ts";
import { OPENAI_PREFIX } from "./models.ts";
import { OpenAIChatModel } from "./openaiModel.ts";
import type { RuntimeDeps } from "./registry.ts";
import { createTargetFetch } from "./targetFetch.ts";

export interface ModelRuntimes {
  anthropic: ModelRuntime | null;
  openai: ModelRuntime | null;
}

export function createModelRuntimes(deps: RuntimeDeps): ModelRuntimes {
  const runtimes = deps.config.runtimes;
  const modelDeps = {
    storage: deps.storage,
    secrets: deps.secrets,
    clock: deps.clock,
    logger: deps.logger,
    config: runtimes,
    fetch: createTargetFetch({ allowPrivate: runtimes.allowPrivateTargets }),
  };
  const keys = [runtimes.anthropic?.apiKey, runtimes.openai?.apiKey].filter((k): k is string => !!k);
  return {
    anthropic: runtimes.anthropic
      ? new ModelRuntime(
          modelDeps,
          new AnthropicModel(runtimes.anthropic, runtimes.providerTimeoutMs, runtimes.anthropicMaxTokens),
          (model) => model,
          keys,
        )
      : null,
    openai: runtimes.openai
      ? new ModelRuntime(
          modelDeps,
          new OpenAIChatModel(runtimes.openai, runtimes.providerTimeoutMs),
          (model) => model.slice(OPENAI_PREFIX.length),
          keys,
        )
      : null,
  };
}
