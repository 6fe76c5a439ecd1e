/**
 * `cloud-agents listen --forward-to URL`: follows the account's events (GET /events/stream) and
 * POSTs each envelope to a local URL, signed exactly as webhook deliveries are - the same
 * signing code (server/domain/webhookSigning.ts), headers and sender - so a receiver verifies these
 * with the code it will use for real deliveries. Like `stripe listen`: nothing is registered on
 * the server and no port of the developer's is exposed.
 */

import { CloudAgentsApiError } from "../../client/errors.ts";
import { createTransport, DEFAULT_RETRY_POLICY } from "../../client/retry.ts";
import { type EventSourceMessage, followStream } from "../../client/streams.ts";
import type { Config } from "../config/sections.ts";
import { USER_AGENT } from "../delivery/engine.ts";
import { WebhookSender } from "../delivery/sender.ts";
import { generateSigningSecret, signatureHeaders } from "../domain/webhookSigning.ts";
import { EVENT_KINDS } from "../storage/port/outbox.ts";
import type { SigningScheme } from "../storage/port/webhooks.ts";
import type { CommandValues } from "./parse.ts";
import { UsageError } from "./parse.ts";

const SCHEMES: readonly SigningScheme[] = ["webhook_signature", "standard_webhooks"];
const KINDS = new Set<string>([...EVENT_KINDS, "webhook.test"]);

export interface ListenSettings {
  server: string;
  token: string;
  forwardTo: string;
  events: string[] | undefined;
  scheme: SigningScheme;
  secret: string;
  json: boolean;
  timeoutMs: number;
}

export function httpUrl(value: string, what: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new UsageError(`${what} must be an http or https URL such as http://localhost:4242/webhooks, got "${value}"`);
  }
  return value;
}

/** The server a client command talks to: --server, else CLOUD_AGENTS_URL, else this configuration's HOST:PORT. */
export function serverUrl(config: Config, values: CommandValues, env: NodeJS.ProcessEnv): string {
  const local = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return httpUrl(
    values.server ??
      env.CLOUD_AGENTS_URL?.trim() ??
      `http://${local.includes(":") ? `[${local}]` : local}:${config.port || 8080}`,
    values.server === undefined && env.CLOUD_AGENTS_URL ? "CLOUD_AGENTS_URL" : "--server",
  ).replace(/\/+$/, "");
}

/** The settings of a `listen` command line and its environment; usage errors exit 2. */
export function listenSettings(config: Config, values: CommandValues, env: NodeJS.ProcessEnv): ListenSettings {
  const forwardTo = httpUrl(values["forward-to"] ?? "", "--forward-to");
  const server = serverUrl(config, values, env);
  let events: string[] | undefined;
  if (values.events !== undefined) {
    events = values.events
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const unknown = events.filter((e) => !KINDS.has(e));
    if (events.length === 0 || unknown.length > 0) {
      throw new UsageError(
        `--events takes event kinds separated by commas; ${unknown.length ? `unknown: ${unknown.join(", ")}` : "none given"}. The kinds: ${[...KINDS].join(", ")}`,
      );
    }
  }
  const scheme = (values["signing-scheme"] ?? "webhook_signature") as SigningScheme;
  if (!SCHEMES.includes(scheme)) {
    throw new UsageError(`--signing-scheme must be ${SCHEMES.join(" or ")}, got "${scheme}"`);
  }
  const token = env.CLOUD_AGENTS_TOKEN?.trim();
  if (!token) {
    throw new Error(
      "CLOUD_AGENTS_TOKEN is not set: export an API token of the account to listen to (cloud-agents token create prints one)",
    );
  }
  const given = env.CLOUD_AGENTS_LISTEN_SECRET?.trim();
  if (given !== undefined && given !== "" && !/^whsec_[A-Za-z0-9+/=_-]{16,}$/.test(given)) {
    throw new Error("CLOUD_AGENTS_LISTEN_SECRET must be a signing secret: whsec_ followed by base64");
  }
  return {
    server,
    token,
    forwardTo,
    events,
    scheme,
    secret: given || generateSigningSecret(),
    json: values.json === true,
    timeoutMs: config.webhook.timeoutMs,
  };
}

