/**
 * Agents: the list, and an agent's page with its versions side by side and the editor: the
 * agent's document as JSON, sent as it is, with what the server refuses shown inline (its
 * message and the field at fault).
 */
import { useState } from "preact/hooks";
import { CloudAgentsApiError, type Schemas, unwrap } from "../api.ts";
import { href, navigate } from "../router.ts";
import { Age, Json, Loaded, Page, Pager, Table, useAsync, useClient, usePager } from "../ui.tsx";

type Agent = Schemas["Agent"];

export function AgentsPage() {
  const client = useClient();
  const pager = usePager();
  const [editing, setEditing] = useState(false);
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/agents", { params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } } }),
      ),
    [pager.page],
  );
  return (
    <Page
      title="Agents"
      actions={
        <button type="button" class="primary" onClick={() => setEditing(true)}>
          New agent
        </button>
      }
    >
      {editing ? (
        <AgentEditor
          initial={{ name: "My agent", model: "claude-sonnet-4-5", system: "You are helpful." }}
          save={async (doc) => {
            const result = await client.POST("/agents", { body: doc as Schemas["CreateAgentRequest"] });
            navigate("agents", unwrap(result).id);
          }}
          cancel={() => setEditing(false)}
        />
      ) : null}
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Agent>
              caption="Agents"
              rows={page.data}
              columns={[
                { header: "Name", cell: (a) => <a href={href("agents", a.id)}>{a.name}</a> },
                { header: "Model", cell: (a) => a.model },
                { header: "Version", cell: (a) => a.version },
                { header: "Tools", cell: (a) => a.tools.map((t) => ("name" in t ? t.name : t.type)).join(", ") },
                { header: "Updated", cell: (a) => <Age at={a.updated_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

/** The fields of an agent a person edits (the rest is the server's). */
const editable = (a: Agent) => ({
  name: a.name,
  model: a.model,
  system: a.system,
  description: a.description,
  tools: a.tools,
  mcp_servers: a.mcp_servers,
  skills: a.skills,
  multiagent: a.multiagent,
  metadata: a.metadata,
});

function AgentEditor({
  initial,
  save,
  cancel,
}: {
  initial: unknown;
  save: (doc: Record<string, unknown>) => Promise<void>;
  cancel: () => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [problem, setProblem] = useState<{ message: string; param?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="editor"
      aria-label="Agent document"
      onSubmit={(e) => {
        e.preventDefault();
        let doc: Record<string, unknown>;
        try {
          doc = JSON.parse(text) as Record<string, unknown>;
        } catch (err) {
          setProblem({ message: `Not JSON: ${err instanceof Error ? err.message : String(err)}` });
          return;
        }
        setBusy(true);
        setProblem(null);
        save(doc).then(
          () => setBusy(false),
          (err: unknown) => {
            setBusy(false);
            if (err instanceof CloudAgentsApiError) {
              setProblem({
                message: err.envelope?.error.message ?? `HTTP ${err.status}`,
                ...(err.param ? { param: err.param } : {}),
              });
            } else setProblem({ message: err instanceof Error ? err.message : String(err) });
          },
        );
      }}
    >
      <label for="agent-doc">The agent (JSON)</label>
      <textarea
        id="agent-doc"
        rows={16}
        spellcheck={false}
        aria-invalid={problem ? "true" : undefined}
        aria-describedby={problem ? "agent-doc-problem" : undefined}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      {problem ? (
        <p id="agent-doc-problem" class="error" role="alert">
          {problem.param ? (
            <>
              <code>{problem.param}</code>:{" "}
            </>
          ) : null}
          {problem.message}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save
        </button>
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function AgentPage({ id }: { id: string }) {
  const client = useClient();
  const [editing, setEditing] = useState(false);
  const agent = useAsync(
    async () => unwrap(await client.GET("/agents/{agent_id}", { params: { path: { agent_id: id } } })),
    [id],
  );
  const versions = useAsync(
    async () =>
      unwrap(
        await client.GET("/agents/{agent_id}/versions", { params: { path: { agent_id: id }, query: { limit: 20 } } }),
      ),
    [id],
  );
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  return (
    <Page
      title={agent.data ? `Agent ${agent.data.name}` : "Agent"}
      actions={
        <>
          <a href={href("sessions")}>Its sessions</a>
          <button type="button" onClick={() => setEditing(!editing)}>
            {editing ? "Close the editor" : "Edit"}
          </button>
        </>
      }
    >
      <Loaded state={agent}>
        {(a) => (
          <>
            {editing ? (
              <AgentEditor
                initial={editable(a)}
                save={async (doc) => {
                  unwrap(
                    await client.POST("/agents/{agent_id}", {
                      params: { path: { agent_id: id } },
                      body: { ...doc, version: a.version } as Schemas["UpdateAgentRequest"],
                    }),
                  );
                  setEditing(false);
                  agent.reload();
                  versions.reload();
                }}
                cancel={() => setEditing(false)}
              />
            ) : null}
            <p>
              <code>{a.id}</code>, version {a.version}, model {a.model}
            </p>
            <Json label="The current version" value={a} />
          </>
        )}
      </Loaded>
      <h2>Versions</h2>
      <Loaded state={versions}>
        {(page) => {
          const list = page.data;
          const newest = list[0]?.version ?? null;
          const a = list.find((v) => v.version === (left ?? list[1]?.version ?? newest));
          const b = list.find((v) => v.version === (right ?? newest));
          const pick = (label: string, value: number | undefined, set: (n: number) => void) => (
            <label>
              {label}
              <select value={value ?? ""} onChange={(e) => set(Number(e.currentTarget.value))}>
                {list.map((v) => (
                  <option key={v.version} value={v.version}>
                    version {v.version}
                  </option>
                ))}
              </select>
            </label>
          );
          return (
            <>
              <div class="filters">
                {pick("Left", a?.version, setLeft)}
                {pick("Right", b?.version, setRight)}
              </div>
              <div class="side-by-side">
                <figure>
                  <figcaption>Version {a?.version ?? ""}</figcaption>
                  <pre>{a ? JSON.stringify(editable(a), null, 2) : ""}</pre>
                </figure>
                <figure>
                  <figcaption>Version {b?.version ?? ""}</figcaption>
                  <pre>{b ? JSON.stringify(editable(b), null, 2) : ""}</pre>
                </figure>
              </div>
            </>
          );
        }}
      </Loaded>
    </Page>
  );
}
