/** A dream's transcripts: built page by page, a long one keeps its end within its share. */
import { describe, expect, it } from "vitest";
import { SessionTranscript, TRANSCRIPT_MAX_CHARS, transcriptShare } from "../../server/agents/dreams/transcript.ts";
import type { SessionEventRecord } from "../../server/storage/port/sessions.ts";

const event = (type: string, fields: Partial<SessionEventRecord> = {}): SessionEventRecord =>
  ({
    id: "sevt_x",
    session_id: "sess_x",
    session_thread_id: null,
    type,
    created_at: "2026-12-02T00:00:00Z",
    ...fields,
  }) as SessionEventRecord;
const said = (type: "user.message" | "agent.message", text: string) =>
  event(type, { content: [{ type: "text", text }] });

describe("SessionTranscript", () => {
  it("renders messages, tool calls cut short and errors, and leaves the rest out", () => {
    const t = new SessionTranscript("sess_1", 'A "title"', 10_000);
    t.add([
      said("user.message", "Hello"),
      event("span.model_request_start"),
      event("agent.tool_use", { tool_use: { id: "t", name: "read", input: { path: "x".repeat(1000) } } as never }),
      event("agent.tool_result", {
        content: [{ type: "text", text: "y".repeat(1000) }],
        tool_result: { tool_use_id: "t", is_error: true } as never,
      }),
      said("agent.message", "Hi"),
    ]);
    const text = t.text();
    expect(text.startsWith(`<session id="sess_1" title="A 'title'">\nUser: Hello\nAgent called read: {"path":"`)).toBe(
      true,
    );
    expect(text).toContain("[... 611 more characters]");
    expect(text).toContain("Tool result (error): yyy");
    expect(text).toContain("[... 600 more characters]");
    expect(text.endsWith("\nAgent: Hi\n</session>")).toBe(true);
    expect(text).not.toContain("span.");
  });

  it("keeps only the last share of a long history, page by page, saying how much it left out", () => {
    const t = new SessionTranscript("sess_2", null, 50);
    for (let page = 0; page < 100; page++) t.add([said("user.message", `message ${page} ${"z".repeat(40)}`)]);
    const text = t.text();
    const body = text.split("\n").slice(2, -1).join("\n");
    expect(body.length).toBe(50);
    expect(body.endsWith(`User: message 99 ${"z".repeat(40)}`.slice(-50))).toBe(true);
    const total = Array.from({ length: 100 }, (_, p) => `User: message ${p} ${"z".repeat(40)}`).join("\n").length;
    expect(text).toContain(`[... the first ${total - 50} characters left out]`);
    expect(new SessionTranscript("sess_3", null, 50).text()).toBe('<session id="sess_3">\n(no messages)\n</session>');
    expect(transcriptShare(100)).toBe(TRANSCRIPT_MAX_CHARS / 100);
  });
});
