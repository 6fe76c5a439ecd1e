/**
 * The agent loop of the model runtimes (API.md, "Agent runtimes"): the agent's `system` prompt
 * and the conversation rebuilt from the session's events go to the model with the tools of its
 * MCP servers; each tool call is recorded (`agent.tool_use`) before it is made and its outcome
 * (`agent.tool_result`) after, text as `agent.message`; the loop ends when the model stops
 * calling tools, or after RUN_MAX_TOOL_ROUNDS rounds that did. A run resumed after a restart
 * continues from what it recorded: calls with a result are not made again. In a self-hosted
 * environment (docs/self-hosted.md) the built-in calls are not made here: the turn queues the
 * session's work item and waits, as for pending actions, for the worker's `user.tool_result`.
 */
import type { Clock } from "../../clock.ts";
import { priceOf } from "../../config/prices.ts";
import type { FilesConfig, RuntimesConfig, SandboxConfig } from "../../config/sections.ts";
import type { SecretBox } from "../../crypto/secretBox.ts";
import type { Logger } from "../../logger.ts";
import type { FetchLike } from "../../outbound/targetFetch.ts";
import type { PackageLayers } from "../../sandbox/packages/packageLayers.ts";
import type { Sandbox } from "../../sandbox/port.ts";
import type { Workspaces } from "../../sandbox/workspace.ts";
import type { Storage } from "../../storage/port/index.ts";
import type { RunOutput } from "../../storage/port/runs.ts";
import { McpToolbox } from "../mcp/mcp.ts";
import { completeWithRetries, type ModelClient, ProviderError } from "../models/model.ts";
import { SessionTools } from "../tools/session.ts";
import {
  type ChatItem,
  type PendingCall,
  rebuildConversation,
  revisionRequest,
  type ToolCall,
} from "./conversation.ts";
import { evaluateOutcome, type Grader } from "./outcomeGrader.ts";
import { AwaitingPendingActions, customToolSpecs, deniedResult, needsConfirmation } from "./pendingActions.ts";
import { type AgentRuntime, type RuntimeTurn, TurnError } from "./port.ts";
import { measuredRequest } from "./spans.ts";

export interface ModelRuntimeDeps {
  storage: Storage;
  secrets: SecretBox;
  clock: Clock;
  logger: Logger;
  config: RuntimesConfig;
  /** The SSRF-guarded fetch for MCP servers and token endpoints. */
  fetch: FetchLike;
  /** The built-in tools' sandbox, the sessions' workspaces and their limits. */
  sandbox: Sandbox;
  workspaces: Workspaces;
  sandboxConfig: SandboxConfig;
  /** The environments' package layers, and the configured registries' hosts. */
  packageLayers: PackageLayers;
  registryHosts: string[];
  /** The files' limits: the outputs collected at the end of a turn. */
  filesConfig: FilesConfig;
}

export class ModelRuntime implements AgentRuntime {
  constructor(
    private readonly deps: ModelRuntimeDeps,
    private readonly client: ModelClient,
    /** The provider's model name for an agent's `model` (e.g. `openai/llama3.2` → `llama3.2`). */
    private readonly providerModel: (model: string) => string,
    /** Secrets of the operator's configuration (API keys) that must never reach an event. */
    private readonly redactions: string[],
    /** The grader of outcomes when the operator names one (OUTCOME_GRADER_MODEL); else the agent's model grades. */
    private readonly grader: Grader | null = null,
  ) {}

