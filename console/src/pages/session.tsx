/**
 * One session, live: the timeline over the session's event stream (history first, then each event
 * as it is committed, threads included), the box to send a message, Interrupt, the pending
 * confirmations (Allow / Deny with a message) and custom tool calls (answered through the form
 * made from the tool's input_schema), its usage against its budget, its workspace files and
 * outputs, and its resources.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { SessionEventDelta } from "../../../client/index.ts";
import { describeError, type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { ActionButton, Age, ErrorNote, Json, Loaded, Page, Status, Table, useAsync, useClient } from "../ui.tsx";
import { CustomToolForm } from "./schemaForm.tsx";
import { SessionFiles } from "./sessionFiles.tsx";
import { tokens } from "./sessions.tsx";
import { type SessionEvent, Timeline } from "./timeline.tsx";

type Session = Schemas["Session"];
type Agent = Schemas["Agent"];
type Input = Schemas["SessionEventInput"];

/**
 * The calls the session waits on: those its last idle (of the session, and of each thread) names
 * with `requires_action`, less the ones answered since.
 */
export function pendingCalls(events: SessionEvent[]): SessionEvent[] {
  const waiting = new Map<string, string[]>();
  const answered = new Set<string>();
  for (const e of events) {
    const thread = e.session_thread_id ?? "";
    if (e.type === "session.status_idled") {
      waiting.set(thread, e.stop_reason?.type === "requires_action" ? [...(e.stop_reason.event_ids ?? [])] : []);
    }
    if (e.type === "session.status_run_started") waiting.set(thread, []);
    if (e.type === "user.tool_confirmation") answered.add(e.tool_use_id);
    if (e.type === "user.custom_tool_result") answered.add(e.custom_tool_use_id);
  }
  const byId = new Map(events.map((e) => [e.id, e]));
  return [...new Set([...waiting.values()].flat())]
    .filter((id) => !answered.has(id))
    .map((id) => byId.get(id))
    .filter((e): e is SessionEvent => e !== undefined && !("tool_use_id" in e && answered.has(e.tool_use_id)));
}

type Live = "connecting" | "live" | "reconnecting";

/** A live piece of an agent message being written (never stored), told from the events by its type. */
const isDelta = (item: SessionEvent | SessionEventDelta): item is SessionEventDelta =>
  item.type === "event_start" || item.type === "event_delta";

/** The text an agent is writing now, by thread (`""`: the session's own agent). */
export type Drafts = ReadonlyMap<string, string>;

/**
 * The session's events, live: the stream's history, then every new event (no event twice), and
 * the live text of the agent messages being written (`event_deltas`), until each is stored.
 */
function useSessionEvents(
  id: string,
  onStatus: () => void,
): { events: SessionEvent[]; drafts: Drafts; live: Live; error: unknown } {
  const client = useClient();
  const [events, setEvents] = useState<SessionEvent[]>([]);
  const [drafts, setDrafts] = useState<Drafts>(new Map());
  const [live, setLive] = useState<Live>("connecting");
  const [error, setError] = useState<unknown>(undefined);
  const status = useRef(onStatus);
  status.current = onStatus;
  useEffect(() => {
    const controller = new AbortController();
    const seen = new Set<string>();
    setEvents([]);
    setDrafts(new Map());
    setError(undefined);
    setLive("connecting");
    (async () => {
      for await (const item of client.streamSessionEvents(id, {
        signal: controller.signal,
        eventDeltas: ["agent.message"],
        onOpen: () => setLive("live"),
        onReconnect: () => setLive("reconnecting"),
      })) {
        if (isDelta(item)) {
          const thread = item.session_thread_id ?? "";
          const start = item.type === "event_start";
          const piece = item.delta?.text ?? "";
          setDrafts((d) => new Map(d).set(thread, (start ? "" : (d.get(thread) ?? "")) + piece));
          continue;
        }
        const event: SessionEvent = item;
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        setEvents((list) => [...list, event]);
        // The stored message (or the end of the turn) replaces the live text of its thread.
        if (event.type === "agent.message" || event.type === "session.status_idled") {
          const thread = event.session_thread_id ?? "";
          setDrafts((d) => {
            if (!d.has(thread)) return d;
            const next = new Map(d);
            next.delete(thread);
            return next;
          });
        }
        if (event.type.startsWith("session.")) status.current();
      }
    })().catch((err: unknown) => {
      if (!controller.signal.aborted) setError(err);
    });
    return () => controller.abort();
  }, [client, id]);
  return { events, drafts, live, error };
}

