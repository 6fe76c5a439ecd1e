/**
 * The length of a text in Unicode code points. Every "at most N characters" rule counts this way,
 * as JSON Schema's `maxLength` does (so the request validator and the code agree): an emoji is
 * one character, not two UTF-16 units.
 */
export function charLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Shortens text for storage or display to at most `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (charLength(text) <= max) return text;
  return `${Array.from(text)
    .slice(0, max - 1)
    .join("")}…`;
}
