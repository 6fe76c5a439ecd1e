/**
 * Webhooks: the endpoints with their health, and one endpoint's page: its delivery log (each
 * record's attempts: status, time, error), retry of a record, recovery of the dead ones since a
 * time, secret rotation (the new secret shown once), a test event, enable and disable.
 */
import { useState } from "preact/hooks";
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import {
  ActionButton,
  Age,
  ErrorNote,
  Loaded,
  Page,
  Pager,
  Status,
  Table,
  useAsync,
  useClient,
  usePager,
} from "../ui.tsx";

type Endpoint = Schemas["WebhookEndpoint"];
type Delivery = Schemas["WebhookEvent"];
type DeliveryStatus = Schemas["WebhookEventStatus"];
const STATUSES: DeliveryStatus[] = ["pending", "succeeded", "dead", "discarded"];

const health = (e: Endpoint) =>
  !e.active ? `disabled${e.disabled_reason ? ` (${e.disabled_reason})` : ""}` : e.degraded ? "degraded" : "healthy";

export function WebhooksPage() {
  const client = useClient();
  const pager = usePager();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/webhook_endpoints", {
          params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } },
        }),
      ),
    [pager.page],
  );
  return (
    <Page title="Webhooks" actions={<NewEndpoint done={list.reload} />}>
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Endpoint>
              caption="Webhook endpoints"
              rows={page.data}
              empty="No webhook endpoint yet."
              columns={[
                { header: "URL", cell: (e) => <a href={href("webhooks", e.id)}>{e.url}</a> },
                { header: "Events", cell: (e) => e.events.join(", ") },
                { header: "Health", cell: (e) => <Status value={health(e)} /> },
                { header: "Failures in a row", cell: (e) => e.consecutive_fail },
                { header: "Last success", cell: (e) => <Age at={e.last_success_at} /> },
                { header: "Last failure", cell: (e) => <Age at={e.last_failure_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

function NewEndpoint({ done }: { done: () => void }) {
  const client = useClient();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState("*");
  const [error, setError] = useState<unknown>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  if (!open)
    return (
      <button type="button" class="primary" onClick={() => setOpen(true)}>
        New endpoint
      </button>
    );
  return (
    <form
      class="inline-form"
      aria-label="New webhook endpoint"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        const kinds = events.split(/[\s,]+/).filter(Boolean) as Schemas["WebhookEventSelector"][];
        client
          .POST("/webhook_endpoints", { body: { url: url.trim(), events: kinds } })
          .then((result) => {
            setSecret(unwrap(result).signing_secret);
            done();
          })
          .catch(setError);
      }}
    >
      <label>
        URL
        <input type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
      </label>
      <label>
        Event kinds (comma-separated, or *)
        <input required value={events} onInput={(e) => setEvents(e.currentTarget.value)} />
      </label>
      <button type="submit" class="primary">
        Create
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Close
      </button>
      <ErrorNote error={error} />
      {secret ? <SecretOnce secret={secret} /> : null}
    </form>
  );
}

function SecretOnce({ secret }: { secret: string }) {
  return (
    <p class="secret" role="status">
      Signing secret (shown once, keep it now): <code>{secret}</code>
    </p>
  );
}

export function WebhookEndpointPage({ id }: { id: string }) {
  const client = useClient();
  const endpoint = useAsync(
    async () => unwrap(await client.GET("/webhook_endpoints/{endpoint_id}", { params: { path: { endpoint_id: id } } })),
    [id],
  );
  const [secret, setSecret] = useState<string | null>(null);
  const [since, setSince] = useState("");
  const [recovered, setRecovered] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = () => {
    endpoint.reload();
    setTick((t) => t + 1);
  };
  const path = { params: { path: { endpoint_id: id } } };
  return (
    <Page title="Webhook endpoint">
      <Loaded state={endpoint}>
        {(e) => (
          <>
            <dl class="facts">
              <dt>URL</dt>
              <dd>{e.url}</dd>
              <dt>Events</dt>
              <dd>{e.events.join(", ")}</dd>
              <dt>Health</dt>
              <dd>
                <Status value={health(e)} /> {e.consecutive_fail} failures in a row
              </dd>
              <dt>Last success</dt>
              <dd>
                <Age at={e.last_success_at} />
              </dd>
              <dt>Last failure</dt>
              <dd>
                <Age at={e.last_failure_at} />
              </dd>
              <dt>Signing</dt>
              <dd>
                {e.signing_scheme}
                {e.previous_secret_expires_at ? (
                  <>
                    {" "}
                    (the previous secret works until <Age at={e.previous_secret_expires_at} />)
                  </>
                ) : null}
              </dd>
            </dl>
            <div class="actions">
              <ActionButton
                label="Send a test event"
                run={async () => unwrap(await client.POST("/webhook_endpoints/{endpoint_id}/test", path))}
                done={refresh}
              />
              {e.active ? (
                <ActionButton
                  label="Disable"
                  kind="danger"
                  run={async () => unwrap(await client.POST("/webhook_endpoints/{endpoint_id}/disable", path))}
                  done={refresh}
                />
              ) : (
                <ActionButton
                  label="Enable"
                  run={async () => unwrap(await client.POST("/webhook_endpoints/{endpoint_id}/enable", path))}
                  done={refresh}
                />
              )}
              <ActionButton
                label="Rotate the secret"
                run={async () =>
                  setSecret(
                    unwrap(
                      await client.POST("/webhook_endpoints/{endpoint_id}/rotate_secret", {
                        ...path,
                        // The documented default: the previous secret still signs for a day.
                        body: { previous_secret_expires_in: 86_400 },
                      }),
                    ).signing_secret,
                  )
                }
                done={refresh}
              />
            </div>
            {secret ? <SecretOnce secret={secret} /> : null}
            <form class="inline-form" aria-label="Recover dead deliveries" onSubmit={(ev) => ev.preventDefault()}>
              <label>
                Dead deliveries since
                <input
                  type="datetime-local"
                  required
                  value={since}
                  onInput={(ev) => setSince(ev.currentTarget.value)}
                />
              </label>
              <ActionButton
                label="Recover"
                run={async () => {
                  if (!since) throw new Error("Pick the time to recover from.");
                  const body = { since: new Date(since).toISOString() };
                  setRecovered(
                    unwrap(await client.POST("/webhook_endpoints/{endpoint_id}/recover", { ...path, body })).requeued,
                  );
                }}
                done={refresh}
              />
              {recovered !== null ? <span role="status">{recovered} deliveries queued again.</span> : null}
            </form>
            <Deliveries endpointId={id} tick={tick} refreshEndpoint={endpoint.reload} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

/** `refreshEndpoint`: reads the endpoint again too (its health changes with the deliveries). */
function Deliveries({
  endpointId,
  tick,
  refreshEndpoint,
}: {
  endpointId: string;
  tick: number;
  refreshEndpoint: () => void;
}) {
  const client = useClient();
  const pager = usePager();
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const [open, setOpen] = useState<string | null>(null);
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/webhook_events", {
          params: {
            query: {
              endpoint_id: endpointId,
              limit: 20,
              ...(status ? { status } : {}),
              ...(pager.page ? { page: pager.page } : {}),
            },
          },
        }),
      ),
    [endpointId, status, pager.page, tick],
  );
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <div class="filters">
        <label>
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as DeliveryStatus | "");
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
        <button
          type="button"
          onClick={() => {
            list.reload();
            refreshEndpoint();
          }}
        >
          Refresh
        </button>
      </div>
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Delivery>
              caption="Deliveries"
              rows={page.data}
              empty="No delivery yet."
              columns={[
                { header: "Event", cell: (d) => d.event_type },
                { header: "Status", cell: (d) => <Status value={d.status} /> },
                { header: "Attempts", cell: (d) => d.attempt_count },
                { header: "Last response", cell: (d) => d.last_response_status ?? "—" },
                { header: "Last error", cell: (d) => d.last_error ?? "" },
                { header: "Created", cell: (d) => <Age at={d.created_at} /> },
                {
                  header: "Actions",
                  cell: (d) => (
                    <span class="row-actions">
                      <button
                        type="button"
                        aria-expanded={open === d.id}
                        aria-label={`Attempts of ${d.id}`}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        Attempts
                      </button>
                      <ActionButton
                        label="Retry"
                        run={async () =>
                          unwrap(
                            await client.POST("/webhook_events/{webhook_event_id}/retry", {
                              params: { path: { webhook_event_id: d.id } },
                            }),
                          )
                        }
                        done={list.reload}
                      />
                    </span>
                  ),
                },
              ]}
            />
            {open ? <Attempts id={open} count={page.data.find((d) => d.id === open)?.attempt_count ?? 0} /> : null}
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** `count`: the attempts the list shows (read again when it changes). */
function Attempts({ id, count }: { id: string; count: number }) {
  const client = useClient();
  const detail = useAsync(
    async () =>
      unwrap(await client.GET("/webhook_events/{webhook_event_id}", { params: { path: { webhook_event_id: id } } })),
    [id, count],
  );
  return (
    <section aria-label={`Attempts of ${id}`} class="attempts">
      <h3>Attempts of {id}</h3>
      <Loaded state={detail}>
        {(d) => (
          <Table<Schemas["WebhookEventAttempt"]>
            caption="Attempts"
            rows={d.attempts}
            empty="Not attempted yet."
            columns={[
              { header: "#", cell: (a) => a.number },
              { header: "Started", cell: (a) => <Age at={a.started_at} /> },
              { header: "Took", cell: (a) => `${a.duration_ms} ms` },
              { header: "Response", cell: (a) => a.response_status ?? "—" },
              { header: "Error", cell: (a) => a.error ?? "" },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