export function SessionPage({ id }: { id: string }) {
  const client = useClient();
  const session = useAsync(
    async () => unwrap(await client.GET("/sessions/{session_id}", { params: { path: { session_id: id } } })),
    [id],
  );
  const agentRef = session.data?.agent;
  const agent = useAsync(
    async () =>
      agentRef
        ? unwrap(
            await client.GET("/agents/{agent_id}", {
              params: { path: { agent_id: agentRef.id }, query: { version: agentRef.version } },
            }),
          )
        : null,
    [agentRef?.id, agentRef?.version],
  );
  const threads = useAsync(
    async () =>
      unwrap(
        await client.GET("/sessions/{session_id}/threads", {
          params: { path: { session_id: id }, query: { limit: 100 } },
        }),
      ),
    [id],
  );
  const { events, drafts, live, error } = useSessionEvents(id, () => {
    session.reload();
    threads.reload();
  });
  const send = async (input: Input[]) => {
    unwrap(
      await client.POST("/sessions/{session_id}/events", {
        params: { path: { session_id: id } },
        body: { events: input },
      }),
    );
  };
  const threadNames = new Map((threads.data?.data ?? []).map((t) => [t.id, `${t.agent.id} (${t.status})`]));
  const pending = pendingCalls(events);
  // The files and resources change with each turn: read again when one ends.
  const turnsEnded = events.filter((e) => e.type === "session.status_idled").length;
  return (
    <Page title={session.data?.title || `Session ${id}`}>
      <Loaded state={session}>
        {(s) => (
          <div class="session-layout">
            <div class="session-main">
              <p class="live" aria-live="polite">
                <Status value={s.status} /> <span class="muted">stream: {live}</span>
              </p>
              <ErrorNote error={error} />
              {pending.length > 0 ? (
                <section class="pending" aria-labelledby="pending-title">
                  <h2 id="pending-title">Waiting for you</h2>
                  {pending.map((call) => (
                    <PendingCall key={call.id} call={call} agent={agent.data ?? null} send={send} />
                  ))}
                </section>
              ) : null}
              <Timeline events={events} threads={threadNames} drafts={drafts} />
              <Composer status={s.status} send={send} />
            </div>
            <aside class="session-side" aria-label="Session details">
              <SessionFacts session={s} />
              <SessionThreads threads={threads.data?.data ?? []} send={send} />
              <SessionFiles sessionId={id} turns={turnsEnded} />
              <SessionResources sessionId={id} turns={turnsEnded} />
            </aside>
          </div>
        )}
      </Loaded>
    </Page>
  );
}

function PendingCall({
  call,
  agent,
  send,
}: {
  call: SessionEvent;
  agent: Agent | null;
  send: (input: Input[]) => Promise<void>;
}) {
  const [denyMessage, setDenyMessage] = useState("");
  if (call.type === "agent.custom_tool_use") {
    const tool = agent?.tools.find((t) => t.type === "custom" && t.name === call.name) as
      | Schemas["AgentCustomTool"]
      | undefined;
    return (
      <CustomToolForm
        callId={call.id}
        toolName={call.name}
        schema={tool?.input_schema as Parameters<typeof CustomToolForm>[0]["schema"]}
        input={(call.input ?? {}) as Record<string, unknown>}
        onAnswer={(text, isError) =>
          send([
            {
              type: "user.custom_tool_result",
              custom_tool_use_id: call.id,
              content: [{ type: "text", text }],
              is_error: isError,
            },
          ]).catch((err: unknown) => {
            throw new Error(describeError(err));
          })
        }
      />
    );
  }
  if (call.type !== "agent.tool_use") return null;
  const denyId = `deny-${call.id}`;
  return (
    <fieldset class="confirm">
      <legend>
        The agent asks to run <code>{call.name}</code>
      </legend>
      <Json label="Input" value={call.input} open />
      <div class="confirm-actions">
        <ActionButton
          label="Allow"
          kind="primary"
          run={() => send([{ type: "user.tool_confirmation", tool_use_id: call.id, result: "allow" }])}
        />
        <label for={denyId}>Deny message</label>
        <input
          id={denyId}
          value={denyMessage}
          placeholder="Why not (the agent reads it)"
          onInput={(e) => setDenyMessage(e.currentTarget.value)}
        />
        <ActionButton
          label="Deny"
          kind="danger"
          run={() =>
            send([
              {
                type: "user.tool_confirmation",
                tool_use_id: call.id,
                result: "deny",
                ...(denyMessage.trim() ? { deny_message: denyMessage.trim() } : {}),
              },
            ])
          }
        />
      </div>
    </fieldset>
  );
}

