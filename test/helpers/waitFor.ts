/** The one `waitFor` (scripts/lib/serverProcess.ts), for tests that need no server helpers. */
export { waitFor } from "../../scripts/lib/serverProcess.ts";
