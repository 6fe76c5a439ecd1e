/**
 * Live deltas of the session streams (API.md, "Live text"): while a model streams an agent
 * message's text, the runtime publishes `event_start` and `event_delta` here and every stream of
 * that session opened with `event_deltas[]=agent.message` writes them at once. They are never
 * stored and never replayed: a stream that is not open (or is backed up) misses them, and the
 * stored `agent.message` follows as usual. In-process only: with several servers on one
 * PostgreSQL database, only the streams on the server that runs the turn get them.
 */

/** One live delta: the start of an event being produced, or a piece of its text. */
export type LiveDelta =
  | { kind: "start"; session_id: string; session_thread_id: string | null }
  | { kind: "delta"; session_id: string; session_thread_id: string | null; text: string };

/** The SSE message of a delta (no `id:` line: it is no resume point). */
export function deltaMessage(d: LiveDelta): string {
  const type = d.kind === "start" ? "event_start" : "event_delta";
  const data = {
    type,
    session_id: d.session_id,
    session_thread_id: d.session_thread_id,
    event: { type: "agent.message" },
    ...(d.kind === "delta" ? { delta: { type: "text", text: d.text } } : {}),
  };
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type DeltaListener = (delta: LiveDelta) => void;

/** The listeners of each session's deltas on this server. */
export class DeltaHub {
  private readonly listeners = new Map<string, Set<DeltaListener>>();

  /** Listens to a session's deltas; returns the unsubscribe. */
  subscribe(sessionId: string, listener: DeltaListener): () => void {
    let set = this.listeners.get(sessionId);
    if (!set) {
      set = new Set();
      this.listeners.set(sessionId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(sessionId);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Whether a stream listens to this session (the runtime skips the work otherwise). */
  listening(sessionId: string): boolean {
    return this.listeners.has(sessionId);
  }

  publish(delta: LiveDelta): void {
    const set = this.listeners.get(delta.session_id);
    if (!set) return;
    for (const listener of [...set]) listener(delta);
  }
}
