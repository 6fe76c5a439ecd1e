/** server/storage/sqlite/statements.ts: one prepared statement per SQL text and connection, at most MAX_STATEMENTS kept. */
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { MAX_STATEMENTS, preparedStatement } from "../../server/storage/sqlite/statements.ts";

it("prepares a statement once per connection, renders only on a miss, and drops the oldest past the bound", () => {
  const a = new Database(":memory:");
  const b = new Database(":memory:");
  let renders = 0;
  const render = () => {
    renders++;
    return "SELECT 1 AS one";
  };
  const first = preparedStatement(a, "one", render);
  expect(preparedStatement(a, "one", render)).toBe(first);
  expect(renders).toBe(1);
  expect(first.get()).toEqual({ one: 1 });
  expect(preparedStatement(b, "one", render)).not.toBe(first);
  expect(renders).toBe(2);
  for (let i = 0; i < MAX_STATEMENTS; i++) preparedStatement(a, `SELECT ${i} AS n`);
  // "one" was the oldest of MAX_STATEMENTS + 1: prepared again; the newest is still kept.
  expect(preparedStatement(a, "one", render)).not.toBe(first);
  expect(renders).toBe(3);
  const newest = `SELECT ${MAX_STATEMENTS - 1} AS n`;
  expect(preparedStatement(a, newest)).toBe(preparedStatement(a, newest));
  a.close();
  b.close();
});
