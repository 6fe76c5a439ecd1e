import { configDefaults, defineConfig } from "vitest/config";
import { SLOW_TESTS } from "./vitest.slow.config.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The long runs have their own commands: npm run test:reliability, test:replicas and test:slow
    // (vitest.reliability.config.ts, vitest.replicas.config.ts, vitest.slow.config.ts).
    exclude: [...configDefaults.exclude, "test/reliability/**", "test/replicas/**", ...SLOW_TESTS],
    // One PostgreSQL server for the run (the storage contract suite's PostgreSQL side), and the
    // server built once (the tests that start it as a process run dist/launcher.js).
    globalSetup: ["test/helpers/servers/postgresServer.ts", "test/helpers/servers/serverBundle.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Three workers on two cores: most files wait on servers, processes and timers (the whole run
    // used 42% of the two cores with two workers, 339 s; 206 s with three, every test passing).
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph: each file starts its own
    // server (fresh database, own port) and restores what it changes, and loading the server's
    // modules once per worker instead of once per file took import time from 128 s to 24 s.
    isolate: false,
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
