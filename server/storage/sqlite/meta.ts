import type { MetaStore } from "../port/meta.ts";
import type { SqliteContext } from "./context.ts";

export function createMetaStore(ctx: SqliteContext): MetaStore {
  const get = ctx.db.prepare("SELECT value FROM service_meta WHERE key = ?");
  const insert = ctx.db.prepare("INSERT INTO service_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING");
  const upsert = ctx.db.prepare(
    "INSERT INTO service_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  return {
    get(key) {
      return (get.get(key) as { value: string } | undefined)?.value ?? null;
    },
    setIfAbsent(key, value) {
      return ctx.tx(() => {
        insert.run(key, value);
        return (get.get(key) as { value: string }).value;
      });
    },
    set(key, value) {
      upsert.run(key, value);
    },
  };
}
