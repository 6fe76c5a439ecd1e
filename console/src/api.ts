/**
 * The console's one way to the server: the project's own SDK (client/), on the page's origin,
 * with the token the person pasted (kept in sessionStorage: for this tab only, never in a URL).
 */
import { CloudAgentsApiError, type CloudAgentsClient, createCloudAgentsClient } from "../../client/index.ts";

export type { Schemas } from "../../client/index.ts";
export type { CloudAgentsClient };
export { CloudAgentsApiError };

const TOKEN_KEY = "cloud-agents-console-token";

export const storedToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = (): void => sessionStorage.removeItem(TOKEN_KEY);

export function clientFor(token: string): CloudAgentsClient {
  return createCloudAgentsClient({ baseUrl: location.origin, token, maxRetries: 1 });
}

/** The data of a call's result, or the envelope's error thrown (shown by the page that called). */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined || result.error !== undefined) throw CloudAgentsApiError.from(result);
  return result.data;
}

/** A readable line for any error a call ended with. */
export function describeError(err: unknown): string {
  if (err instanceof CloudAgentsApiError) {
    const message = err.envelope?.error.message ?? `HTTP ${err.status}`;
    return `${err.status}: ${message}${err.param ? ` (${err.param})` : ""}${err.requestId ? ` [request ${err.requestId}]` : ""}`;
  }
  return err instanceof Error ? err.message : String(err);
}
