/**
 * Pending actions, the human in the loop (API.md, "Human in the loop"; docs/architecture.md,
 * glossary): custom tools the client answers, and tools whose `permission_policy` is `always_ask`,
 * which run only after the user's allow. A model round that calls either pauses the turn (the API
 * shows the stop as `requires_action`): the runtime throws AwaitingPendingActions with the calls it waits for,
 * the worker pauses the run (RunStore.pauseRun), and the last answer queues it again; the resumed
 * run rebuilds its conversation, in which the answers are recorded.
 */
import type { AgentConfig } from "../../storage/port/agents.ts";
import { isBuiltinName, TOOLSET_TYPE } from "../tools/toolset.ts";
import type { ToolResult } from "../tools/types.ts";
import type { PendingCall, ToolSpec } from "./conversation.ts";

/** What the model is told of a self-hosted environment's call that no worker answered in time. */
export const WORKER_WAIT_EXPIRED =
  "[error] No worker of this self-hosted environment answered this call in time (SANDBOX_MAX_TIMEOUT_MS after the turn waited for it); it was not run here. Whether a worker started it is unknown.";

/** The turn waits for the user: answers to these calls (the model's ids), recorded already. */
export class AwaitingPendingActions extends Error {
  constructor(
    readonly toolUseIds: string[],
    /**
     * Of those, the built-in calls a self-hosted environment's worker runs (answered by
     * user.tool_result), and how long its answers are awaited.
     */
    readonly remote?: { toolUseIds: string[]; waitMs: number },
    /** The sub-agent thread whose calls these are (null: the session's own agent). */
    readonly threadId: string | null = null,
  ) {
    super(`The turn waits for the user's answer to ${toolUseIds.length} tool call(s).`);
    this.name = "AwaitingPendingActions";
  }

  /** The same wait, as a sub-agent thread's. */
  inThread(threadId: string): AwaitingPendingActions {
    return new AwaitingPendingActions(this.toolUseIds, this.remote, threadId);
  }
}

/** The agent's custom tools as offered to the model. */
export function customToolSpecs(config: AgentConfig): ToolSpec[] {
  return config.tools.flatMap((t) =>
    t.type === "custom"
      ? [{ name: t.name, description: t.description ?? "", input_schema: { type: "object", ...t.input_schema } }]
      : [],
  );
}

/** Whether a built-in or MCP call waits for the user's confirmation (`permission_policy: always_ask`). */
export function needsConfirmation(config: AgentConfig, call: Pick<PendingCall, "name" | "mcp_server_name">): boolean {
  const entry = call.mcp_server_name
    ? config.tools.find((t) => t.type === "mcp_toolset" && t.mcp_server_name === call.mcp_server_name)
    : isBuiltinName(call.name)
      ? config.tools.find((t) => t.type === TOOLSET_TYPE)
      : undefined;
  if (!entry || entry.type === "custom") return false;
  const own = entry.configs?.find((c) => c.name === call.name)?.permission_policy;
  return (own ?? entry.default_config?.permission_policy ?? "always_allow") === "always_ask";
}

/** What the model is told about a call the user denied. */
export function deniedResult(message: string | null): ToolResult {
  const text = message?.trim() ? `The user denied this tool call: ${message}` : "The user denied this tool call.";
  return { content: [{ type: "text", text }], is_error: true };
}
