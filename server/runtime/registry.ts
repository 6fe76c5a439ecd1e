import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secretBox.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/port.ts";
import { EchoRuntime } from "./echo.ts";
import type { ModelRuntimes } from "./modelRuntimes.ts";
import { runtimeKind, servedModels } from "./models.ts";
import type { AgentRuntime, RuntimeRegistry } from "./port.ts";

export { type RuntimeKind, runtimeKind, servedModels, unservedReason } from "./models.ts";

export interface RuntimeDeps {
  config: Config;
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  logger: Logger;
}

/**
 * The runtimes of this server: echo, and the model runtimes its configuration enables. Those are
 * loaded with their provider SDKs on the first turn that needs one (modelRuntimes.ts), once.
 */
export function createRuntimes(deps: RuntimeDeps): RuntimeRegistry {
  const echo = new EchoRuntime(deps.config.runs.echoDelayMs);
  let loaded: Promise<ModelRuntimes> | null = null;
  const load = () => {
    loaded ??= import("./modelRuntimes.ts").then((m) => m.createModelRuntimes(deps));
    return loaded;
  };
  const lazy = (pick: (r: ModelRuntimes) => AgentRuntime | null): AgentRuntime => ({
    async run(turn, signal) {
      const runtime = pick(await load());
      // Not reached: get() hands out a lazy runtime only for a configured provider.
      if (!runtime) throw new Error(`no runtime is configured for ${turn.agent.config.model}`);
      return runtime.run(turn, signal);
    },
  });
  const anthropic = deps.config.runtimes.anthropic ? lazy((r) => r.anthropic) : undefined;
  const openai = deps.config.runtimes.openai ? lazy((r) => r.openai) : undefined;
  return {
    models: () => servedModels(deps.config),
    get(model): AgentRuntime | undefined {
      switch (runtimeKind(model)) {
        case "echo":
          return echo;
        case "anthropic":
          return anthropic;
        case "openai":
          return openai;
        default:
          return undefined;
      }
    },
  };
}
