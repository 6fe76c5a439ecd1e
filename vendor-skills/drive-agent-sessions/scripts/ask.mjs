#!/usr/bin/env node
/**
 * Send one message to a Cloud Agents session and print the agent's reply. Node 18+, no deps.
 *
 *   API=http://127.0.0.1:8080/api/v1/cloud TOKEN=... node ask.mjs --session sess_... "Your question"
 *   API=... TOKEN=... node ask.mjs --agent agent_... --environment env_... "Your question"
 *
 * With --agent and --environment a new session is created first (its id is printed on stderr,
 * reuse it with --session for a follow-up). The reply is read by polling the session's event
 * history: after our message, wait for the run that answers it (`session.status_run_started`)
 * to end (`session.status_idled`), then print the `agent.message` text of that run.
 */
const API = process.env.API ?? "http://127.0.0.1:8080/api/v1/cloud";
const TOKEN = process.env.TOKEN;
const POLL_MS = 500;

async function call(method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) {
    const e = json.error ?? {};
    throw new Error(`${method} ${path}: ${res.status} ${e.type}: ${e.message} (request ${json.request_id})`);
  }
  return json;
}

/** Every event after `afterId`, oldest first, following the pages. */
async function eventsAfter(sessionId, afterId) {
  const out = [];
  let cursor = afterId;
  for (;;) {
    const page = await call("GET", `/sessions/${sessionId}/events?limit=100&after_id=${cursor}`);
    out.push(...page.data);
    if (!page.has_more) return out;
    cursor = page.next_page;
  }
}

/** Waits for the run that answers the message `messageId`; returns that run's events. */
async function waitForReply(sessionId, messageId, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await eventsAfter(sessionId, messageId);
    // A run already in progress when we sent ends first; ours starts after our message.
    const start = events.findIndex((e) => e.type === "session.status_run_started");
    if (start >= 0) {
      const end = events.findIndex((e, i) => i > start && e.type === "session.status_idled");
      if (end >= 0) return events.slice(start + 1, end);
    }
    if (Date.now() > deadline) throw new Error(`no reply within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function option(args, name) {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  return args.splice(i, 2)[1];
}

async function main() {
  const args = process.argv.slice(2);
  let sessionId = option(args, "--session");
  const agent = option(args, "--agent");
  const environment = option(args, "--environment");
  const timeoutMs = Number(option(args, "--timeout") ?? 300) * 1000;
  const text = args.join(" ").trim();
  if (!TOKEN || !text || (!sessionId && !(agent && environment))) {
    console.error('usage: TOKEN=... node ask.mjs (--session sess_... | --agent agent_... --environment env_...) "message"');
    return 2;
  }
  if (!sessionId) {
    const session = await call("POST", "/sessions", { agent, environment_id: environment, title: text.slice(0, 80) });
    sessionId = session.id;
    console.error(`created ${sessionId}`);
  }
  const sent = await call("POST", `/sessions/${sessionId}/events`, {
    events: [{ type: "user.message", content: [{ type: "text", text }] }],
  });
  const message = sent.data[sent.data.length - 1];
  const run = await waitForReply(sessionId, message.id, timeoutMs);
  for (const event of run) {
    if (event.type === "agent.message" && event.session_thread_id === null) {
      console.log(event.content.map((block) => block.text).join("\n"));
    } else if (event.type === "session.error") {
      console.error(`error (${event.error.type}): ${event.error.message}`);
    }
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err.message);
    process.exitCode = 1;
  },
);
