import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability`: the long runs, one file at a time (they measure, or kill
 * processes): the full fuzzer, the mixed-load run, the crash drill and the receiver fault matrix.
 */
export default defineConfig({
  test: {
    include: ["test/reliability/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    // The server built once (its processes run dist/launcher.js).
    globalSetup: ["test/helpers/servers/serverBundle.ts"],
  },
});
