import { defineConfig } from "vitest/config";

/**
 * The files that each take a minute or more on their own (measured alone on 2 cores): they run
 * in `npm run test:slow`, not in `npm test` (vitest.config.ts excludes them).
 */
export const SLOW_TESTS = [
  // The spec-driven fuzzer (thousands of requests) and the generated request validators compared
  // with express-openapi-validator request by request.
  "test/contract/fuzz.test.ts",
  "test/contract/requestValidatorSpec.test.ts",
  // 1,000 open streams on one server process.
  "test/streams/manyStreams.test.ts",
  // The walk-throughs of the README and the docs pages, run as written with real npx and a packed SDK.
  "test/docs/readme.test.ts",
  // The vendor skill's verifiers: a Go build and a Python and a Go process per check.
  "test/delivery/vendorVerifiers.test.ts",
  // The API reference in Chromium: every operation and webhook of the page opened and read, one
  // navigation each (136; ~2 minutes on 2 cores: this page renders a section only when it is shown).
  "test/docs/docs.browser.test.ts",
  // The SDK packed with npm pack and installed into a fresh project, typechecked with tsc.
  "test/client/packedSdk.test.ts",
  // Real server processes SIGKILLed and restarted: a burst across a kill, interrupted runs, and
  // cron fire times missed while the server was down (they wait for real minutes to turn).
  "test/crash/deliveryCrash.test.ts",
  "test/crash/runCrash.test.ts",
  "test/crash/schedulerRestart.test.ts",
  "test/crash/requiresActionCrash.test.ts",
  // A 256 MiB file uploaded and downloaded twice over, its memory sampled after a collection every 100 ms.
  "test/contract/largeFiles.test.ts",
  // Six rounds of two real `npm start` at once in a copy of the project, each after a source change.
  "test/operator/concurrentStarts.test.ts",
];

export default defineConfig({
  test: {
    include: SLOW_TESTS,
    // One PostgreSQL server for the run (with TEST_DATABASE=postgres the servers' databases live on
    // it), and the server built once (its processes run dist/launcher.js).
    globalSetup: ["test/helpers/servers/postgresServer.ts", "test/helpers/servers/serverBundle.ts"],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
