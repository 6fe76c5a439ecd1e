/**
 * What a dream's agent is told: the instructions of its job and the transcripts of the sessions it
 * reads, rendered as text (messages whole, tool calls and results cut short), at most
 * TRANSCRIPT_MAX_CHARS in all: each session gets an equal share, and a longer one keeps its end
 * (what a session learned last is what a memory most needs), built page by page.
 */
import type { SessionEventRecord, TextBlock } from "../../storage/port/sessions.ts";

export const TRANSCRIPT_MAX_CHARS = 200_000;
const TOOL_CHARS = 400;

const text = (blocks: TextBlock[] | undefined) => (blocks ?? []).map((b) => b.text).join("");
const cut = (s: string, max: number) =>
  s.length > max ? `${s.slice(0, max)} [... ${s.length - max} more characters]` : s;

/** One line (or paragraph) per event worth reading; the rest (spans, statuses) left out. */
function line(e: SessionEventRecord): string | null {
  switch (e.type) {
    case "user.message":
      return `User: ${text(e.content)}`;
    case "agent.message":
      return `Agent: ${text(e.content)}`;
    case "agent.tool_use":
      return e.tool_use
        ? `Agent called ${e.tool_use.name}: ${cut(JSON.stringify(e.tool_use.input), TOOL_CHARS)}`
        : null;
    case "agent.tool_result":
      return `Tool result${e.tool_result?.is_error ? " (error)" : ""}: ${cut(text(e.content), TOOL_CHARS)}`;
    case "session.error":
      return e.error ? `Error: ${e.error.message}` : null;
    default:
      return null;
  }
}

/**
 * One session's transcript, built page by page within its share of the limit: only the last
 * `share` characters are kept (a long history is never held whole), and how many were left out.
 */
export class SessionTranscript {
  private body = "";
  private dropped = 0;

  constructor(
    private readonly sessionId: string,
    private readonly title: string | null,
    private readonly share: number,
  ) {}

  add(events: readonly SessionEventRecord[]): void {
    const lines = events.map(line).filter((l): l is string => l !== null);
    if (lines.length === 0) return;
    this.body = this.body ? `${this.body}\n${lines.join("\n")}` : lines.join("\n");
    if (this.body.length > this.share) {
      this.dropped += this.body.length - this.share;
      this.body = this.body.slice(-this.share);
    }
  }

  text(): string {
    const title = this.title ? ` title="${this.title.replace(/"/g, "'")}"` : "";
    const cut = this.dropped > 0 ? `[... the first ${this.dropped} characters left out]\n` : "";
    return `<session id="${this.sessionId}"${title}>\n${cut}${this.body || "(no messages)"}\n</session>`;
  }
}

/** Each of `count` sessions' share of the limit. */
export const transcriptShare = (count: number) => Math.floor(TRANSCRIPT_MAX_CHARS / Math.max(1, count));

/** The system prompt of a dream's agent: where the store is and what to do with it. */
export function dreamSystemPrompt(storeName: string, bash: boolean): string {
  return [
    "You are dreaming: reorganizing a memory store from what past sessions of agents learned.",
    `The memory store is mounted at /mnt/memory/${storeName}/ and every change you make to its files is saved as memory versions.`,
    "Read its files first (glob, read), then the transcripts in the user's message. Then rewrite the store with the file tools:",
    "merge duplicates, remove what later sessions contradicted or what is stale, add the durable facts and lessons the sessions show,",
    "and keep files small, one topic each, with names that say what they hold. Do not copy transcripts into the store.",
    bash
      ? "Remove a file that is no longer needed with bash (rm): a removed file is a deleted memory."
      : "You cannot remove files here: rewrite a file whose content no longer holds with what still does.",
    "When the store is in order, answer with a short summary of what you changed.",
  ].join("\n");
}

/** The user message that starts the dream. */
export function dreamMessage(instructions: string | null, transcripts: string): string {
  return [
    instructions ? `Instructions for this dream:\n${instructions}\n` : "",
    `The transcripts of the sessions to learn from:\n\n${transcripts}`,
  ].join("\n");
}
