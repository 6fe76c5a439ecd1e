import type { Async } from "../port/index.ts";
import type { MetaStore } from "../port/meta.ts";
import type { PgContext } from "./context.ts";

/** Service-wide facts; the same behaviour as the SQLite adapter's (sqlite/meta.ts). */
export function createMetaStore(ctx: PgContext): Async<MetaStore> {
  const get = async (c: PgContext, key: string) =>
    (await c.one<{ value: string }>("SELECT value FROM service_meta WHERE key = $1", [key]))?.value ?? null;
  return {
    get(key) {
      return get(ctx, key);
    },
    setIfAbsent(key, value) {
      return ctx.tx(async (tx) => {
        // A replica that loses the race waits for the winner's commit, then reads its value.
        await tx.exec("INSERT INTO service_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
          key,
          value,
        ]);
        return (await get(tx, key)) as string;
      });
    },
    async set(key, value) {
      await ctx.exec(
        "INSERT INTO service_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [key, value],
      );
    },
  };
}
