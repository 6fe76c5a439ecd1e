/**
 * The Server-Sent Events wire format (HTML Living Standard, "Server-sent events"): a message is
 * `field: value` lines ending with a blank line; a line starting with `:` is a comment.
 */

/** The response headers of every stream. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // Never cached, never transformed; nginx would otherwise buffer the response.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** The heartbeat comment (API.md, Streams). */
export const PING = ": ping\n\n";

/**
 * One message: `id:`, `event:` and `data:` lines and a blank line. `data` must be a single line,
 * which compact JSON always is (JSON.stringify escapes line breaks inside strings), and `id` and
 * `event` are ids and type names, which hold no line breaks.
 */
export function sseMessage(id: string, event: string, data: string): string {
  return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
}
