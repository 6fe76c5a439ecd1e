/** Deployments: their schedules and next fire times, and a deployment's runs, run now, pause and unpause. */
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { ActionButton, Age, Loaded, Page, Pager, Status, Table, useAsync, useClient, usePager } from "../ui.tsx";

type Deployment = Schemas["Deployment"];

const nextFire = (d: Deployment) => {
  const schedule = d.schedule as { type: string; upcoming_runs_at?: string[] };
  return schedule.upcoming_runs_at?.[0] ?? null;
};

export function DeploymentsPage() {
  const client = useClient();
  const pager = usePager();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/deployments", {
          params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } },
        }),
      ),
    [pager.page],
  );
  return (
    <Page title="Deployments">
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Deployment>
              caption="Deployments"
              rows={page.data}
              columns={[
                { header: "Name", cell: (d) => <a href={href("deployments", d.id)}>{d.name}</a> },
                { header: "Status", cell: (d) => <Status value={d.status} /> },
                {
                  header: "Schedule",
                  cell: (d) => {
                    const s = d.schedule as { type: string; expression?: string; timezone?: string };
                    return s.type === "cron" ? `${s.expression} (${s.timezone})` : s.type;
                  },
                },
                { header: "Next fire", cell: (d) => <Age at={nextFire(d)} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

export function DeploymentPage({ id }: { id: string }) {
  const client = useClient();
  const pager = usePager();
  const deployment = useAsync(
    async () => unwrap(await client.GET("/deployments/{deployment_id}", { params: { path: { deployment_id: id } } })),
    [id],
  );
  const runs = useAsync(
    async () =>
      unwrap(
        await client.GET("/deployment_runs", {
          params: { query: { deployment_id: id, limit: 20, ...(pager.page ? { page: pager.page } : {}) } },
        }),
      ),
    [id, pager.page],
  );
  const path = { params: { path: { deployment_id: id } } };
  const refresh = () => {
    deployment.reload();
    runs.reload();
  };
  return (
    <Page title={deployment.data ? `Deployment ${deployment.data.name}` : "Deployment"}>
      <Loaded state={deployment}>
        {(d) => {
          const upcoming = (d.schedule as { upcoming_runs_at?: string[] }).upcoming_runs_at ?? [];
          return (
            <>
              <p>
                <Status value={d.status} /> {d.paused_reason ? `(${d.paused_reason})` : ""}
              </p>
              <div class="actions">
                <ActionButton
                  label="Run now"
                  kind="primary"
                  run={async () => unwrap(await client.POST("/deployments/{deployment_id}/run", path))}
                  done={refresh}
                />
                {d.status === "paused" ? (
                  <ActionButton
                    label="Unpause"
                    run={async () => unwrap(await client.POST("/deployments/{deployment_id}/unpause", path))}
                    done={refresh}
                  />
                ) : (
                  <ActionButton
                    label="Pause"
                    run={async () => unwrap(await client.POST("/deployments/{deployment_id}/pause", path))}
                    done={refresh}
                  />
                )}
              </div>
              <h2>Next fire times</h2>
              {upcoming.length === 0 ? (
                <p class="muted">None scheduled.</p>
              ) : (
                <ul>
                  {upcoming.map((at) => (
                    <li key={at}>
                      <Age at={at} /> ({at})
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </Loaded>
      <h2>Runs</h2>
      <Loaded state={runs}>
        {(page) => (
          <>
            <Table<Schemas["DeploymentRun"]>
              caption="Runs"
              rows={page.data}
              empty="No runs yet."
              columns={[
                { header: "Status", cell: (r) => <Status value={r.status} /> },
                {
                  header: "Session",
                  cell: (r) => (r.session_id ? <a href={href("sessions", r.session_id)}>{r.session_id}</a> : "—"),
                },
                { header: "Trigger", cell: (r) => (r.trigger_context as { type?: string }).type ?? "" },
                { header: "Error", cell: (r) => (r.error ? JSON.stringify(r.error) : "") },
                { header: "Started", cell: (r) => <Age at={r.created_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
