/**
 * What each kind of stream reads and sends: a session's events, one thread's events, or the
 * account's event envelopes. Building a source checks the request (the session and thread
 * exist, the resume point is an event of this stream) and throws the ApiError the client gets
 * before the stream starts; reading turns committed rows into SSE messages.
 */

import { getSession, getThread } from "../domain/sessions.ts";
import { sessionEventView } from "../domain/sessionViews.ts";
import { invalidRequest } from "../errors.ts";
import { type IdPrefix, isId } from "../ids.ts";
import type { Storage } from "../storage/port/index.ts";
import type { StreamChanges } from "../storage/port/streams.ts";
import { sseMessage } from "./sse.ts";

export type StreamKind = "session" | "thread" | "account";

/** Why the server ended a stream (the label of cloud_agents_streams_ended_total). */
export type StreamEndReason =
  | "client_closed"
  | "slow_client"
  | "session_deleted"
  | "token_revoked"
  | "shutdown"
  | "error";

/** Messages read after a position. */
export interface StreamBatch {
  /** The SSE messages of the rows that pass the stream's filter, in commit order, with their positions. */
  messages: { position: number; text: string }[];
  /** The position of the last row read, sent or filtered out (unchanged when none). */
  position: number;
  /** Whether the read stopped early (a full batch, or `maxBytes`): there may be more to read at once. */
  more: boolean;
}

export interface StreamSource {
  kind: StreamKind;
  accountId: string;
  /** The position the stream starts after. */
  start: number;
  /** Whether these committed changes may concern this stream. */
  concerns(changes: StreamChanges): boolean;
  /**
   * The rows after `after`: at most `limit` rows, and no more once the messages reach `maxBytes`
   * (the rows after that are not even loaded: a stream holds at most about that much at once).
   * Rejects with StorageBusyError when it cannot read now (nothing was read: read again soon).
   */
  read(after: number, limit: number, maxBytes: number): Promise<StreamBatch>;
  /** Why the stream must end now, or null: checked at every heartbeat. */
  endReason(): Promise<StreamEndReason | null>;
  /** The last SSE message of a stream the server ends for `reason`, if it has one. */
  farewell?(reason: StreamEndReason): string | null;
}

/** A surface's last message of a session stream whose session was deleted (the `/v1` surface's `session.deleted`). */
export type SessionFarewell = (sessionId: string) => { id: string; type: string; data: Record<string, unknown> };

