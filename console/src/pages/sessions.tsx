/** The sessions: status, agent, environment, age and usage, filtered by status and agent, paged. */
import { useState } from "preact/hooks";
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { Age, ErrorNote, Loaded, Page, Pager, Status, Table, useAsync, useClient, usePager } from "../ui.tsx";

type Session = Schemas["Session"];
type SessionStatus = Schemas["SessionStatus"];
const STATUSES: SessionStatus[] = ["idle", "running", "rescheduling", "terminated"];

export const tokens = (usage: Schemas["ModelUsage"] | undefined): number =>
  usage
    ? usage.input_tokens +
      usage.output_tokens +
      (usage.cache_read_input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0)
    : 0;

export function SessionsPage() {
  const client = useClient();
  const pager = usePager();
  const [status, setStatus] = useState<SessionStatus | "">("");
  const [agentId, setAgentId] = useState("");
  const [archived, setArchived] = useState(false);
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/sessions", {
          params: {
            query: {
              limit: 20,
              ...(pager.page ? { page: pager.page } : {}),
              ...(status ? { statuses: [status] } : {}),
              ...(agentId.trim() ? { agent_id: agentId.trim() } : {}),
              ...(archived ? { include_archived: true } : {}),
            },
          },
        }),
      ),
    [pager.page, status, agentId, archived],
  );
  return (
    <Page title="Sessions" actions={<NewSession />}>
      <form class="filters" aria-label="Filter the sessions" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as SessionStatus | "");
              pager.reset();
            }}
          >
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Agent id
          <input
            value={agentId}
            placeholder="agent_…"
            onChange={(e) => {
              setAgentId(e.currentTarget.value);
              pager.reset();
            }}
          />
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={archived}
            onChange={(e) => {
              setArchived(e.currentTarget.checked);
              pager.reset();
            }}
          />
          Archived too
        </label>
      </form>
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Session>
              caption="Sessions"
              rows={page.data}
              empty="No session matches."
              columns={[
                {
                  header: "Session",
                  cell: (s) => <a href={href("sessions", s.id)}>{s.title || s.id}</a>,
                },
                { header: "Status", cell: (s) => <Status value={s.status} /> },
                {
                  header: "Agent",
                  cell: (s) => (
                    <a href={href("agents", s.agent.id)}>
                      {s.agent.id} v{s.agent.version}
                    </a>
                  ),
                },
                { header: "Environment", cell: (s) => s.environment_id },
                { header: "Age", cell: (s) => <Age at={s.created_at} /> },
                {
                  header: "Usage",
                  cell: (s) =>
                    `${tokens(s.usage)} tokens${s.budget?.max_total_tokens ? ` of ${s.budget.max_total_tokens}` : ""}, ${s.stats.turns} turns`,
                },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

/** Starts a session: an agent and an environment, picked from the account's. */
function NewSession() {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const [agent, setAgent] = useState("");
  const [environment, setEnvironment] = useState("");
  const [error, setError] = useState<unknown>(undefined);
  const choices = useAsync(
    async () =>
      open
        ? {
            agents: unwrap(await client.GET("/agents", { params: { query: { limit: 100 } } })).data,
            environments: unwrap(await client.GET("/environments", { params: { query: { limit: 100 } } })).data,
          }
        : null,
    [open],
  );
  if (!open)
    return (
      <button type="button" class="primary" onClick={() => setOpen(true)}>
        New session
      </button>
    );
  return (
    <Loaded state={choices}>
      {(c) =>
        c && (
          <form
            class="inline-form"
            aria-label="New session"
            onSubmit={(e) => {
              e.preventDefault();
              const agentId = agent || c.agents[0]?.id;
              const environmentId = environment || c.environments[0]?.id;
              if (!agentId || !environmentId) return;
              setError(undefined);
              client
                .POST("/sessions", { body: { agent: agentId, environment_id: environmentId } })
                .then((result) => {
                  location.hash = href("sessions", unwrap(result).id);
                })
                .catch(setError);
            }}
          >
            <label>
              Agent
              <select value={agent} onChange={(e) => setAgent(e.currentTarget.value)}>
                {c.agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.id})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Environment
              <select value={environment} onChange={(e) => setEnvironment(e.currentTarget.value)}>
                {c.environments.map((env) => (
                  <option key={env.id} value={env.id}>
                    {env.name} ({env.id})
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" class="primary">
              Start
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            {error !== undefined ? <ErrorNote error={error} /> : null}
          </form>
        )
      }
    </Loaded>
  );
}
