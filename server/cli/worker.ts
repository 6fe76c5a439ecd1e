/**
 * `cloud-agents worker --environment ID`: runs a self-hosted environment's built-in tool calls on
 * this machine (server/worker/, docs/self-hosted.md). An API client like `listen`: it loads the
 * sandbox and the tools, not the server. The environment key comes from the environment
 * (CLOUD_AGENTS_ENVIRONMENT_KEY), never from the command line (where `ps` shows it).
 */
import { hostname } from "node:os";
import { resolve } from "node:path";
import type { Config } from "../config/sections.ts";
import { createLogger } from "../logger.ts";
import type { NetworkPolicy } from "../sandbox/port.ts";
import { LocalTools } from "../worker/localTools.ts";
import { Worker, WorkerKeyRefusedError } from "../worker/worker.ts";
import { serverUrl } from "./listen.ts";
import { type CommandValues, UsageError } from "./parse.ts";

export interface WorkerSettings {
  server: string;
  environmentId: string;
  environmentKey: string;
  workDir: string;
  workerId: string;
  maxSessions: number;
  leaseSeconds: number;
  network: NetworkPolicy;
}

function intOption(
  values: CommandValues,
  name: "max-sessions" | "lease-seconds",
  min: number,
  max: number,
  fallback: number,
) {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

/** The settings of a `worker` command line and its environment; usage errors exit 2. */
export function workerSettings(config: Config, values: CommandValues, env: NodeJS.ProcessEnv): WorkerSettings {
  const environmentId = values.environment ?? "";
  if (!/^env_[A-Za-z0-9]{1,64}$/.test(environmentId)) {
    throw new UsageError(`--environment must be an environment id (env_...), got "${environmentId}"`);
  }
  const workerId = values["worker-id"] ?? `${hostname()}-${process.pid}`;
  if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(workerId)) {
    throw new UsageError(`--worker-id must be 1-128 of A-Z a-z 0-9 _ . : -, got "${workerId}"`);
  }
  let network: NetworkPolicy = { type: "limited", allowed_hosts: [] };
  const hosts = values["allowed-hosts"];
  if (hosts === "*") network = { type: "unrestricted" };
  else if (hosts !== undefined) {
    const list = hosts
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const bad = list.filter((h) => !/^(\*\.)?[a-z0-9.-]{1,253}$/.test(h));
    if (list.length === 0 || bad.length > 0) {
      throw new UsageError(
        `--allowed-hosts takes host names separated by commas, or *; ${bad.length ? `bad: ${bad.join(", ")}` : "none given"}`,
      );
    }
    network = { type: "limited", allowed_hosts: list };
  }
  const environmentKey = env.CLOUD_AGENTS_ENVIRONMENT_KEY?.trim();
  if (!environmentKey) {
    throw new Error(
      "CLOUD_AGENTS_ENVIRONMENT_KEY is not set: export a key of the environment (POST /environments/{id}/keys makes one; it is shown once)",
    );
  }
  return {
    server: serverUrl(config, values, env),
    environmentId,
    environmentKey,
    workDir: resolve(values["work-dir"] ?? "worker-data"),
    workerId,
    maxSessions: intOption(values, "max-sessions", 1, 64, 4),
    leaseSeconds: intOption(values, "lease-seconds", 10, 600, 90),
    network,
  };
}

/** Runs the worker until SIGTERM or Ctrl-C (a second signal exits at once). */
export async function worker(config: Config, values: CommandValues): Promise<void> {
  const settings = workerSettings(config, values, process.env);
  const logger = createLogger(config.logLevel);
  const tools = await LocalTools.open(config.sandbox, settings.workDir, settings.network);
  if (tools.sandbox.status.kind === "off") {
    logger.warn("no sandbox: bash calls are answered with an error", {
      missing: tools.sandbox.status.missing,
      ...(tools.sandbox.status.problem ? { problem: tools.sandbox.status.problem } : {}),
    });
  }
  const running = new Worker({ ...settings, tools, logger });
  let signalled = false;
  const onSignal = (signal: string) => {
    if (signalled) {
      logger.warn("second signal: exiting at once", { signal });
      process.exit(1);
    }
    signalled = true;
    logger.info("worker stopping: handing its items back", { signal });
    running.stop();
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));
  try {
    await running.run();
  } catch (err) {
    if (err instanceof WorkerKeyRefusedError) throw new Error(err.message);
    throw err;
  } finally {
    await tools.sandbox.close();
  }
  // Sockets kept alive for the server (the SDK's fetch) would hold the process open.
  process.exit(0);
}