  async run(turn: RuntimeTurn, signal: AbortSignal): Promise<RunOutput[]> {
    const { config, logger } = this.deps;
    const conversation = rebuildConversation(await turn.conversation(config.historyLimit), turn.run_id);
    const items = conversation.items;
    const context = { run_id: turn.run_id, session_id: turn.session_id, agent_id: turn.agent.id };
    const selfHosted = await this.selfHostedEnvironment(turn);
    const builtins = await SessionTools.open(
      {
        storage: this.deps.storage,
        sandbox: this.deps.sandbox,
        workspaces: this.deps.workspaces,
        config: this.deps.sandboxConfig,
        packageLayers: this.deps.packageLayers,
        registryHosts: this.deps.registryHosts,
        secrets: this.deps.secrets,
        files: this.deps.filesConfig,
        clock: this.deps.clock,
        webSearch: config.webSearch,
      },
      turn,
      signal,
    );
    const system = [turn.agent.config.system, builtins.prompt].filter((s): s is string => !!s).join("\n\n") || null;
    const tools = builtins.specs;
    // Custom tools: the client answers them (user.custom_tool_result); a name a built-in tool has is the built-in's.
    const custom = customToolSpecs(turn.agent.config).filter((t) => !builtins.has(t.name));
    const toolbox = await McpToolbox.connect(
      { ...this.deps, timeoutMs: config.mcpTimeoutMs },
      { account_id: turn.account_id, vault_ids: turn.vault_ids, config: turn.agent.config },
      signal,
    );
    try {
      // Calls an interrupted attempt recorded but did not finish are made first (those the user
      // allowed or denied meanwhile too; a `bash` command an attempt started, whose fate is
      // unknown, is answered with an error instead: SessionTools.interrupted); calls still
      // waiting for the user pause the turn again.
      await this.settle(turn, toolbox, builtins, conversation.pending, items, signal, selfHosted, true);
      let toolRounds = conversation.toolRounds;
      const price = priceOf(config.prices, turn.agent.config.model);
      for (;;) {
        const model = this.providerModel(turn.agent.config.model);
        let reply: Awaited<ReturnType<ModelClient["complete"]>>;
        try {
          reply = await measuredRequest(
            turn,
            this.deps.clock,
            model,
            (live) =>
              completeWithRetries(
                this.client,
                {
                  model,
                  system,
                  items,
                  tools: [...tools, ...toolbox.tools, ...custom.filter((t) => !toolbox.find(t.name))],
                },
                {
                  policy: {
                    maxRetries: config.providerMaxRetries,
                    baseMs: config.providerRetryBaseMs,
                    maxMs: config.providerRetryMaxMs,
                  },
                  clock: this.deps.clock,
                  logger,
                  signal,
                  context,
                  ...live,
                  // The session is rescheduled while a retry waits; an interrupt then ends the turn.
                  backoff: {
                    start: (err) =>
                      turn.reschedule({
                        type: "provider_error",
                        message: this.redact(err.message),
                        ...(err.status !== null ? { provider_status: err.status } : {}),
                      }),
                    end: () => turn.resume(),
                  },
                },
              ),
            price,
          );
        } catch (err) {
          if (err instanceof ProviderError) {
            throw new TurnError(
              "provider_error",
              this.redact(err.message),
              err.status !== null ? { provider_status: err.status } : {},
            );
          }
          throw err;
        }
        const thinking = reply.thinking ?? [];
        // The model's reasoning comes first, as it came.
        if (thinking.length > 0) {
          await turn.record(
            thinking.map((t): RunOutput => ({ type: "agent.thinking", thinking: t.text, signature: t.signature })),
          );
        }
        const message: RunOutput[] = reply.text
          ? [{ type: "agent.message", content: [{ type: "text", text: reply.text }] }]
          : [];
        const outcome = turn.session_thread_id === null ? conversation.outcome : null;
        if (reply.tool_calls.length === 0 && outcome) {
          // The attempt is recorded, then judged; a revision asked goes back to the agent.
          await turn.record(message);
          items.push({ role: "assistant", text: reply.text, tool_calls: [], ...(thinking.length ? { thinking } : {}) });
          const verdict = await evaluateOutcome(
            turn,
            {
              clock: this.deps.clock,
              logger,
              policy: {
                maxRetries: config.providerMaxRetries,
                baseMs: config.providerRetryBaseMs,
                maxMs: config.providerRetryMaxMs,
              },
              redact: (text) => this.redact(text),
            },
            this.grader ?? { client: this.client, model, price },
            outcome,
            items,
            signal,
          );
          if (verdict.result === "needs_revision") {
            items.push({ role: "user", text: revisionRequest(outcome.evaluations, verdict.explanation) });
            outcome.evaluations++;
            continue;
          }
          conversation.outcome = null;
          const notes = await builtins.finish();
          return notes.length === 0
            ? []
            : [{ type: "agent.message", content: [{ type: "text", text: notes.join("\n") }] }];
        }
        if (reply.tool_calls.length === 0) {
          // What the outputs' collection refused is a note of the turn (its last message).
          const notes = await builtins.finish();
          if (notes.length === 0) return message;
          const note = { type: "text" as const, text: notes.join("\n") };
          const last = message[0];
          if (last?.type === "agent.message") return [{ ...last, content: [...last.content, note] }];
          return [{ type: "agent.message", content: [note] }];
        }
        if (toolRounds >= config.maxToolRounds) {
          throw new TurnError(
            "tool_rounds_exceeded",
            `The model asked for tools in more than ${config.maxToolRounds} rounds (RUN_MAX_TOOL_ROUNDS); the turn was ended.`,
          );
        }
        toolRounds++;
        const calls = reply.tool_calls.map((c) => this.resolve(toolbox, builtins, custom, c));
        // The round is recorded before any tool runs: a restart resumes from here.
        await turn.record([
          ...message,
          ...calls.map(
            ({ custom: isCustom, confirmation: _, ...c }): RunOutput =>
              isCustom
                ? { type: "agent.custom_tool_use", tool_use_id: c.tool_use_id, name: c.name, input: c.input }
                : {
                    type: "agent.tool_use",
                    ...c,
                    // What a self-hosted worker reads to hold an `always_ask` call until its allow.
                    evaluated_permission: needsConfirmation(turn.agent.config, c) ? "ask" : "allow",
                  },
          ),
        ]);
        items.push({
          role: "assistant",
          text: reply.text,
          tool_calls: reply.tool_calls,
          ...(thinking.length ? { thinking } : {}),
        });
        await this.settle(turn, toolbox, builtins, calls, items, signal, selfHosted);
      }
    } catch (err) {
      // A turn that ended in error keeps what its tools did too; one cut short (shutdown, lost lease,
      // deleted session) saves nothing: whoever takes it over starts from the last finished turn's.
      if (err instanceof TurnError && err.type !== "workspace_too_large" && !signal.aborted) {
        await builtins.finish().catch((saveErr: unknown) =>
          logger.warn("the workspace of a failed turn was not saved", {
            ...context,
            error: saveErr instanceof Error ? saveErr.message : String(saveErr),
          }),
        );
      }
      throw err;
    } finally {
      await toolbox.close();
      const back = await builtins.close(signal.aborted);
      if (back && back.notes.length > 0)
        logger.warn("memory write-back at the end of the turn", { ...context, notes: back.notes });
    }
  }

