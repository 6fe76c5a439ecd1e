/**
 * Dreams (API.md "Memory stores"; `client.beta.dreams`): a job that reads a memory store and past
 * sessions and writes a reorganized store. The API's side: validate, create `pending`, read,
 * list, archive, cancel. The dream worker (server/agents/dreams/) starts a pending dream as a
 * session of its own; the end of that session's first turn settles it (storage/shared/dreams.ts).
 */
import { unservedReason } from "../agents/turns/registry.ts";
import type { Schema } from "../api.ts";
import type { Config } from "../config/sections.ts";
import { conflict, invalidRequest, notFound } from "../errors.ts";
import type { CreatedAtRange } from "../storage/port/common.ts";
import type { CreateDreamResult, DreamInput, DreamRecord, DreamStatus, NewDream } from "../storage/port/dreams.ts";
import type { Page, PageQuery, Storage } from "../storage/port/index.ts";

export type Dream = Schema<"Dream">;

export interface DreamDeps {
  storage: Storage;
  config: Config;
}

export const dreamNotFound = (id: string) => notFound(`No dream with id ${id.slice(0, 64)}.`);

export function dreamView(d: DreamRecord): Dream {
  return {
    id: d.id,
    type: "dream",
    status: d.status,
    inputs: d.inputs,
    instructions: d.instructions,
    model: d.model,
    output_behavior: d.output_behavior,
    outputs:
      d.output_store_id && d.status !== "pending" ? [{ type: "memory_store", memory_store_id: d.output_store_id }] : [],
    session_id: d.session_id,
    error: d.error,
    usage: d.usage,
    archived_at: d.archived_at,
    created_at: d.created_at,
    ended_at: d.ended_at,
  };
}

/** The request checked beyond the schema: one input of each kind, the model, the output's store. */
function newDream(config: Config, body: Schema<"CreateDreamRequest">): NewDream {
  const stores = body.inputs.flatMap((input, i) => (input.type === "memory_store" ? [{ input, i }] : []));
  const sessions = body.inputs.flatMap((input, i) => (input.type === "sessions" ? [{ input, i }] : []));
  if (stores.length !== 1 || sessions.length !== 1) {
    throw invalidRequest("inputs must hold exactly one memory_store entry and exactly one sessions entry.", "inputs");
  }
  const store = stores[0]?.input as Extract<DreamInput, { type: "memory_store" }>;
  const sessionInput = sessions[0] as { input: Extract<DreamInput, { type: "sessions" }>; i: number };
  const ids = sessionInput.input.session_ids;
  if (new Set(ids).size !== ids.length) {
    throw invalidRequest("session_ids must not repeat an id.", `inputs[${sessionInput.i}].session_ids`);
  }
  const model = typeof body.model === "string" ? { id: body.model, speed: null } : body.model;
  if (model.speed === "fast") throw invalidRequest("model.speed: dreams run only at `standard` speed.", "model.speed");
  const unserved = unservedReason(config, model.id);
  if (unserved) throw invalidRequest(`model: "${model.id.slice(0, 128)}" ${unserved}`, "model");
  const output = body.output_behavior ?? { type: "create_new" as const };
  if (output.type === "update_existing" && output.memory_store_id !== store.memory_store_id) {
    throw invalidRequest(
      "output_behavior.memory_store_id must be the memory_store_id of the memory_store input.",
      "output_behavior.memory_store_id",
    );
  }
  const sorted = [...ids].sort();
  return {
    // The stored order: the store first, then the sessions (sorted), as responses show them.
    inputs: [
      { type: "memory_store", memory_store_id: store.memory_store_id },
      { type: "sessions", session_ids: sorted },
    ],
    instructions: body.instructions ?? null,
    model: { id: model.id, speed: "standard" },
    output_behavior: output,
    input_store_id: store.memory_store_id,
    session_ids: sorted,
  };
}

function refusal(result: Exclude<CreateDreamResult, { ok: true }>, input: NewDream) {
  switch (result.reason) {
    case "store_not_found":
      return notFound(`No memory store with id ${input.input_store_id.slice(0, 64)}.`, "inputs");
    case "store_archived":
      return conflict(`The memory store ${input.input_store_id} is archived: a dream cannot read it.`, "inputs");
    case "session_not_found":
      return notFound(`No session with id ${result.session_id.slice(0, 64)}.`, "inputs");
    case "store_held":
      return conflict(
        `Another update_existing dream${result.dream_id ? ` (${result.dream_id})` : ""} of the memory store ${input.input_store_id} has not stopped: wait for it to end or cancel it, then retry.`,
        "output_behavior",
      );
  }
}

export async function createDream(
  deps: DreamDeps,
  accountId: string,
  body: Schema<"CreateDreamRequest">,
): Promise<Dream> {
  const input = newDream(deps.config, body);
  const result = await deps.storage.dreams.createDream(accountId, input);
  if (!result.ok) throw refusal(result, input);
  return dreamView(result.dream);
}

export async function getDream(deps: DreamDeps, accountId: string, id: string): Promise<Dream> {
  const record = await deps.storage.dreams.getDream(accountId, id);
  if (!record) throw dreamNotFound(id);
  return dreamView(record);
}

export async function listDreams(
  deps: DreamDeps,
  accountId: string,
  options: {
    includeArchived: boolean;
    statuses: DreamStatus[] | undefined;
    createdAt: CreatedAtRange | undefined;
    page: PageQuery;
  },
): Promise<Page<Dream>> {
  const page = await deps.storage.dreams.listDreams(accountId, options);
  return { ...page, data: page.data.map(dreamView) };
}

export async function archiveDream(deps: DreamDeps, accountId: string, id: string): Promise<Dream> {
  const result = await deps.storage.dreams.archiveDream(accountId, id);
  if (result === null) throw dreamNotFound(id);
  if (result === "active") {
    throw invalidRequest(`The dream ${id} is still pending or running: cancel it before archiving it.`);
  }
  return dreamView(result);
}

/** Cancels the dream and, in the same unit of work, interrupts its session's turn. */
export async function cancelDream(deps: DreamDeps, accountId: string, id: string): Promise<Dream> {
  const result = await deps.storage.transaction(async (tx) => {
    const canceled = await tx.dreams.cancelDream(accountId, id);
    if (canceled && canceled !== "ended" && canceled.interrupt) {
      // Refused only when the session is archived or gone: then nothing runs to interrupt.
      await tx.sessions.appendEvents(accountId, canceled.interrupt, [
        { type: "user.interrupt", session_thread_id: null },
      ]);
    }
    return canceled;
  });
  if (result === null) throw dreamNotFound(id);
  if (result === "ended")
    throw invalidRequest(`The dream ${id} has already completed or failed: it cannot be canceled.`);
  return dreamView(result.dream);
}
