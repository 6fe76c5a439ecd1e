/** `bash {command, timeout_ms?}`: one command in the session's sandbox (sandbox/port.ts). */
import { join } from "node:path";
import type { ExecRequest } from "../../sandbox/port.ts";
import { OUTPUTS_MOUNT, SKILLS_DIR } from "../../sandbox/workspace.ts";
import { MEMORY_MOUNT } from "./toolPaths.ts";
import { fail, intField, stringField, type ToolContext, type ToolResult } from "./types.ts";

export async function bashTool(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolResult> {
  const command = stringField(input, "command", true) as string;
  if (command.trim() === "") return fail("The command is empty.");
  // No program argument can hold one (the sandbox's line would be cut there).
  if (command.includes("\0"))
    return fail("The command contains a NUL character (\\0), which no shell command can hold.");
  const timeoutMs = intField(input, "timeout_ms", 1, ctx.limits.maxTimeoutMs) ?? ctx.limits.defaultTimeoutMs;
  const result = await ctx.sandbox.exec(commandRequest(ctx, command, timeoutMs));
  // The sandbox kept at most OUTPUT_LIMIT_BYTES; the notes below must survive, so nothing is cut here.
  const parts = [result.output];
  if (result.exit_code !== null && result.exit_code !== 0) parts.push(`[exit code ${result.exit_code}]`);
  if (result.failure) parts.push(`[error] ${result.failure}`);
  const text = parts.filter(Boolean).join("\n") || "(no output)";
  return { content: [{ type: "text", text }], is_error: result.failure !== null || result.exit_code !== 0 };
}

/**
 * What the sandbox is asked to run for one command of the session: the workspace, its variables,
 * network and owner, its read-only and read-write mounts, the package layer and the egress plan
 * (the same for a `bash` call and for the server's own commands, such as a repository's clone).
 */
export function commandRequest(ctx: ToolContext, command: string, timeoutMs: number): ExecRequest {
  return {
    workspace: ctx.workspace,
    command,
    timeoutMs,
    env: ctx.env,
    network: ctx.network,
    owner: ctx.owner,
    // Skills: a read-only mount from outside the workspace.
    readOnly: ctx.skills ? [{ host: ctx.skills, inside: SKILLS_DIR }] : [],
    // Memory stores: read-only ones are mounted read-only, so a write fails as in any read-only
    // filesystem; then the outputs folder (read-write) and the file resources (read-only).
    mounts: [
      ...(ctx.memory?.stores ?? []).map((s) => ({
        host: join(ctx.memory?.folder ?? "", s.name),
        inside: `${MEMORY_MOUNT}/${s.name}`,
        readOnly: s.readOnly,
      })),
      ...(ctx.outputs ? [{ host: ctx.outputs, inside: OUTPUTS_MOUNT, readOnly: false }] : []),
      ...(ctx.fileMounts ?? []).map((m) => ({ host: m.host, inside: m.inside, readOnly: true })),
    ],
    layer: ctx.layer ?? null,
    ...(ctx.egress ? { egress: ctx.egress } : {}),
    signal: ctx.signal,
  };
}
