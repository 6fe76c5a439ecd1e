import { configDefaults, defineConfig } from "vitest/config";
import { SLOW_TESTS } from "./vitest.slow.config.ts";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The long runs have their own commands: npm run test:reliability, test:replicas and test:slow
    // (vitest.reliability.config.ts, vitest.replicas.config.ts, vitest.slow.config.ts).
    exclude: [...configDefaults.exclude, "test/reliability/**", "test/replicas/**", ...SLOW_TESTS],
    // One PostgreSQL server for the run (the storage contract suite's PostgreSQL side).
    globalSetup: ["test/helpers/postgresServer.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
