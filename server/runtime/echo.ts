import type { AgentRuntime, RunOutput, RuntimeTurn } from "./port.ts";

/** The model name of the built-in runtime. */
export const ECHO_MODEL = "echo";

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The built-in deterministic runtime (agents whose model is `echo`): every user message is
 * answered by one `agent.message` whose text blocks are the message's, each prefixed with
 * `Echo: `. With a delay (ECHO_RUNTIME_DELAY_MS) a run stays in flight that long, so tests can
 * interrupt, delete or crash during it.
 */
export class EchoRuntime implements AgentRuntime {
  constructor(private readonly delayMs: number = 0) {}

  async run(turn: RuntimeTurn, signal: AbortSignal): Promise<RunOutput[]> {
    await abortableDelay(this.delayMs, signal);
    return turn.messages.map((m) => ({
      type: "agent.message" as const,
      content: m.content.map((block) => ({ type: "text" as const, text: `Echo: ${block.text}` })),
    }));
  }
}