  /**
   * The recorded form of a call: the MCP server and tool it names, or the model's name when it
   * names none (a built-in tool, or an unknown one: both are recorded without a server).
   */
  private resolve(
    toolbox: McpToolbox,
    builtins: SessionTools,
    custom: { name: string }[],
    call: ToolCall,
  ): PendingCall {
    const tool = toolbox.find(call.name);
    const isCustom = !tool && !builtins.has(call.name) && custom.some((t) => t.name === call.name);
    return {
      tool_use_id: call.id,
      name: tool ? tool.tool : call.name,
      mcp_server_name: tool ? tool.server : "",
      input: call.input,
      ...(isCustom ? { custom: true } : {}),
    };
  }

  /** The session's environment when it is self-hosted (its workers run the built-in calls), else null. */
  private async selfHostedEnvironment(turn: RuntimeTurn): Promise<string | null> {
    const session = await this.deps.storage.sessions.getSession(turn.account_id, turn.session_id);
    if (!session) return null;
    const environment = await this.deps.storage.environments.getEnvironment(turn.account_id, session.environment_id);
    return environment?.config.type === "self_hosted" ? environment.id : null;
  }

  /**
   * Makes the calls of a round that may run now (in order): a denied call gets the user's message
   * as an error result. Custom calls and calls waiting for a confirmation are left to the user, and
   * in a self-hosted environment the built-in calls to its worker (the session's work item is
   * queued unless one is live): when there are any, the workspace is saved and the turn pauses
   * (AwaitingPendingActions) until each has its answer.
   */
  private async settle(
    turn: RuntimeTurn,
    toolbox: McpToolbox,
    builtins: SessionTools,
    calls: PendingCall[],
    items: ChatItem[],
    signal: AbortSignal,
    selfHosted: string | null,
    resumed = false,
  ): Promise<void> {
    const waiting = calls.filter((c) => c.custom || (!c.confirmation && needsConfirmation(turn.agent.config, c)));
    const ready = calls.filter((c) => !waiting.includes(c));
    const remote = selfHosted
      ? // web_search asks the server's own backend: it runs here, not on the worker.
        ready.filter(
          (c) =>
            !c.mcp_server_name && builtins.has(c.name) && c.name !== "web_search" && c.confirmation?.result !== "deny",
        )
      : [];
    const now = ready.filter((c) => !remote.includes(c));
    await this.callTools(turn, toolbox, builtins, now, items, signal, resumed);
    if (selfHosted && remote.length > 0) {
      const item = await this.deps.storage.work.enqueueSession(turn.account_id, selfHosted, turn.session_id);
      await turn.record([
        { type: "session.status_waiting_for_worker", work: { work_id: item.id, calls: remote.length } },
      ]);
    }
    if (waiting.length === 0 && remote.length === 0) return;
    await builtins.finish();
    throw new AwaitingPendingActions(
      [...waiting, ...remote].map((c) => c.tool_use_id),
      // A worker's answer is awaited as long as the longest command may run.
      { toolUseIds: remote.map((c) => c.tool_use_id), waitMs: this.deps.sandboxConfig.maxTimeoutMs },
    );
  }

