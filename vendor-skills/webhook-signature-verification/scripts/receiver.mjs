#!/usr/bin/env node
/**
 * A minimal Cloud Agents webhook receiver (Node 18+, no dependencies):
 * raw body -> verify signature -> deduplicate on the envelope id -> answer 200 at once ->
 * process in the background.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=3000 node receiver.mjs
 *
 * WEBHOOK_SECRET may hold several secrets separated by commas while you rotate them. Both signing
 * schemes (webhook_signature and standard_webhooks) are recognised from the headers.
 * The in-memory dedup set and queue are for illustration: in production record processed ids in
 * your database under a unique constraint and hand work to a durable queue.
 */
import { createServer } from "node:http";
import { verifyWebhook, WebhookVerificationError } from "./verify-webhook.mjs";

const secrets = (process.env.WEBHOOK_SECRET ?? "").split(",").filter(Boolean);
if (secrets.length === 0) {
  console.error("Set WEBHOOK_SECRET to the endpoint's signing secret (whsec_...).");
  process.exit(1);
}
const PORT = Number(process.env.PORT ?? 3000);
const PATH = process.env.WEBHOOK_PATH ?? "/webhooks/cloud-agents";
const MAX_BODY_BYTES = 1024 * 1024;
const DEDUP_TTL_MS = 24 * 60 * 60 * 1000;

/** Envelope ids already accepted, with the time they were seen. */
const seen = new Map();
const queue = [];
let draining = false;

function alreadySeen(id) {
  const now = Date.now();
  for (const [key, at] of seen) {
    if (now - at < DEDUP_TTL_MS) break; // Map keeps insertion order: the rest are newer
    seen.delete(key);
  }
  if (seen.has(id)) return true;
  seen.set(id, now);
  return false;
}

async function handle(envelope) {
  const { type, id } = envelope.data;
  switch (type) {
    case "session.status_idled":
      // The turn is complete: now read the session's events (GET /sessions/{id}/events).
      console.log(`session ${id} is idle: fetch its latest output`);
      break;
    case "session.thread_terminated":
      console.log(`thread ${envelope.data.session_thread_id} of session ${id} was terminated`);
      break;
    case "agent.updated":
      console.log(`agent ${id} is now at version ${envelope.data.version}`);
      break;
    case "webhook.test":
      console.log("test event received: signature and connectivity work");
      break;
    default:
      console.log(`${type} for ${id}`);
  }
}

async function drain() {
  if (draining) return;
  draining = true;
  while (queue.length > 0) {
    const envelope = queue.shift();
    try {
      await handle(envelope);
    } catch (err) {
      console.error(`processing ${envelope.id} failed:`, err);
    }
  }
  draining = false;
}

function reply(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

createServer((req, res) => {
  if (req.method !== "POST" || req.url !== PATH) return reply(res, 404, { error: "not found" });
  const chunks = [];
  let size = 0;
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      reply(res, 413, { error: "body too large" });
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on("end", () => {
    if (res.writableEnded) return;
    const raw = Buffer.concat(chunks); // the exact bytes: verify before parsing
    let envelope;
    try {
      envelope = verifyWebhook(raw, req.headers, secrets); // either signing scheme
    } catch (err) {
      if (!(err instanceof WebhookVerificationError)) throw err;
      console.warn(`rejected delivery ${req.headers["webhook-id"] ?? "?"}: ${err.code}: ${err.message}`);
      return reply(res, 400, { error: err.code });
    }
    // At-least-once delivery: the same envelope id can arrive again (a retry after a timeout).
    if (alreadySeen(envelope.id)) return reply(res, 200, { received: true, duplicate: true });
    queue.push(envelope);
    reply(res, 200, { received: true }); // answer well within the 10 s delivery timeout
    setImmediate(drain);
  });
}).listen(PORT, () => console.log(`listening on http://localhost:${PORT}${PATH}`));
