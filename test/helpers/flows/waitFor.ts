/** The one `waitFor` (scripts/lib/serverProcess.ts), for tests that need no server helpers. */
export { waitFor } from "../../../scripts/lib/serverProcess.ts";

/**
 * The only fixed wait a test may use: an interval in which it proves that something does NOT happen
 * (a coalesced wake-up not repeated, a cancelled lookup sending nothing more). Every call says why
 * waiting on a condition cannot prove it. Never use it to wait for something to happen: use waitFor.
 */
export function quietPeriod(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
