import { randomFillSync } from "node:crypto";

/** Crockford base32, the ULID alphabet (no I, L, O, U). */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ULID_PATTERN = "[0-9A-HJKMNP-TV-Z]{26}";

/** Every id prefix the service issues (see API.md, Conventions). */
export type IdPrefix =
  | "req"
  | "acct"
  | "tok"
  | "skill"
  | "skillver"
  | "vault"
  | "vcred"
  | "memstore"
  | "mem"
  | "memver"
  | "agent"
  | "env"
  | "sess"
  | "sthr"
  | "sevt"
  | "run"
  | "dep"
  | "drun"
  | "wep"
  | "evt"
  | "whev"
  | "file"
  | "sres"
  | "envkey"
  | "work"
  | "outc"
  | "drm";

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * Random bytes drawn from the OS 4 KiB at a time (a request makes several ids; one
 * `randomBytes(16)` call per id was a couple of per cent of a request's CPU).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function random16(): Buffer {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}

function encodeTime(time: number): string {
  let out = "";
  let t = time;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

/**
 * A monotonic ULID: ids made in the same millisecond still sort in creation order,
 * which keyset pagination ("newest first" = id descending) relies on.
 */
export function ulid(now: number = Date.now()): string {
  if (now <= lastTime) {
    // Same (or earlier: clock stepped back) millisecond: increment the random part.
    let i = lastRandom.length - 1;
    while (i >= 0) {
      const digit = lastRandom[i] ?? 0;
      if (digit < 31) {
        lastRandom[i] = digit + 1;
        break;
      }
      lastRandom[i] = 0;
      i--;
    }
    now = lastTime;
  } else {
    const bytes = random16();
    lastRandom = Array.from({ length: 16 }, (_, k) => (bytes[k] ?? 0) % 32);
    // Keep headroom so that increments within one millisecond never overflow.
    lastRandom[0] = (lastRandom[0] ?? 0) % 16;
    lastTime = now;
  }
  return encodeTime(now) + lastRandom.map((d) => ALPHABET[d]).join("");
}

/**
 * The smallest id above `id` (its ULID plus one, carried like a base-32 number): for a record that
 * must sort after one another process made in the same millisecond, or with a clock ahead of ours.
 */
export function idAfter(id: string): string {
  const cut = id.lastIndexOf("_") + 1;
  const digits = [...id.slice(cut)];
  for (let i = digits.length - 1; i >= 0; i--) {
    const value = ALPHABET.indexOf(digits[i] as string);
    if (value < 31) {
      digits[i] = ALPHABET[value + 1] as string;
      return id.slice(0, cut) + digits.join("");
    }
    digits[i] = "0";
  }
  throw new RangeError(`no id sorts after ${id}`);
}

/** A new id of the given kind: `<prefix>_<ULID>`. */
export function newId(prefix: IdPrefix, now?: number): string {
  return `${prefix}_${ulid(now)}`;
}

const patterns = new Map<string, RegExp>();

/** Whether `value` is a well-formed id of the given kind. */
export function isId(prefix: IdPrefix, value: string): boolean {
  let re = patterns.get(prefix);
  if (!re) {
    re = new RegExp(`^${prefix}_${ULID_PATTERN}$`);
    patterns.set(prefix, re);
  }
  return re.test(value);
}
