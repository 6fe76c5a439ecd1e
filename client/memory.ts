/**
 * Memory helpers: a read-modify-write of a memory that never loses a concurrent update. It reads
 * the memory, applies `edit` to its content, and writes the result with the `content_sha256` it
 * read; when another writer changed the memory in between (409 on `content_sha256`) it reads again
 * and re-applies `edit`, up to `maxAttempts` times.
 */
import type { Client } from "openapi-fetch";
import type { components, paths } from "../generated/api.js";
import { CloudAgentsApiError, CloudAgentsError } from "./errors.js";

type Memory = components["schemas"]["Memory"];

export interface EditMemoryOptions {
  /** How many read-edit-write rounds to try before giving up. Default 5. */
  maxAttempts?: number;
}

/**
 * Applies `edit` to a memory's content under the `content_sha256` precondition, retrying on a lost
 * race. Resolves to the memory as written; rejects with CloudAgentsApiError on any other error
 * (or CloudAgentsError after `maxAttempts` lost races).
 *
 * @example
 * await editMemory(client, storeId, memoryId, (text) => `${text}\n- Prefers email.`);
 */
export async function editMemory(
  /** The SDK's client (createCloudAgentsClient), or any openapi-fetch client of the API. */
  client: Client<paths>,
  memoryStoreId: string,
  memoryId: string,
  edit: (content: string) => string,
  options: EditMemoryOptions = {},
): Promise<Memory> {
  const path = { memory_store_id: memoryStoreId, memory_id: memoryId };
  const attempts = options.maxAttempts ?? 5;
  for (let i = 0; i < attempts; i++) {
    const read = await client.GET("/memory_stores/{memory_store_id}/memories/{memory_id}", { params: { path } });
    if (!read.data) throw CloudAgentsApiError.from(read);
    const written = await client.POST("/memory_stores/{memory_store_id}/memories/{memory_id}", {
      params: { path },
      body: { content: edit(read.data.content), content_sha256: read.data.content_sha256 },
    });
    if (written.data) return written.data;
    const error = CloudAgentsApiError.from(written);
    if (error.status !== 409 || error.param !== "content_sha256") throw error;
  }
  throw new CloudAgentsError(`The memory ${memoryId} kept changing: ${attempts} attempts lost the race.`);
}
