/**
 * Starts pending dreams (storage/port/dreams.ts). A pass claims each pending dream and, in the same
 * unit of work, makes what it runs in: an agent (the dream's model, only the file tools) and an
 * environment (no network), both archived at once so lists leave them out; a session of that
 * agent whose first message holds the instructions and the transcripts; the output store (a copy
 * of the input store for `create_new`, the input store itself for `update_existing`) attached
 * read-write at `/mnt/memory/<name>/`. The run worker then runs the session like any other, and
 * the end of its first turn settles the dream. With a sandbox the agent has `bash` as well (the
 * file tools cannot remove a file). A dream whose start cannot be made (its store or a
 * session gone, the model no longer served) fails with the reason; a busy database leaves it
 * pending for the next pass. Driven by rows: the "dreams" signal wakes it, a restart loses nothing.
 */

import type { BackgroundWorker, WorkerHealth } from "../../background/backgroundWorker.ts";
import { PeriodicLoop } from "../../background/periodicLoop.ts";
import type { Config } from "../../config/sections.ts";
import { MAX_MEMORIES_PER_STORE } from "../../domain/memoryStores.ts";
import type { Logger } from "../../logger.ts";
import { describeError } from "../../logger.ts";
import { NoSandbox } from "../../sandbox/off.ts";
import type { Sandbox } from "../../sandbox/port.ts";
import type { DreamError, DreamRecord } from "../../storage/port/dreams.ts";
import { type Storage, StorageBusyError, type Stores } from "../../storage/port/index.ts";
import { unservedReason } from "../turns/registry.ts";
import { dreamMessage, dreamSystemPrompt, SessionTranscript, transcriptShare } from "./transcript.ts";

const BATCH = 10;
const PAGE = 200;
/** The pass again after this long even without a signal (a signal from another replica can be missed). */
const INTERVAL_MS = 5_000;
const FILE_TOOLS = ["read", "write", "edit", "glob", "grep"];

export interface DreamWorkerDeps {
  storage: Storage;
  config: Config;
  logger: Logger;
  /** With a sandbox the dream's agent has `bash` too (to remove files: the file tools only write). */
  sandbox: Sandbox;
}

/** A start that cannot be made: the dream fails with this error. */
class DreamStartError extends Error {
  constructor(readonly error: DreamError) {
    super(error.message);
  }
}

