import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The long runs have their own command: npm run test:reliability (vitest.reliability.config.ts).
    exclude: [...configDefaults.exclude, "test/reliability/**", "test/replicas/**"],
    // One PostgreSQL server for the run (the storage contract suite's PostgreSQL side).
    globalSetup: ["test/helpers/postgresServer.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: 2,
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
