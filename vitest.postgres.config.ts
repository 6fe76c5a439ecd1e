import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";
import { SLOW_TESTS } from "./vitest.slow.config.ts";

/**
 * `npm run test:postgres`: the `npm test` files again with every server and storage on PostgreSQL
 * (TEST_DATABASE=postgres), less the files whose outcome cannot depend on the database: pure
 * functions, the docs pages in a browser and the code samples' type check, the spec's shape and
 * the SDK against msw.
 */
export const DATABASE_FREE = [
  "test/unit/{errorHandler,fairQueue,periodicLoop,secretBox,workerHealth}.test.ts",
  "test/domain/**",
  "test/docs/docs.browser.test.ts",
  "test/docs/codeSamples.test.ts",
  "test/client/sdk.msw.test.ts",
  "test/contract/specShape.test.ts",
  "test/scheduler/fireTimes.test.ts",
  "test/delivery/policy.test.ts",
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, "test/reliability/**", "test/replicas/**", ...SLOW_TESTS, ...DATABASE_FREE],
      typecheck: { enabled: false },
      // Two workers, not npm test's three: with the PostgreSQL server on the same two cores, three
      // made a session's turns miss a 10 s wait in one clean-clone run (test/client/streams.test.ts).
      maxWorkers: 2,
    },
  }),
);
