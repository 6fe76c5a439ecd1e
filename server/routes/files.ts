import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Request, type Response, Router } from "express";
import type { Schema } from "../api.ts";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import * as files from "../domain/files.ts";
import { accountOf, pageQuery, pathParam, queryString } from "../http/context.ts";
import { receivedFile, receiveFileUpload } from "../http/requestBodies.ts";

/** Where uploads wait, as temporary files, between the request and the blob store. */
export const uploadFolder = (deps: AppDeps) => join(deps.config.dataDir, "uploads");

/** The reader of a file upload: the part streamed to a temporary file, within the account's room (http/requestBodies.ts). */
export function fileUploadReader(deps: AppDeps) {
  return receiveFileUpload(uploadFolder(deps), (_req: Request, res: Response) =>
    files.uploadLimit(deps, accountOf(res)),
  );
}

/** Sends a file's bytes as they are read from the blob store (both surfaces). */
export async function sendFileContent(
  res: Response,
  content: { file: Schema<"File">; stream: NodeJS.ReadableStream },
): Promise<void> {
  const { file, stream } = content;
  res.attachment(file.filename);
  res.type(file.mime_type);
  res.set("Content-Length", String(file.size_bytes));
  res.set("X-Content-Type-Options", "nosniff");
  try {
    await pipeline(stream, res);
  } catch (err) {
    // The client went away, or the bytes could not be read: the answer is cut (its length says so).
    if (!res.headersSent) throw err;
    res.destroy();
  }
}

/** Routes of the Files tag: upload (multipart, streamed), list, metadata, download, delete. */
export const fileRoutes: RouteModule = {
  // The parts are read before validation, streamed to disk (never into memory), so that the
  // validator and the busy retry around the route never read the body again.
  preValidation: (deps: AppDeps) => Router().post("/files", fileUploadReader(deps)),

  router(deps: AppDeps) {
    const r = Router();
    r.post("/files", async (req, res) => {
      const fields = (req.body ?? {}) as Record<string, unknown>;
      res.json(
        await files.uploadFile(deps, accountOf(res), receivedFile(req), {
          expiresInSeconds: files.expiresInSeconds(fields.expires_in_seconds),
        }),
      );
    });
    r.get("/files", async (req, res) => {
      res.json(
        await files.listFiles(deps, accountOf(res), {
          page: pageQuery(req, "file"),
          scopeId: queryString(req, "scope_id"),
        }),
      );
    });
    r.get("/files/:file_id", async (req, res) => {
      res.json(await files.getFile(deps, accountOf(res), pathParam(req, "file_id")));
    });
    r.delete("/files/:file_id", async (req, res) => {
      res.json(await files.deleteFile(deps, accountOf(res), pathParam(req, "file_id")));
    });
    r.get("/files/:file_id/content", async (req, res) => {
      await sendFileContent(res, await files.openFileContent(deps, accountOf(res), pathParam(req, "file_id")));
    });
    return r;
  },
};
