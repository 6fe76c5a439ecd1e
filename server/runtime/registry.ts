import type { Config } from "../config.ts";
import { ECHO_MODEL, EchoRuntime } from "./echo.ts";
import type { AgentRuntime, RuntimeRegistry } from "./port.ts";

/** A registry over a fixed map of model name → runtime. */
export function runtimeRegistry(runtimes: Record<string, AgentRuntime>): RuntimeRegistry {
  const map = new Map(Object.entries(runtimes));
  return {
    models: () => [...map.keys()].sort(),
    get: (model) => map.get(model),
  };
}

const byConfig = new WeakMap<Config, RuntimeRegistry>();

/**
 * The runtimes this server serves, derived from its configuration (one registry per config, so
 * the agent routes, which validate `model`, and the run worker see the same one).
 */
export function runtimesFor(config: Config): RuntimeRegistry {
  let registry = byConfig.get(config);
  if (!registry) {
    registry = runtimeRegistry({ [ECHO_MODEL]: new EchoRuntime(config.runs.echoDelayMs) });
    byConfig.set(config, registry);
  }
  return registry;
}
