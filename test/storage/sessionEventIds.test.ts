/**
 * A session's history is listed by id and streamed by seq: the two must give one order. Ids are
 * monotonic within one process only; another replica (same millisecond, or a clock ahead) can
 * have written an event whose id sorts after the one this process just made. Such an insert takes
 * the id just after the session's last (storage/shared/sessionState.ts insertSessionEvent).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../server/clock.ts";
import { idAfter, newId } from "../../server/ids.ts";
import type { Storage } from "../../server/storage/port/index.ts";
import { createPostgresStorage } from "../../server/storage/postgres/index.ts";
import { createSqliteStorage } from "../../server/storage/sqlite/index.ts";
import { freshPostgresDatabase } from "../helpers/servers/postgres.ts";
import { requirePostgres } from "../helpers/servers/requires.ts";
import { executeStatement, queryRows } from "../helpers/servers/testDatabase.ts";
import { message, sessionFixtures } from "./sessionFixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "cas-session-ids-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const databases: { name: string; url: () => Promise<string> }[] = [
  { name: "sqlite", url: async () => `sqlite:${join(dir, "db.sqlite")}` },
  ...(requirePostgres() === null ? [{ name: "postgres", url: freshPostgresDatabase }] : []),
];

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID's time part (10 base-32 digits of the milliseconds). */
const ulidTime = (ms: number) =>
  Array.from({ length: 10 }, (_, i) => CROCKFORD[Math.floor(ms / 32 ** (9 - i)) % 32]).join("");

describe("idAfter", () => {
  it("is the next ULID, carried like a base-32 number, with the prefix kept", () => {
    expect(idAfter("sevt_01M995VTPG17RD49VPXTGK3XWZ")).toBe("sevt_01M995VTPG17RD49VPXTGK3XX0");
    expect(idAfter("sevt_01M995VTPG17RD49VPXTGK3ZZZ")).toBe("sevt_01M995VTPG17RD49VPXTGK4000");
    expect(idAfter("sevt_00000000000000000000000000")).toBe("sevt_00000000000000000000000001");
    expect(() => idAfter("sevt_ZZZZZZZZZZZZZZZZZZZZZZZZZZ")).toThrow(RangeError);
    const id = newId("sevt");
    expect(idAfter(id) > id).toBe(true);
  });
});

describe.each(databases)("session event ids on $name", ({ name, url: makeUrl }) => {
  it("an event appended after another replica's event with a later id sorts after it: history order = stream order", async () => {
    const url = await makeUrl();
    const clock = new ManualClock("2026-12-07T12:00:00.000Z");
    const storage: Storage =
      name === "sqlite"
        ? createSqliteStorage({ path: url.slice("sqlite:".length), clock })
        : await createPostgresStorage({ url, clock, poolSize: 2 });
    try {
      const { account, session } = await sessionFixtures(storage);
      const { session: created } = await session();
      const first = await storage.sessions.appendEvents(account, created.id, [message("one")]);
      if (!first.ok) throw new Error(first.reason);
      const firstId = first.events[0]?.id as string;

      // Another replica's event, its id an hour ahead of this process's clock (made by hand:
      // newId would move this process's own monotonic ids ahead too).
      const ahead = `sevt_${ulidTime(Date.now() + 3_600_000)}${"0".repeat(16)}`;
      await executeStatement(
        url,
        `INSERT INTO session_events (id, session_id, session_thread_id, type, body, run_id, created_at)
         SELECT ?, session_id, session_thread_id, type, body, run_id, created_at FROM session_events WHERE id = ?`,
        ahead,
        firstId,
      );

      const later = await storage.sessions.appendEvents(account, created.id, [message("two"), message("three")]);
      if (!later.ok) throw new Error(later.reason);
      const [two, three] = later.events.map((e) => e.id);
      expect(two).toBe(idAfter(ahead));
      expect(three).toBe(idAfter(idAfter(ahead)));

      const bySeq = (
        await queryRows<{ id: string }>(
          url,
          "SELECT id FROM session_events WHERE session_id = ? ORDER BY seq",
          created.id,
        )
      ).map((r) => r.id);
      const listed = await storage.sessions.listEvents(account, created.id, { page: { limit: 100 } });
      expect(listed?.data.map((e) => e.id)).toEqual(bySeq);
      expect(bySeq.slice(-4)).toEqual([firstId, ahead, two, three]);
      // The next event this process makes in the usual way still goes after them.
      const next = await storage.sessions.appendEvents(account, created.id, [message("four")]);
      if (!next.ok) throw new Error(next.reason);
      expect((next.events[0]?.id as string) > (three as string)).toBe(true);
    } finally {
      await storage.close();
    }
  });
});
