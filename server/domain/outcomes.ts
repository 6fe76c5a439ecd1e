/**
 * Outcomes (`user.define_outcome`): what the client sends, made ready for the store. A file
 * rubric is read here, once, and recorded as text (as the hosted service resolves it), so the
 * grader never depends on a file that may be deleted later; `max_iterations` gets its default.
 */
import type { Schema } from "../api.ts";
import { invalidRequest, notFound } from "../errors.ts";
import type { Storage } from "../storage/port/index.ts";
import type { OutcomeRubric, SessionEventRecord, UserEventInput } from "../storage/port/sessions.ts";

/** Evaluations at most when the client names none (the SDK's default). */
export const DEFAULT_MAX_ITERATIONS = 3;
/** The longest rubric, in characters (the SDK's limit for text rubrics; a file's text too). */
export const MAX_RUBRIC_CHARS = 262_144;

type DefineOutcomeInput = Extract<Schema<"SessionEventInput">, { type: "user.define_outcome" }>;

/** The rubric as text: a text rubric as it is, a file's content read as UTF-8 (400 when it is not text or too long). */
async function rubricText(
  storage: Storage,
  accountId: string,
  rubric: DefineOutcomeInput["rubric"],
  param: string,
): Promise<OutcomeRubric> {
  if (rubric.type === "text") return { type: "text", content: rubric.content };
  const file = await storage.files.getFile(accountId, rubric.file_id);
  if (!file) throw notFound(`${param}.file_id: no file with id ${rubric.file_id.slice(0, 64)}.`, `${param}.file_id`);
  if (file.expires_at !== null && file.expires_at <= new Date().toISOString()) {
    throw notFound(`${param}.file_id: the file ${file.id} expired; its bytes are gone.`, `${param}.file_id`);
  }
  // UTF-8 takes at most 4 bytes a character: a larger file cannot be a rubric.
  if (file.size_bytes > MAX_RUBRIC_CHARS * 4) {
    throw invalidRequest(
      `${param}.file_id: a rubric file holds at most ${MAX_RUBRIC_CHARS} characters.`,
      `${param}.file_id`,
    );
  }
  const stream = await storage.blobs.open(file.id);
  if (!stream) throw notFound(`${param}.file_id: the file ${file.id} has no content.`, `${param}.file_id`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  let content: string;
  try {
    content = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw invalidRequest(`${param}.file_id: the rubric file is not UTF-8 text.`, `${param}.file_id`);
  }
  if (content.trim().length === 0)
    throw invalidRequest(`${param}.file_id: the rubric file is empty.`, `${param}.file_id`);
  if (content.length > MAX_RUBRIC_CHARS) {
    throw invalidRequest(
      `${param}.file_id: a rubric file holds at most ${MAX_RUBRIC_CHARS} characters.`,
      `${param}.file_id`,
    );
  }
  return { type: "text", content };
}

/** A `user.define_outcome` as the store takes it. */
export async function outcomeEvent(
  storage: Storage,
  accountId: string,
  event: DefineOutcomeInput,
  param: string,
): Promise<Extract<UserEventInput, { type: "user.define_outcome" }>> {
  return {
    type: "user.define_outcome",
    description: event.description,
    rubric: await rubricText(storage, accountId, event.rubric, `${param}.rubric`),
    max_iterations: event.max_iterations ?? DEFAULT_MAX_ITERATIONS,
  };
}

/** An outcome's state as the SDK's session shows it (`BetaManagedAgentsOutcomeEvaluationResource`). */
export interface OutcomeEvaluationState {
  type: "outcome_evaluation";
  outcome_id: string;
  description: string;
  /** `pending`, `running`, `evaluating`, or the terminal `satisfied`, `max_iterations_reached`, `failed`, `interrupted`. */
  result: string;
  /** The revision cycle it is on, from 0. */
  iteration: number;
  explanation: string | null;
  completed_at: string | null;
}

/**
 * Each outcome of a session, oldest first, from its outcome events (oldest first): `pending` until
 * its turn runs, `running` while the agent works (again after a `needs_revision`, one iteration
 * on), `evaluating` between an evaluation's start and end, then the end's terminal result.
 */
export function outcomeEvaluations(
  events: readonly SessionEventRecord[],
  sessionStatus: string,
): OutcomeEvaluationState[] {
  const states = new Map<string, OutcomeEvaluationState>();
  for (const e of events) {
    if (e.type === "user.define_outcome" && e.outcome) {
      states.set(e.outcome.outcome_id, {
        type: "outcome_evaluation",
        outcome_id: e.outcome.outcome_id,
        description: e.outcome.description,
        result: "pending",
        iteration: 0,
        explanation: null,
        completed_at: null,
      });
      continue;
    }
    const state = e.evaluation ? states.get(e.evaluation.outcome_id) : undefined;
    if (!state || !e.evaluation) continue;
    if (e.type === "span.outcome_evaluation_start") {
      state.result = "evaluating";
      state.iteration = e.evaluation.iteration;
    } else if (e.type === "span.outcome_evaluation_end") {
      const result = e.evaluation.result ?? "failed";
      state.explanation = e.evaluation.explanation ?? null;
      if (result === "needs_revision") {
        state.result = "running";
        state.iteration = e.evaluation.iteration + 1;
      } else {
        state.result = result;
        state.iteration = e.evaluation.iteration;
        state.completed_at = e.created_at;
      }
    }
  }
  const working = sessionStatus === "running" || sessionStatus === "rescheduling";
  return [...states.values()].map((s) => (s.result === "pending" && working ? { ...s, result: "running" } : s));
}