/** What became of one forwarded event: one line of output. */
export interface Forwarded {
  type: "event";
  id: string;
  event_type: string;
  /** The receiver's status; null when no response arrived. */
  status: number | null;
  ok: boolean;
  duration_ms: number;
  error: string | null;
}

/**
 * Forwards the account's events until `signal` aborts. `print` gets each output line (stdout),
 * `note` the progress notes (stderr).
 */
export async function forwardEvents(
  settings: ListenSettings,
  signal: AbortSignal,
  print: (line: string) => void,
  note: (line: string) => void,
): Promise<void> {
  const sender = new WebhookSender({
    timeoutMs: settings.timeoutMs,
    allowPrivateTargets: true,
    maxFreeSocketsPerOrigin: 4,
  });
  const transport = {
    apiUrl: `${settings.server}/api/v1/cloud`,
    headers: { Authorization: `Bearer ${settings.token}` },
    fetch: createTransport({ timeoutMs: 30_000, retry: { ...DEFAULT_RETRY_POLICY, maxRetries: 0 } }),
    policy: { ...DEFAULT_RETRY_POLICY, maxDelayMs: 10_000 },
  };
  let opened = false;
  const stream = followStream<EventSourceMessage>(
    transport,
    "/events/stream",
    {
      ...(settings.events ? { types: settings.events } : {}),
      signal,
      onOpen: () => {
        if (opened) {
          note("Reconnected: forwarding again (no event was lost or repeated).");
          return;
        }
        opened = true;
        if (settings.json) {
          print(
            JSON.stringify({
              type: "ready",
              signing_secret: settings.secret,
              signing_scheme: settings.scheme,
              server: settings.server,
              forward_to: settings.forwardTo,
              events: settings.events ?? null,
            }),
          );
        } else {
          print(
            `Ready! Forwarding the events of ${settings.server} to ${settings.forwardTo} (${settings.scheme}${settings.events ? `; ${settings.events.join(", ")}` : ""}).`,
          );
          print(`Your signing secret is ${settings.secret} (Ctrl-C to stop)`);
        }
      },
      onReconnect: (info) =>
        note(
          `The connection to ${settings.server} ${info.reason === "ended" ? "was closed by the server" : `failed (${info.reason})`}; reconnecting in ${Math.round(info.delayMs)} ms.`,
        ),
    },
    (message) => message,
  );
  try {
    for await (const message of stream) {
      const result = await forward(sender, settings, message, signal);
      if (signal.aborted) break;
      print(settings.json ? JSON.stringify(result) : describe(result));
    }
  } catch (err) {
    if (err instanceof CloudAgentsApiError) {
      throw new Error(`The server refused the event stream (${err.status}): ${err.message}`);
    }
    throw err;
  } finally {
    sender.close();
  }
}

/** POSTs one envelope, byte for byte as received, with the delivery headers and signature. */
async function forward(
  sender: WebhookSender,
  settings: ListenSettings,
  message: EventSourceMessage,
  signal: AbortSignal,
): Promise<Forwarded> {
  const id = message.id ?? "";
  const kind = message.event ?? "";
  const body = Buffer.from(message.data, "utf8");
  const timestamp = Math.floor(Date.now() / 1000);
  const result = await sender.send(
    settings.forwardTo,
    body,
    {
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "webhook-id": id,
      "webhook-event-type": kind,
      ...signatureHeaders(settings.scheme, [settings.secret], id, timestamp, body),
    },
    signal,
  );
  return {
    type: "event",
    id,
    event_type: kind,
    status: result.status,
    ok: result.error === null,
    duration_ms: result.durationMs,
    error: result.error,
  };
}

function describe(r: Forwarded): string {
  const answer = r.status === null ? `[failed] ${r.error}` : r.ok ? `[${r.status}]` : `[${r.status}] ${r.error}`;
  return `${new Date().toISOString()}  ${r.event_type.padEnd(32)} ${r.id}  <-- ${answer} (${r.duration_ms} ms)`;
}

/** The `listen` command: forwards until SIGINT or SIGTERM. */
export async function listen(config: Config, values: CommandValues): Promise<void> {
  const settings = listenSettings(config, values, process.env);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await forwardEvents(
      settings,
      controller.signal,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  process.stderr.write("Stopped.\n");
}
