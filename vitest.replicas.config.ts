import { defineConfig } from "vitest/config";

/**
 * `npm run test:replicas`: the multi-replica drills (two real server processes on one database,
 * one SIGKILLed mid-burst; SQLite and PostgreSQL), one file at a time: each runs about three minutes of real time.
 */
export default defineConfig({
  test: {
    include: ["test/replicas/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // One PostgreSQL server for the run (the PostgreSQL drill's database lives on it), and the
    // server built once (its processes run dist/launcher.js).
    globalSetup: ["test/helpers/servers/postgresServer.ts", "test/helpers/servers/serverBundle.ts"],
  },
});
