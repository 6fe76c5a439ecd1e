/**
 * The schema-driven fuzzer at full size: at least 200 requests per operation of the bundled
 * spec (FUZZ_RUNS), seeded (FUZZ_SEED) and reproducible.
 */
import { it } from "vitest";
import { fuzzEveryOperation } from "../helpers/fuzzSuite.ts";

it("answers every fuzzed request of every operation in the envelope, as documented, never with a 5xx", async () => {
  await fuzzEveryOperation(Number(process.env.FUZZ_RUNS ?? 200));
});