  private async callTools(
    turn: RuntimeTurn,
    toolbox: McpToolbox,
    builtins: SessionTools,
    calls: PendingCall[],
    items: ChatItem[],
    signal: AbortSignal,
    resumed = false,
  ): Promise<void> {
    for (const call of calls) {
      const tool = call.mcp_server_name
        ? toolbox.tools.find((t) => t.server === call.mcp_server_name && t.tool === call.name)
        : undefined;
      const result =
        call.confirmation?.result === "deny"
          ? deniedResult(call.confirmation.deny_message)
          : tool
            ? await toolbox.call(tool, call.input, signal)
            : !call.mcp_server_name && builtins.has(call.name)
              ? // A call the user confirmed waited for the allow and never started; any other
                // call of a resumed attempt may have (a crash during it).
                ((resumed && !call.confirmation ? builtins.interrupted(call.name) : null) ??
                (await builtins.call(call.name, call.input, signal)))
              : {
                  content: [{ type: "text" as const, text: `No tool named ${call.name} is available to this agent.` }],
                  is_error: true,
                };
      if (signal.aborted) throw signal.reason;
      await turn.record([
        {
          type: "agent.tool_result",
          tool_use_id: call.tool_use_id,
          ...result,
          ...(call.mcp_server_name ? { mcp_server_name: call.mcp_server_name } : {}),
        },
      ]);
      items.push({
        role: "tool",
        tool_call_id: call.tool_use_id,
        text: result.content.map((b) => b.text).join("\n"),
        is_error: result.is_error,
      });
    }
  }

  private redact(text: string): string {
    let out = text;
    for (const secret of this.redactions) if (secret.length >= 8) out = out.split(secret).join("[redacted]");
    return out;
  }
}
