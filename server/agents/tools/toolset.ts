/**
 * The `agent_toolset_20260401` tools as offered to the model (names and input shapes of API.md)
 * and their dispatch. Which tools an agent has comes from its toolset entry: `default_config`
 * applies to every tool, `configs` override it by name.
 */

import { WorkspacePathError } from "../../sandbox/workspace.ts";
import type { AgentTool } from "../../storage/port/agents.ts";
import type { ToolSpec } from "../turns/conversation.ts";
import { bashTool } from "./bash.ts";
import type { WebToolSettings } from "./domainLists.ts";
import { editTool, globTool, grepTool, readTool, writeTool } from "./files.ts";
import { fail, type ToolContext, ToolInputError, type ToolResult } from "./types.ts";
import { webFetchTool } from "./webFetch.ts";
import { webSearchTool } from "./webSearch.ts";

export const TOOLSET_TYPE = "agent_toolset_20260401";
export const BUILTIN_TOOL_NAMES = ["bash", "read", "write", "edit", "glob", "grep", "web_fetch", "web_search"] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

const str = (description: string) => ({ type: "string", description });

export const BUILTIN_TOOL_SPECS: Record<BuiltinToolName, ToolSpec> = {
  bash: {
    name: "bash",
    description:
      "Runs a bash command in the session's sandbox, in /workspace (which persists across turns). stdout and stderr are returned together, cut at 100 KiB.",
    input_schema: {
      type: "object",
      properties: {
        command: str("The command to run."),
        timeout_ms: { type: "integer", minimum: 1, description: "Time limit in milliseconds (default 120000)." },
      },
      required: ["command"],
    },
  },
  read: {
    name: "read",
    description: "Reads a file of the workspace, with line numbers.",
    input_schema: {
      type: "object",
      properties: {
        path: str("The file, relative to /workspace or absolute under it (or under /mnt/memory/<store>/)."),
        offset: { type: "integer", minimum: 1, description: "The first line to read (1-based)." },
        limit: { type: "integer", minimum: 1, description: "How many lines to read (default 2000)." },
      },
      required: ["path"],
    },
  },
  write: {
    name: "write",
    description: "Writes a file of the workspace (made with its folders, or replaced).",
    input_schema: {
      type: "object",
      properties: { path: str("The file."), content: str("The whole content.") },
      required: ["path", "content"],
    },
  },
  edit: {
    name: "edit",
    description:
      "Replaces old_string with new_string in a file. Fails when old_string is absent or, without replace_all, not unique.",
    input_schema: {
      type: "object",
      properties: {
        path: str("The file."),
        old_string: str("The exact text to replace."),
        new_string: str("The replacement."),
        replace_all: { type: "boolean", description: "Replace every occurrence." },
      },
      required: ["path", "old_string", "new_string"],
    },
  },
  glob: {
    name: "glob",
    description: "Lists the workspace paths matching a glob pattern such as **/*.ts.",
    input_schema: {
      type: "object",
      properties: { pattern: str("The glob pattern."), path: str("The folder to search (default /workspace).") },
      required: ["pattern"],
    },
  },
  grep: {
    name: "grep",
    description: "Searches file contents with a regular expression (ripgrep); answers path:line:text.",
    input_schema: {
      type: "object",
      properties: {
        pattern: str("The regular expression."),
        path: str("The file or folder to search (default /workspace)."),
        glob: str("Only files matching this glob."),
        case_insensitive: { type: "boolean", description: "Ignore letter case." },
      },
      required: ["pattern"],
    },
  },
  web_fetch: {
    name: "web_fetch",
    description: "Fetches a web page and returns its text (truncated). The environment's allowed hosts apply.",
    input_schema: { type: "object", properties: { url: str("An http or https URL.") }, required: ["url"] },
  },
  web_search: {
    name: "web_search",
    description:
      "Searches the web and returns the results (title, URL, snippet). Only results the agent may fetch are shown.",
    input_schema: { type: "object", properties: { query: str("What to search for.") }, required: ["query"] },
  },
};

/**
 * The built-in tools an agent's `tools` enable, in the toolset's order. `web_search` follows
 * `default_config` only where the server has a search backend (`searchBackend`); a config that
 * names it enabled enables it anyway (its calls then say no backend is configured).
 */
export function enabledBuiltins(tools: readonly AgentTool[], searchBackend = false): BuiltinToolName[] {
  const entry = tools.find((t) => t.type === TOOLSET_TYPE);
  if (!entry) return [];
  const byDefault = entry.default_config?.enabled ?? true;
  return BUILTIN_TOOL_NAMES.filter((name) => {
    const own = entry.configs?.find((c) => c.name === name);
    if (name === "web_search") return own?.enabled ?? (byDefault && searchBackend);
    return own?.enabled ?? byDefault;
  });
}

/** The domain lists and limits of `web_search` and `web_fetch` in an agent's toolset entry. */
export function webToolSettings(
  tools: readonly AgentTool[],
): Partial<Record<"web_search" | "web_fetch", WebToolSettings>> {
  const entry = tools.find((t) => t.type === TOOLSET_TYPE);
  const out: Partial<Record<"web_search" | "web_fetch", WebToolSettings>> = {};
  for (const c of entry?.configs ?? []) {
    if (c.name !== "web_search" && c.name !== "web_fetch") continue;
    out[c.name] = {
      ...(c.allowed_domains ? { allowed_domains: c.allowed_domains } : {}),
      ...(c.blocked_domains ? { blocked_domains: c.blocked_domains } : {}),
      ...(c.max_content_tokens != null ? { max_content_tokens: c.max_content_tokens } : {}),
    };
  }
  return out;
}

export function isBuiltinName(name: string): name is BuiltinToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

const HANDLERS: Record<BuiltinToolName, (ctx: ToolContext, input: Record<string, unknown>) => Promise<ToolResult>> = {
  bash: bashTool,
  read: readTool,
  write: writeTool,
  edit: editTool,
  glob: globTool,
  grep: grepTool,
  web_fetch: webFetchTool,
  web_search: webSearchTool,
};

/** Runs one built-in call; a refused input or path is an error result, an abort propagates. */
export async function callBuiltin(
  name: BuiltinToolName,
  input: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolResult> {
  try {
    return await HANDLERS[name](ctx, input);
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    if (err instanceof ToolInputError || err instanceof WorkspacePathError) return fail(err.message);
    const code = (err as NodeJS.ErrnoException).code;
    if (code) return fail(`${name} failed: ${(err as Error).message}`);
    throw err;
  }
}
