/**
 * The model names this server knows and which runtime serves each. Kept apart from the runtimes
 * themselves: agent create and update check names here without loading a provider SDK.
 */
import type { Config } from "../config.ts";

export const ECHO_MODEL = "echo";
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
