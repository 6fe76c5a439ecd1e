/** Helpers for the deployment tests: creating deployments, driving the scheduler, reading runs. */
import type { DeploymentScheduler } from "../../../server/scheduler/deploymentScheduler.ts";
import { StorageBusyError } from "../../../server/storage/port/index.ts";
import type { ApiResponse, TestServer } from "../servers/server.ts";
import { userMessage } from "./lifecycle.ts";

/** A valid create body for the agent and environment, with overrides. */
export function deploymentBody(agent: unknown, environmentId: string, extra: Record<string, unknown> = {}) {
  return { name: "nightly", agent, environment_id: environmentId, initial_events: [userMessage("run")], ...extra };
}

export async function createDeployment(
  server: TestServer,
  agent: unknown,
  environmentId: string,
  extra: Record<string, unknown> = {},
  token?: string,
): Promise<any> {
  const res = await server.request("POST", "/deployments", {
    body: deploymentBody(agent, environmentId, extra),
    token,
  });
  if (res.status !== 200) throw new Error(`deployment create failed: ${res.text}`);
  return res.body;
}

/** The running server's scheduler, to drive passes after moving an injected clock. */
export function schedulerOf(server: TestServer): DeploymentScheduler {
  const worker = server.service.workers.find((w) => w.name === "scheduler");
  if (!worker) throw new Error("the server runs no scheduler");
  return worker as DeploymentScheduler;
}

/** Every run of a deployment, oldest first. */
export async function runsOf(server: TestServer, deploymentId: string, token?: string): Promise<any[]> {
  const out: any[] = [];
  let page: string | null = null;
  for (;;) {
    const res: ApiResponse = await server.request(
      "GET",
      `/deployment_runs?deployment_id=${deploymentId}&limit=100${page ? `&page=${page}` : ""}`,
      { token },
    );
    if (res.status !== 200) throw new Error(`runs list failed: ${res.text}`);
    out.push(...res.body.data);
    if (!res.body.has_more) return out.reverse();
    page = res.body.next_page;
  }
}

/**
 * One pass of the scheduler, made by the test outside its loop: retried when it met the write lock
 * (the WAL checkpointer's truncation holds it for a moment), as the loop retries (PeriodicLoop).
 */
export async function passScheduler(scheduler: DeploymentScheduler): ReturnType<DeploymentScheduler["pass"]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await scheduler.pass();
    } catch (err) {
      if (!(err instanceof StorageBusyError) || attempt >= 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
