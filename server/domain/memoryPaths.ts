/**
 * Memory paths (the MemoryPath schema): one normal form for storage and comparison on both
 * surfaces and in the memory mounts, and the characters and lengths no path may have.
 */
import { invalidRequest } from "../errors.ts";

/** The longest segment of a memory path, in UTF-8 bytes: a file name's limit (NAME_MAX) once mounted. */
export const MEMORY_SEGMENT_MAX_BYTES = 255;

/**
 * Characters a path may not hold: control characters and `\`, and the format characters (Cf:
 * bidi overrides and isolates such as U+202E, zero-width spaces and joiners, the BOM) that make
 * one name look like another under /mnt/memory/.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const REFUSED = /[\u0000-\u001f\u007f-\u009f\\]|\p{Cf}/u;
/** A surrogate on its own (in `u` mode a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;
const shown = (text: string) => JSON.stringify(text.slice(0, 80).replace(/\p{Cs}/gu, "\ufffd"));

/**
 * A memory path as it is stored and compared: in Unicode NFC (so `café` typed either way is one
 * memory); refuses one that is not a clean relative file path (see the MemoryPath schema), holds a
 * lone surrogate (text the client did not mean to send) or a segment no file system can name.
 */
export function memoryPath(path: string, param = "path"): string {
  const fail = (why: string) => invalidRequest(`${param} ${why}, got ${shown(path)}.`, param);
  if (LONE_SURROGATE.test(path)) throw fail("must be valid Unicode (it holds a lone surrogate)");
  const found = REFUSED.exec(path)?.[0];
  if (found !== undefined) {
    const code = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
    throw fail(`must not contain control characters, backslashes, bidi controls or zero-width characters (${code})`);
  }
  if (path.startsWith("/")) throw fail("must be relative (no leading /)");
  const normal = path.normalize("NFC");
  for (const segment of normal.split("/")) {
    if (segment === "") throw fail("must not have empty segments (// or a trailing /)");
    if (segment === "." || segment === "..") throw fail("must not have . or .. segments");
    if (Buffer.byteLength(segment, "utf8") > MEMORY_SEGMENT_MAX_BYTES) {
      throw fail(`must not have a segment over ${MEMORY_SEGMENT_MAX_BYTES} bytes of UTF-8 (a file name's limit)`);
    }
  }
  return normal;
}

/** A `path_prefix` as paths are stored (NFC), so that it finds what it names typed either way. */
export function memoryPathPrefix(prefix: string | undefined): string | undefined {
  return prefix === undefined || LONE_SURROGATE.test(prefix) ? prefix : prefix.normalize("NFC");
}
