/**
 * A session's timeline: its events in order, each shown by kind. Messages show their text; tool
 * calls show their name with the input (and the result, when it came) collapsed; model spans show
 * the model, the tokens and the time; errors stand out; a sub-agent thread's events carry the
 * thread's name. All of it is text: nothing an agent or a tool wrote is read as HTML.
 */
import type { ComponentChildren } from "preact";
import type { Schemas } from "../api.ts";
import { Json } from "../ui.tsx";

export type SessionEvent = Schemas["SessionEvent"];
type ContentBlock = { type: string; text?: string } & Record<string, unknown>;

/** The text of content blocks (`text` blocks as they are; any other block by its type). */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as ContentBlock[])
    .map((block) => (typeof block.text === "string" ? block.text : `[${block.type}]`))
    .join("\n");
}

const time = (iso: string) => new Date(iso).toLocaleTimeString();

function Row({
  event,
  kind,
  title,
  children,
  threads,
}: {
  event: SessionEvent;
  kind: string;
  title: ComponentChildren;
  children?: ComponentChildren;
  threads: Map<string, string>;
}) {
  const thread = event.session_thread_id;
  return (
    <li class={`event event-${kind}${thread ? " in-thread" : ""}`} data-type={event.type} data-event-id={event.id}>
      <div class="event-head">
        <span class="event-title">{title}</span>
        {thread ? <span class="thread-badge">thread {threads.get(thread) ?? thread}</span> : null}
        <time dateTime={event.created_at} class="muted">
          {time(event.created_at)}
        </time>
      </div>
      {children}
    </li>
  );
}

function EventItem({
  event,
  results,
  threads,
}: {
  event: SessionEvent;
  results: Map<string, SessionEvent>;
  threads: Map<string, string>;
}) {
  const row = (kind: string, title: ComponentChildren, children?: ComponentChildren) => (
    <Row event={event} kind={kind} title={title} threads={threads}>
      {children}
    </Row>
  );
  switch (event.type) {
    case "user.message":
      return row("user", "You", <p class="text">{contentText(event.content)}</p>);
    case "agent.message":
      return row("agent", "Agent", <p class="text">{contentText(event.content)}</p>);
    case "agent.tool_use":
    case "agent.custom_tool_use": {
      const result = results.get(event.id) ?? ("tool_use_id" in event ? results.get(event.tool_use_id) : undefined);
      const server = "mcp_server_name" in event && event.mcp_server_name ? `${event.mcp_server_name} · ` : "";
      return row(
        "tool",
        <>
          {event.type === "agent.custom_tool_use" ? "Custom tool " : "Tool "}
          <code>
            {server}
            {event.name}
          </code>
        </>,
        <>
          <Json label="Input" value={event.input} />
          {result ? (
            <Json
              label={"is_error" in result && result.is_error ? "Output (error)" : "Output"}
              value={"content" in result ? contentText(result.content) : ""}
            />
          ) : null}
        </>,
      );
    }
    case "agent.tool_result":
    case "user.custom_tool_result":
    case "user.tool_result":
      // Shown under the call it answers.
      return null;
    case "user.tool_confirmation":
      return row(
        event.result === "allow" ? "confirm" : "deny",
        event.result === "allow" ? "Allowed" : "Denied",
        event.deny_message ? <p class="text">{event.deny_message}</p> : null,
      );
    case "user.interrupt":
      return row("interrupt", "Interrupted");
    case "session.status_run_started":
      return row("status", "Turn started");
    case "session.status_idled": {
      const reason = event.stop_reason?.type ?? "end_turn";
      return row("status", `Idle: ${reason.replace(/_/g, " ")}`);
    }
    case "session.error":
      return row("error", `Error: ${event.error.type}`, <p class="text">{event.error.message}</p>);
    case "span.model_request_start":
      return null;
    case "span.model_request_end": {
      const u = event.model_usage;
      return row(
        "span",
        <>
          Model <code>{event.model}</code>
        </>,
        <p class="muted">
          {u ? `${u.input_tokens} in, ${u.output_tokens} out` : "no usage"} · {event.duration_ms} ms
        </p>,
      );
    }
    case "session.thread_created":
    case "session.thread_idled":
    case "session.thread_terminated":
      return row("thread", event.type.replace("session.thread_", "Thread "));
    default:
      return row("other", (event as { type: string }).type, <Json label="Event" value={event} />);
  }
}

export function Timeline({
  events,
  threads,
  drafts,
}: {
  events: SessionEvent[];
  threads: Map<string, string>;
  /** The text being written now, by thread ("" the session's own agent): shown after the events. */
  drafts: ReadonlyMap<string, string>;
}) {
  const results = new Map<string, SessionEvent>();
  for (const e of events) {
    if (e.type === "agent.tool_result" || e.type === "user.tool_result") results.set(e.tool_use_id, e);
    if (e.type === "user.custom_tool_result") results.set(e.custom_tool_use_id, e);
  }
  if (events.length === 0 && drafts.size === 0) {
    return <p class="muted">No events yet: send a message to start a turn.</p>;
  }
  return (
    <ol class="timeline" aria-label="Timeline">
      {events.map((e) => (
        <EventItem key={e.id} event={e} results={results} threads={threads} />
      ))}
      {[...drafts].map(([thread, text]) => (
        <li key={`draft-${thread}`} class={`event event-agent draft${thread ? " in-thread" : ""}`} data-type="draft">
          <div class="event-head">
            <span class="event-title">Agent (writing…)</span>
            {thread ? <span class="thread-badge">thread {threads.get(thread) ?? thread}</span> : null}
          </div>
          <p class="text">{text}</p>
        </li>
      ))}
    </ol>
  );
}
