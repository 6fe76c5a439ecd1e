/**
 * The schema-driven fuzzer at full size: at least 200 requests per operation of the bundled
 * document (FUZZ_RUNS), the native one and /v1's, seeded (FUZZ_SEED) and reproducible.
 */
import { it } from "vitest";
import { fuzzEveryOperation } from "../helpers/spec/fuzzSuite.ts";

it("answers every fuzzed request of every operation in the envelope, as documented, never with a 5xx", async () => {
  await fuzzEveryOperation(Number(process.env.FUZZ_RUNS ?? 200));
});

it("does the same on the /v1 document, in the Anthropic envelope", async () => {
  await fuzzEveryOperation(Number(process.env.FUZZ_RUNS ?? 200), "v1");
});
