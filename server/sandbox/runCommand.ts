/** Runs one sandboxed command line as a child process and collects what it wrote. */
import { spawn } from "node:child_process";
import type { ExecResult } from "./port.ts";
import type { WarmShell } from "./warmShells.ts";

/** stdout and stderr kept per call; the rest is counted and cut with a note. */
export const OUTPUT_LIMIT_BYTES = 100 * 1024;

/**
 * Runs the sandbox, keeping OUTPUT_LIMIT_BYTES of output; kills it at the time limit or on abort.
 * Where the host gives control groups, `shell` is a shell already in the command's groups that
 * becomes the command (warmShells.ts); otherwise the command is spawned as it is.
 */
export function runCommand(
  argv: string[],
  env: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
  shell: WarmShell | null,
  /**
   * Started with the command: may end it early with a failure (the workspace quota). Answers
   * what stops it when the command ends.
   */
  watch?: (end: (failure: string) => void) => () => void,
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    if (shell?.error) return reject(shell.error);
    const group = shell?.group ?? null;
    const child =
      shell?.child ??
      spawn(argv[0] as string, argv.slice(1), { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    try {
      shell?.exec(argv, env);
    } catch (err) {
      // The shell got nothing: it exits without running anything.
      shell?.child.stdin.end();
      return reject(err);
    }
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let cutBytes = 0;
    const take = (chunk: Buffer) => {
      const room = OUTPUT_LIMIT_BYTES - keptBytes;
      if (room > 0) {
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        kept.push(part);
        keptBytes += part.length;
        cutBytes += chunk.length - part.length;
      } else cutBytes += chunk.length;
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let timedOut = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      group?.kill();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    let endedFor: string | null = null;
    const unwatch = watch?.((failure) => {
      endedFor ??= failure;
      kill();
    });
    const onAbort = () => kill();
    signal.addEventListener("abort", onAbort, { once: true });
    // Aborted while the sandbox was being prepared: the listener would never fire.
    if (signal.aborted) kill();
    child.on("error", (err) => {
      unwatch?.();
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      reject(err);
    });
    child.on("close", (code) => {
      unwatch?.();
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      if (signal.aborted) return reject(signal.reason);
      let output = Buffer.concat(kept).toString("utf8");
      if (cutBytes > 0) {
        output += `\n[output cut: ${cutBytes} more bytes were not kept (the limit is ${OUTPUT_LIMIT_BYTES} bytes)]`;
      }
      resolve({
        output,
        exit_code: timedOut || endedFor ? null : code,
        failure: endedFor
          ? endedFor
          : timedOut
            ? `The command ran longer than its time limit of ${timeoutMs} ms; it and every process it started were killed.`
            : cutBytes > 0
              ? `The command wrote more than ${OUTPUT_LIMIT_BYTES} bytes of output; the rest was cut (redirect large output to a file and read parts of it).`
              : null,
      });
    });
  });
}