export class DreamWorker implements BackgroundWorker {
  readonly name = "dreams";
  private readonly loop: PeriodicLoop;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: DreamWorkerDeps) {
    this.loop = new PeriodicLoop({
      name: "dream worker",
      logger: deps.logger,
      intervalMs: INTERVAL_MS,
      pass: () => this.pass(),
    });
  }

  start(): void {
    this.unsubscribe = this.deps.storage.on("dreams", () => this.loop.notify());
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.loop.stop();
  }

  health(): WorkerHealth {
    return this.loop.health();
  }

  private async pass(): Promise<boolean> {
    const pending = await this.deps.storage.dreams.pendingDreams(BATCH);
    for (const dream of pending) await this.startOne(dream);
    return pending.length === BATCH;
  }

  private async startOne(dream: DreamRecord): Promise<void> {
    const { storage, logger } = this.deps;
    try {
      const transcripts = await this.transcripts(dream);
      const started = await storage.transaction((tx) => this.startIn(tx, dream, transcripts));
      if (started) logger.info("dream started", { dream_id: dream.id, session_id: started });
    } catch (err) {
      // Busy: still pending, the next pass tries again. Anything else ends the dream.
      if (err instanceof StorageBusyError) return;
      const error =
        err instanceof DreamStartError
          ? err.error
          : { type: "internal_error", message: "The dream could not be started; the server's log says why." };
      if (!(err instanceof DreamStartError))
        logger.error("dream start failed", { dream_id: dream.id, ...describeError(err) });
      await storage.dreams.failDream(dream.id, error);
    }
  }

  /** The input sessions' events, read before the unit of work (outside the write lock). */
  private async transcripts(dream: DreamRecord): Promise<string> {
    const { storage } = this.deps;
    const ids = dream.inputs.flatMap((i) => (i.type === "sessions" ? i.session_ids : []));
    const transcripts: string[] = [];
    for (const id of ids) {
      const session = await storage.sessions.getSession(dream.account_id, id);
      if (!session) throw unavailable(`The session ${id} was deleted before the dream started.`);
      const transcript = new SessionTranscript(id, session.title, transcriptShare(ids.length));
      let cursor: string | undefined;
      for (;;) {
        const page = await storage.sessions.listEvents(dream.account_id, id, {
          page: { limit: PAGE, ...(cursor ? { cursor: { direction: "after" as const, id: cursor } } : {}) },
        });
        if (!page) throw unavailable(`The session ${id} was deleted before the dream started.`);
        transcript.add(page.data);
        if (!page.has_more || !page.last_id) break;
        cursor = page.last_id;
      }
      transcripts.push(transcript.text());
    }
    return transcripts.join("\n\n");
  }

  /** The dream's session, agent, environment and output store; null when it was no longer pending. */
  private async startIn(tx: Stores, dream: DreamRecord, transcripts: string): Promise<string | null> {
    const account = dream.account_id;
    const claimed = await tx.dreams.claimDream(dream.id);
    if (!claimed) return null;
    const unserved = unservedReason(this.deps.config, dream.model.id);
    if (unserved)
      throw new DreamStartError({ type: "model_unavailable", message: `model "${dream.model.id}" ${unserved}` });
    const input = await tx.memoryStores.getStore(account, dream.input_store_id);
    if (!input) throw unavailable(`The memory store ${dream.input_store_id} was deleted before the dream started.`);
    if (input.archived_at) throw unavailable(`The memory store ${input.id} was archived before the dream started.`);
    const copy = dream.output_behavior.type === "create_new";
    const storeName = copy ? outputName(input.name, dream.id) : input.name;
    const bash = !(this.deps.sandbox instanceof NoSandbox);

    const agent = await tx.agents.createAgent(account, {
      name: `dream ${dream.id}`,
      model: dream.model.id,
      system: dreamSystemPrompt(storeName, bash),
      description: "The agent of a dream: it reorganizes a memory store with the file tools.",
      tools: [
        {
          type: "agent_toolset_20260401",
          default_config: { enabled: false },
          configs: [...FILE_TOOLS, ...(bash ? ["bash"] : [])].map((name) => ({ name, enabled: true })),
        },
      ],
      mcp_servers: [],
      skills: [],
      multiagent: null,
      metadata: { dream_id: dream.id },
    });
    const environment = await tx.environments.createEnvironment(account, {
      name: `dream ${dream.id}`,
      description: "The environment of a dream: no network.",
      // Limited to `invalid` (RFC 2606: it never resolves): its bash reaches nothing.
      config: {
        type: "cloud",
        networking: {
          type: "limited",
          allowed_hosts: ["invalid"],
          allow_mcp_servers: false,
          allow_package_managers: false,
        },
      },
      metadata: { dream_id: dream.id },
    });
    const created = await tx.sessions.createSession(account, {
      agent: { id: agent.id, version: agent.version },
      environment_id: environment.id,
      title: `Dream ${dream.id}`,
      metadata: { dream_id: dream.id },
      vault_ids: [],
      environment_variables: "",
      initial_events: [
        { type: "user.message", content: [{ type: "text", text: dreamMessage(dream.instructions, transcripts) }] },
      ],
    });
    if (!created.ok) throw new Error(`dream ${dream.id}: its session was refused (${created.reason})`);
    const sessionId = created.session.id;

    let outputId = input.id;
    if (copy) outputId = await copyStore(tx, account, input.id, storeName, dream.id, sessionId);
    const attached = await tx.memoryStores.attachToSession(account, sessionId, [
      { memory_store_id: outputId, access: "read_write" },
    ]);
    if (!attached.ok) throw unavailable(`The memory store ${outputId} could not be attached (${attached.reason}).`);
    await tx.agents.archiveAgent(account, agent.id);
    await tx.environments.archiveEnvironment(account, environment.id);
    await tx.dreams.setDreamStarted(dream.id, sessionId, outputId);
    return sessionId;
  }
}

const unavailable = (message: string) => new DreamStartError({ type: "inputs_unavailable", message });

/** `<input name>-dream-<the dream id's last 8 characters>`, within the 64 characters of a name. */
function outputName(inputName: string, dreamId: string): string {
  const suffix = `-dream-${dreamId.slice(-8).toLowerCase()}`;
  return `${inputName.slice(0, 64 - suffix.length)}${suffix}`;
}

/** A new store with the input store's memories, written by the dream's session. */
async function copyStore(
  tx: Stores,
  account: string,
  inputId: string,
  name: string,
  dreamId: string,
  sessionId: string,
): Promise<string> {
  const made = await tx.memoryStores.createStore(account, {
    name,
    description: `The output of dream ${dreamId}, started as a copy of ${inputId}.`,
    metadata: { dream_id: dreamId },
  });
  if (!made.ok) throw unavailable(`The output store ${name} could not be made (${made.reason}).`);
  let cursor: string | undefined;
  for (;;) {
    const page = await tx.memoryStores.listMemories(account, inputId, {
      pathPrefix: undefined,
      page: { limit: PAGE, ...(cursor ? { cursor: { direction: "after" as const, id: cursor } } : {}) },
    });
    if (!page) throw unavailable(`The memory store ${inputId} was deleted before the dream started.`);
    const memories = await tx.memoryStores.getMemories(
      account,
      inputId,
      page.data.map((m) => m.id),
    );
    for (const m of memories ?? []) {
      const written = await tx.memoryStores.createMemory(
        account,
        made.store.id,
        {
          content: m.content,
          content_sha256: m.content_sha256,
          size_bytes: m.size_bytes,
          path: m.path,
          author: { type: "session", id: sessionId },
        },
        MAX_MEMORIES_PER_STORE,
      );
      if (!written.ok) throw new Error(`dream ${dreamId}: copying ${m.path} was refused (${written.reason})`);
    }
    if (!page.has_more || !page.last_id) break;
    cursor = page.last_id;
  }
  return made.store.id;
}
