import { abortableDelay } from "../clock.ts";
import type { AgentRuntime, RunOutput, RuntimeTurn } from "./port.ts";

/** The model name of the built-in runtime. */
export const ECHO_MODEL = "echo";

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
