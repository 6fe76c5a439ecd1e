/**
 * A short run of the schema-driven fuzzer over every operation of the spec (the full run, 200
 * requests per operation, is in `npm run test:reliability`).
 */
import { it } from "vitest";
import { fuzzEveryOperation } from "../helpers/spec/fuzzSuite.ts";

it("answers every fuzzed request of every operation in the envelope, as documented, never with a 5xx", async () => {
  await fuzzEveryOperation(Number(process.env.FUZZ_RUNS ?? 10));
}, 240_000);

it("does the same on the /v1 document, in the Anthropic envelope", async () => {
  await fuzzEveryOperation(Number(process.env.FUZZ_RUNS ?? 10), "v1");
}, 240_000);
