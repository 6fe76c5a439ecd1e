import type { Schema } from "../api.ts";
import type { AppDeps } from "../appDeps.ts";
import * as memory from "../domain/memoryStores.ts";
import { conflict } from "../errors.ts";
import { API_BASE } from "./apiBase.ts";
import { replaceKeptResponses } from "./idempotency.ts";

/**
 * Redacts a memory version, and with it every copy of its content the service keeps: the
 * Idempotency-Key replay of the create or update that wrote it (kept up to 24 h, sealed) is
 * replaced by a 409 saying so: a retry with that key is neither answered the redacted text nor run
 * again. Both surfaces redact through this.
 */
export async function redactMemoryVersionEverywhere(
  deps: AppDeps,
  accountId: string,
  storeId: string,
  versionId: string,
): Promise<Schema<"MemoryVersion">> {
  const before = await memory.getMemoryVersion(deps, accountId, storeId, versionId);
  const redacted = await memory.redactMemoryVersion(deps, accountId, storeId, versionId);
  const sha = before.content_sha256;
  if (sha !== null) {
    // The create (POST .../memories) and the updates (POST .../memories/{id}) answer the content written.
    const memories = `${API_BASE}/memory_stores/${storeId}/memories`;
    await replaceKeptResponses(
      deps,
      accountId,
      [memories, `${memories}/${before.memory_id}`],
      (body) => {
        const b = body as { id?: unknown; content_sha256?: unknown } | null;
        return typeof b === "object" && b !== null && b.id === before.memory_id && b.content_sha256 === sha;
      },
      conflict(
        `The response of this request held memory content that has since been redacted (version ${versionId}), so it is not replayed. The request was applied: get the memory to see its current state.`,
      ),
    );
  }
  return redacted;
}
