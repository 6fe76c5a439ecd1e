/**
 * The built-in toolset (API.md, "Environments that run"): what a tool is given for one call and
 * what it answers. A tool never throws for a bad input or a refused path: it answers an error
 * result the model reads (it may try something else); only an abort propagates.
 */
import type { SandboxConfig, WebSearchConfig } from "../../config/sections.ts";
import type { Owner } from "../../sandbox/identity.ts";
import type { EgressPlan, NetworkPolicy, Sandbox } from "../../sandbox/port.ts";
import type { TextBlock } from "../../storage/port/sessions.ts";
import type { WebToolSettings } from "./domainLists.ts";

export interface ToolResult {
  content: TextBlock[];
  is_error: boolean;
}

export interface ToolLimits {
  defaultTimeoutMs: number;
  maxTimeoutMs: number;
  workspaceMaxBytes: number;
  /** `web_fetch` and `glob`/`grep` stop after this long. */
  fileToolTimeoutMs: number;
  allowPrivateTargets: boolean;
}

/** How long `glob`, `grep` and `web_fetch` may take. */
const FILE_TOOL_TIMEOUT_MS = 30_000;

/** The tools' limits under this sandbox configuration (the server's and a worker's alike). */
export function toolLimits(
  config: Pick<SandboxConfig, "defaultTimeoutMs" | "maxTimeoutMs" | "workspaceMaxBytes" | "allowPrivateTargets">,
): ToolLimits {
  return {
    defaultTimeoutMs: config.defaultTimeoutMs,
    maxTimeoutMs: config.maxTimeoutMs,
    workspaceMaxBytes: config.workspaceMaxBytes,
    fileToolTimeoutMs: FILE_TOOL_TIMEOUT_MS,
    allowPrivateTargets: config.allowPrivateTargets,
  };
}

/** One session's place for one call. */
export interface ToolContext {
  /** The `web_search` backend (WEB_SEARCH_URL); null or absent: web_search is refused. */
  webSearch?: WebSearchConfig | null;
  /** The domain lists and limits of `web_search` and `web_fetch` from the agent's toolset. */
  toolSettings?: Partial<Record<"web_search" | "web_fetch", WebToolSettings>>;
  /** The workspace folder on the host. */
  workspace: string;
  sandbox: Sandbox;
  env: Record<string, string>;
  network: NetworkPolicy;
  limits: ToolLimits;
  /** The session's own host uid and gid (the server is root: sandbox/identity.ts), or null. */
  owner: Owner | null;
  /** The folder shown read-only at /workspace/skills (tools/skills.ts), or null without skills. */
  skills: string | null;
  /** The session's memory stores under `/mnt/memory` (memoryMount.ts), or null without any. */
  memory?: MemoryView | null;
  /** The environment's package layer (shown read-only at /mnt/packages), or null without packages. */
  layer?: { host: string; env: Record<string, string[]> } | null;
  /** The secrets the sandbox's proxy puts in at egress (docs/egress.md), or none. */
  egress?: EgressPlan;
  /** The session's outputs folder, shown read-write at `/mnt/session/outputs` (sessionMounts.ts), or null. */
  outputs?: string | null;
  /** The session's `file` resources, each shown read-only at its path (sessionMounts.ts). */
  fileMounts?: { host: string; inside: string }[];
  signal: AbortSignal;
}

/** The memory stores of a turn as the tools see them: one folder each (by store name) under `folder`. */
export interface MemoryView {
  folder: string;
  stores: { name: string; readOnly: boolean }[];
}

export const ok = (text: string): ToolResult => ({ content: [{ type: "text", text }], is_error: false });
export const fail = (text: string): ToolResult => ({ content: [{ type: "text", text }], is_error: true });

/** Text results are kept to this many characters, with a note of what was cut. */
export const RESULT_LIMIT_CHARS = 100 * 1024;

export function capped(text: string, limit = RESULT_LIMIT_CHARS): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n[cut: ${text.length - limit} more characters were not kept]`;
}

/** A required string field of a tool input, or a message saying what is wrong. */
export function stringField(input: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = input[name];
  if (value === undefined || value === null) {
    if (required) throw new ToolInputError(`The input needs "${name}" (a string).`);
    return undefined;
  }
  if (typeof value !== "string") throw new ToolInputError(`"${name}" must be a string.`);
  return value;
}

export function intField(input: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new ToolInputError(`"${name}" must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

export function boolField(input: Record<string, unknown>, name: string): boolean | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new ToolInputError(`"${name}" must be true or false.`);
  return value;
}

/** A tool input the tool refuses (answered as an error result). */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ToolInputError";
  }
}
