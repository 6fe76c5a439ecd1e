import { abortableDelay } from "../../clock.ts";
import type { AgentRuntime, RunOutput, RuntimeTurn } from "../turns/port.ts";
import { NO_USAGE, wordCount } from "../turns/usage.ts";

/** The model name of the built-in runtime. */
export const ECHO_MODEL = "echo";

/**
 * The built-in deterministic runtime (agents whose model is `echo`): every user message is
 * answered by one `agent.message` whose text blocks are the message's, each prefixed with
 * `Echo: `, and reports a token per word read and written as its usage. With a delay (ECHO_RUNTIME_DELAY_MS) a run stays in flight that long, so tests can
 * interrupt, delete or crash during it.
 */
export class EchoRuntime implements AgentRuntime {
  constructor(private readonly delayMs: number = 0) {}

  async run(turn: RuntimeTurn, signal: AbortSignal): Promise<RunOutput[]> {
    await abortableDelay(this.delayMs, signal);
    const messages = turn.messages.map((m) => ({
      type: "agent.message" as const,
      content: m.content.map((block) => ({ type: "text" as const, text: `Echo: ${block.text}` })),
    }));
    // Its own counts (no model request, so no spans): a token per word read and written.
    const usage: RunOutput = {
      type: "usage",
      model_usage: {
        ...NO_USAGE,
        input_tokens: wordCount(turn.messages.flatMap((m) => m.content.map((b) => b.text))),
        output_tokens: wordCount(messages.flatMap((m) => m.content.map((b) => b.text))),
      },
    };
    return [...messages, usage];
  }
}