function Composer({ status, send }: { status: Session["status"]; send: (input: Input[]) => Promise<void> }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const submit = () => {
    const value = text.trim();
    if (!value) return;
    setBusy(true);
    setError(undefined);
    send([{ type: "user.message", content: [{ type: "text", text: value }] }]).then(
      () => {
        setBusy(false);
        setText("");
      },
      (err: unknown) => {
        setBusy(false);
        setError(err);
      },
    );
  };
  return (
    <form
      class="composer"
      aria-label="Send a message"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label for="message">Message</label>
      <textarea
        id="message"
        rows={3}
        value={text}
        placeholder="Ctrl+Enter sends"
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div class="composer-actions">
        <button type="submit" class="primary" disabled={busy || status === "terminated"}>
          Send
        </button>
        <ActionButton label="Interrupt" kind="danger" run={() => send([{ type: "user.interrupt" }])} />
      </div>
      <ErrorNote error={error} />
    </form>
  );
}

function SessionFacts({ session }: { session: Session }) {
  const used = tokens(session.usage);
  const budget = session.budget?.max_total_tokens ?? null;
  return (
    <section aria-labelledby="facts-title">
      <h2 id="facts-title">Session</h2>
      <dl class="facts">
        <dt>Id</dt>
        <dd>
          <code>{session.id}</code>
        </dd>
        <dt>Agent</dt>
        <dd>
          <a href={href("agents", session.agent.id)}>
            {session.agent.id} v{session.agent.version}
          </a>
        </dd>
        <dt>Environment</dt>
        <dd>{session.environment_id}</dd>
        <dt>Created</dt>
        <dd>
          <Age at={session.created_at} />
        </dd>
        <dt>Turns</dt>
        <dd>
          {session.stats.turns} ({session.stats.tool_calls} tool calls, {session.stats.active_seconds} s active)
        </dd>
        <dt>Tokens</dt>
        <dd>
          {used}
          {budget !== null ? ` of ${budget}` : " (no budget)"}
          {budget !== null ? <meter min={0} max={budget} value={used} aria-label="Tokens used of the budget" /> : null}
        </dd>
      </dl>
    </section>
  );
}

type Thread = Schemas["SessionThread"];

/** The sub-agents' threads, each with its status, usage, and a button that ends it. */
function SessionThreads({ threads, send }: { threads: Thread[]; send: (input: Input[]) => Promise<void> }) {
  if (threads.length === 0) return null;
  return (
    <section aria-labelledby="threads-title">
      <h2 id="threads-title">Threads</h2>
      <Table<Thread>
        caption="Threads"
        rows={threads}
        columns={[
          {
            header: "Agent",
            cell: (t) => (
              <a href={href("agents", t.agent.id)}>
                {t.agent.id} v{t.agent.version}
              </a>
            ),
          },
          { header: "Status", cell: (t) => <Status value={t.status} /> },
          { header: "Tokens", cell: (t) => tokens(t.usage) },
          {
            header: "Stop",
            cell: (t) =>
              t.status === "terminated" ? (
                ""
              ) : (
                <ActionButton
                  label="Stop"
                  name={`Stop thread ${t.id}`}
                  kind="danger"
                  run={() => send([{ type: "user.interrupt", session_thread_id: t.id }])}
                />
              ),
          },
        ]}
      />
    </section>
  );
}

function SessionResources({ sessionId, turns }: { sessionId: string; turns: number }) {
  const client = useClient();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/sessions/{session_id}/resources", {
          params: { path: { session_id: sessionId }, query: { limit: 100 } },
        }),
      ),
    [sessionId, turns],
  );
  return (
    <section aria-labelledby="resources-title">
      <h2 id="resources-title">Resources</h2>
      <Loaded state={list}>
        {(page) => (
          <Table<Schemas["SessionResource"]>
            caption="Resources"
            rows={page.data}
            empty="No resources."
            columns={[
              { header: "Type", cell: (r) => r.type },
              {
                header: "What",
                cell: (r) =>
                  r.type === "memory_store" && r.memory_store_id ? (
                    <a href={href("memory_stores", r.memory_store_id)}>{r.name ?? r.memory_store_id}</a>
                  ) : (
                    (r.url ?? r.file_id ?? r.name ?? r.id ?? "")
                  ),
              },
              { header: "Mounted at", cell: (r) => r.mount_path ?? "" },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
