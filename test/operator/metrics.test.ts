import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createAgent, createEnvironment, createSession, sendMessage } from "../helpers/flows/lifecycle.ts";
import { inProcess, type TestServer, waitFor } from "../helpers/servers/server.ts";

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one series in a Prometheus text exposition. */
function samples(text: string, name: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] ?? ""] = l[2] ?? "";
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one sample of `name` whose labels include `labels`. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text, name).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return (found[0] as Sample).value;
}

describe("/metrics", () => {
  let server: TestServer;
  let receiver: Receiver;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });

  beforeAll(async () => {
    server = await inProcess({
      env: {
        WEBHOOK_RETRY_BASE_MS: "20",
        WEBHOOK_RETRY_FACTOR: "2",
        WEBHOOK_RETRY_JITTER: "0",
        WEBHOOK_POLL_INTERVAL_MS: "50",
        WEBHOOK_SHUTDOWN_GRACE_MS: "0",
        ECHO_RUNTIME_DELAY_MS: "10000",
        // The /slow attempt must stay held for the whole test, however slow the machine.
        WEBHOOK_TIMEOUT_MS: "120000",
      },
    });
    receiver = await startReceiver((req) => {
      if (req.path === "/fail") return { status: 500 };
      if (req.path === "/slow") return { hold: held };
      return { status: 200 };
    });
  });
  afterAll(async () => {
    release();
    await server.stop();
    await receiver.close();
  });

  async function endpoint(path: string, events = ["session.deleted"]): Promise<string> {
    const res = await server.request("POST", "/webhook_endpoints", { body: { url: `${receiver.url}${path}`, events } });
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it("shows every series with values that match the traffic", async () => {
    // Deliveries: one succeeds, one fails four times (dead), one is held open by the receiver,
    // one waits behind a disabled endpoint.
    const ok = await endpoint("/ok");
    const fail = await endpoint("/fail");
    const slow = await endpoint("/slow");
    const paused = await endpoint("/paused", ["agent.created"]);
    expect((await server.request("POST", `/webhook_endpoints/${paused}/disable`)).status).toBe(200);
    for (const id of [ok, fail, slow]) {
      expect((await server.request("POST", `/webhook_endpoints/${id}/test`)).status).toBe(202);
    }
    // API traffic: 200s, a 404 on a templated route, a 401.
    for (let i = 0; i < 3; i++) expect((await server.request("GET", "/vaults")).status).toBe(200);
    expect((await server.request("GET", "/vaults/vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1")).status).toBe(404);
    expect((await server.request("GET", "/vaults", { token: null })).status).toBe(401);
    // A run in flight (the echo runtime takes 10 s), and an event held for the disabled endpoint.
    const env = await createEnvironment(server);
    const agent = await createAgent(server);
    const session = await createSession(server, agent.id, env);
    await sendMessage(server, session.id, "hello");
    // The scheduler records the lag of each deployment it fires.
    server.service.deps.metrics.observeDeploymentFireLag(0.25);

    await receiver.waitForRequests(1, { path: "/slow" });
    const dead = await waitFor(async () => {
      const res = await server.request("GET", `/webhook_events?endpoint_id=${fail}`);
      return res.body.data[0]?.status === "dead" ? res.body.data[0] : null;
    });
    expect(dead.attempt_count).toBe(4);
    await waitFor(async () => (await server.request("GET", `/sessions/${session.id}`)).body.status === "running");
    await waitFor(
      async () => value(await scrape(), "cloud_agents_webhook_delivery_attempts_total", { outcome: "succeeded" }) === 1,
    );

    const text = await scrape();
    const http = "cloud_agents_http_request_duration_seconds";
    expect(value(text, `${http}_count`, { method: "GET", route: "/api/v1/cloud/vaults", status: "200" })).toBe(3);
    expect(value(text, `${http}_count`, { route: "/api/v1/cloud/vaults/{vault_id}", status: "404" })).toBe(1);
    expect(value(text, `${http}_count`, { route: "/api/v1/cloud/vaults", status: "401" })).toBe(1);
    const sum = value(text, `${http}_sum`, { method: "GET", route: "/api/v1/cloud/vaults", status: "200" });
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(3 * 5); // seconds: three quick local requests
    // No label per id: the 404's path never appears.
    expect(text).not.toContain("vault_01JD3Q3ZC8N0T5F4V8Y9W2K6M1");

    expect(value(text, "cloud_agents_webhook_delivery_attempts_total", { outcome: "succeeded" })).toBe(1);
    expect(value(text, "cloud_agents_webhook_delivery_attempts_total", { outcome: "retry" })).toBe(3);
    expect(value(text, "cloud_agents_webhook_delivery_attempts_total", { outcome: "dead" })).toBe(1);
    const durations = "cloud_agents_webhook_delivery_attempt_duration_seconds";
    expect(value(text, `${durations}_count`, { outcome: "retry" })).toBe(3);
    expect(value(text, `${durations}_sum`, { outcome: "succeeded" })).toBeLessThan(5);

    expect(value(text, "cloud_agents_webhook_queue_depth", { state: "due" })).toBe(1); // the held-open attempt
    expect(value(text, "cloud_agents_webhook_queue_depth", { state: "held" })).toBe(1); // the disabled endpoint's
    expect(value(text, "cloud_agents_webhook_queue_depth", { state: "scheduled" })).toBe(0);
    const oldest = value(text, "cloud_agents_webhook_oldest_due_age_seconds");
    expect(oldest).toBeGreaterThan(0);
    expect(oldest).toBeLessThan(60);
    expect(value(text, "cloud_agents_webhook_dead_records")).toBe(1);

    expect(value(text, "cloud_agents_active_runs")).toBe(1);
    expect(value(text, "cloud_agents_queued_runs")).toBe(0);
    expect(value(text, "cloud_agents_deployment_fire_lag_seconds_count")).toBe(1);
    expect(value(text, "cloud_agents_deployment_fire_lag_seconds_sum")).toBe(0.25);
    expect(value(text, "cloud_agents_deployment_fire_lag_seconds_bucket", { le: "0.5" })).toBe(1);
    expect(value(text, "cloud_agents_deployment_fire_lag_seconds_bucket", { le: "0.1" })).toBe(0);

    for (const worker of ["webhook-delivery", "runs", "retention"]) {
      expect(value(text, "cloud_agents_worker_up", { worker })).toBe(1);
    }
    expect(value(text, "cloud_agents_worker_last_pass_age_seconds", { worker: "webhook-delivery" })).toBeLessThan(30);
    expect(value(text, "cloud_agents_build_info", { version: "0.1.0" })).toBe(1);
    // Process metrics (prom-client's defaults).
    expect(value(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(samples(text, "nodejs_eventloop_lag_seconds")).toHaveLength(1);
    expect(samples(text, "nodejs_heap_size_used_bytes")).toHaveLength(1);

    // Once the receiver answers, the queue empties.
    release();
    await waitFor(async () => value(await scrape(), "cloud_agents_webhook_queue_depth", { state: "due" }) === 0);
    expect(value(await scrape(), "cloud_agents_webhook_delivery_attempts_total", { outcome: "succeeded" })).toBe(2);
  });
});

describe("/metrics behind METRICS_TOKEN", () => {
  it("requires the bearer token when METRICS_TOKEN is set", async () => {
    const token = "metrics-scraper-token-0123456789";
    const server = await inProcess({ env: { METRICS_TOKEN: token } });
    try {
      const missing = await fetch(`${server.url}/metrics`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(((await missing.json()) as { error: { type: string } }).error.type).toBe("TOKEN_INVALID");
      const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.status).toBe(401);
      // An API token is not a metrics token.
      const api = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.token}` } });
      expect(api.status).toBe(401);
      const right = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("cloud_agents_http_request_duration_seconds");
    } finally {
      await server.stop();
    }
  });
});