/** A surface's own shape of a session event (the Anthropic-compatible one renames types, adds fields). */
export type PresentEvent = (event: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Who opens the stream and how (from the request). */
export interface StreamRequest {
  accountId: string;
  tokenId: string;
  /** `types[]`: only these types (undefined: all). */
  types: string[] | undefined;
  /**
   * The resume point: the `Last-Event-ID` header when given (a reconnecting client sends it, while
   * its URL may still carry the first `after_id`), else the `after_id` query parameter.
   */
  resume: { param: "Last-Event-ID" | "after_id"; id: string } | undefined;
}

export interface SourceDeps {
  storage: Storage;
}

/** The resume point's position, or a 400 naming the parameter it came from. */
async function resumePosition(
  resume: NonNullable<StreamRequest["resume"]>,
  kind: IdPrefix,
  where: string,
  lookup: (id: string) => Promise<number | null>,
): Promise<number> {
  const shown = JSON.stringify(resume.id.slice(0, 80));
  if (!isId(kind, resume.id)) {
    throw invalidRequest(
      `${resume.param} must be the id of an event of ${where} (${kind}_...), got ${shown}.`,
      resume.param,
    );
  }
  const position = await lookup(resume.id);
  if (position === null) {
    throw invalidRequest(
      `${resume.param} ${shown} is not an event of ${where}${kind === "evt" ? " (or it is older than the retention period, RETENTION_DAYS)" : ""}.`,
      resume.param,
    );
  }
  return position;
}

/**
 * Turns rows into a batch of messages (`text: null`: filtered out), stopping after `limit` rows
 * or once the messages reach `maxBytes`.
 */
function readBatch<Row>(
  rows: Iterable<Row>,
  after: number,
  limit: number,
  maxBytes: number,
  message: (row: Row) => { position: number; text: string | null },
): StreamBatch {
  const batch: StreamBatch = { messages: [], position: after, more: false };
  let count = 0;
  let bytes = 0;
  for (const row of rows) {
    const { position, text } = message(row);
    batch.position = position;
    if (text !== null) {
      batch.messages.push({ position, text });
      bytes += text.length;
    }
    if (++count >= limit || bytes >= maxBytes) {
      batch.more = true;
      break;
    }
  }
  return batch;
}

/** Ends a stream whose token was revoked (checked at each heartbeat, like every stream's state). */
async function revoked(deps: SourceDeps, request: StreamRequest): Promise<boolean> {
  return !(await deps.storage.streams.tokenActive(request.tokenId));
}

/**
 * A session's events (every thread's), or one thread's when `threadId` is given: the history
 * from the resume point (the first event by default), then live. 404 for an unknown session or
 * thread; 400 for a resume point that is not an event of this session.
 */
export async function sessionSource(
  deps: SourceDeps,
  request: StreamRequest,
  sessionId: string,
  threadId?: string,
  present?: PresentEvent,
  deleted?: SessionFarewell,
): Promise<StreamSource> {
  const { storage } = deps;
  if (threadId === undefined) await getSession(deps, request.accountId, sessionId);
  else await getThread(deps, request.accountId, sessionId, threadId);
  const start = request.resume
    ? await resumePosition(request.resume, "sevt", "this session", (id) =>
        storage.streams.sessionEventSeq(sessionId, id),
      )
    : 0;
  const types = request.types ? new Set<string>(request.types) : null;
  return {
    kind: threadId === undefined ? "session" : "thread",
    accountId: request.accountId,
    start,
    concerns: (changes) => changes.sessions.has(sessionId),
    async read(after, limit, maxBytes) {
      const rows = await storage.streams.sessionEventsAfter(sessionId, threadId, after, limit);
      const shown: { seq: number; event: Record<string, unknown> | null }[] = [];
      for (const { seq, event } of rows) {
        // The event exactly as GET /sessions/{id}/events returns it, or as the surface presents it.
        const view = types && !types.has(event.type) ? null : (sessionEventView(event) as Record<string, unknown>);
        shown.push({ seq, event: view && present ? await present(view) : view });
      }
      // Each event is written once, from the object: nothing is formatted, parsed and formatted again.
      return readBatch(shown, after, limit, maxBytes, ({ seq, event }) =>
        event === null
          ? { position: seq, text: null }
          : { position: seq, text: sseMessage(String(event.id), String(event.type), JSON.stringify(event)) },
      );
    },
    async endReason() {
      if (await revoked(deps, request)) return "token_revoked";
      return (await storage.streams.sessionExists(request.accountId, sessionId)) ? null : "session_deleted";
    },
    farewell(reason) {
      if (reason !== "session_deleted" || !deleted) return null;
      const last = deleted(sessionId);
      return sseMessage(last.id, last.type, JSON.stringify(last.data));
    },
  };
}

/**
 * The account's event envelopes as they are committed: from now on, or every one after the
 * resume point first. `data` is the stored envelope, the bytes webhook deliveries carry.
 */
export async function accountSource(deps: SourceDeps, request: StreamRequest): Promise<StreamSource> {
  const { storage } = deps;
  const start = request.resume
    ? await resumePosition(request.resume, "evt", "this account", (id) =>
        storage.streams.eventSeq(request.accountId, id),
      )
    : await storage.streams.latestEventSeq(request.accountId);
  const types = request.types ? new Set<string>(request.types) : null;
  return {
    kind: "account",
    accountId: request.accountId,
    start,
    concerns: (changes) => changes.accounts.has(request.accountId),
    async read(after, limit, maxBytes) {
      const rows = await storage.streams.eventsAfter(request.accountId, after, limit);
      return readBatch(rows, after, limit, maxBytes, (row) => ({
        position: row.seq,
        text: types && !types.has(row.kind) ? null : sseMessage(row.id, row.kind, row.payload),
      }));
    },
    endReason: async () => ((await revoked(deps, request)) ? "token_revoked" : null),
  };
}
