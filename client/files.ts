/**
 * File helpers: an upload as the multipart body `POST /files` takes (one `file` part), and a
 * download as the raw Response (its body a stream, never read whole here). Every other files and
 * session-resources operation is a typed call of the client itself (`client.GET("/files")`,
 * `client.POST("/sessions/{session_id}/resources", ...)`).
 */
import type { Client } from "openapi-fetch";
import type { components, paths } from "../generated/api.js";
import { CloudAgentsApiError } from "./errors.js";

type FileObject = components["schemas"]["File"];

export interface UploadFileOptions {
  /** The file's name (its last path component is kept). Default: the Blob's own name, else `unnamed`. */
  filename?: string;
  /** Seconds until its bytes stop being downloadable, 3600 to 7776000. */
  expiresInSeconds?: number;
  /** An `Idempotency-Key` for the upload (the client's retries reuse one anyway). */
  idempotencyKey?: string;
}

/**
 * Uploads a file (a Blob or File: its `type` becomes the file's `mime_type`). Resolves to the file;
 * rejects with CloudAgentsApiError when the server refuses it (413 over FILES_MAX_BYTES or the
 * account's FILES_ACCOUNT_MAX_BYTES).
 *
 * @example
 * const file = await uploadFile(client, new Blob(["a,b\n1,2\n"], { type: "text/csv" }), { filename: "data.csv" });
 */
export async function uploadFile(
  client: Client<paths>,
  file: Blob,
  options: UploadFileOptions = {},
): Promise<FileObject> {
  const form = new FormData();
  const name = options.filename ?? ((file as { name?: unknown }).name as string | undefined) ?? "unnamed";
  form.append("file", file, name || "unnamed");
  if (options.expiresInSeconds !== undefined) form.append("expires_in_seconds", String(options.expiresInSeconds));
  const result = await client.POST("/files", {
    body: form as unknown as { file: string },
    bodySerializer: (body) => body as unknown as FormData,
    ...(options.idempotencyKey ? { params: { header: { "Idempotency-Key": options.idempotencyKey } } } : {}),
  });
  if (!result.data) throw CloudAgentsApiError.from(result);
  return result.data;
}

/**
 * Downloads a file's bytes: resolves to the Response, whose body streams them (`await
 * res.arrayBuffer()`, or `Readable.fromWeb(res.body)` for a large one). Rejects with
 * CloudAgentsApiError when the file does not exist or expired.
 *
 * @example
 * const res = await downloadFile(client, fileId);
 * await pipeline(Readable.fromWeb(res.body), createWriteStream("report.pdf"));
 */
export async function downloadFile(client: Client<paths>, fileId: string): Promise<Response> {
  const result = await client.GET("/files/{file_id}/content", {
    params: { path: { file_id: fileId } },
    parseAs: "stream",
  });
  if (result.error !== undefined || !result.response.ok) throw CloudAgentsApiError.from(result);
  return result.response;
}
