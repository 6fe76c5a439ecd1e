import { Router } from "express";
import type { AppDeps } from "../../appDeps.ts";
import * as files from "../../domain/files.ts";
import { accountOf, pathParam, queryString } from "../../http/context.ts";
import { receivedFile } from "../../http/requestBodies.ts";
import { fileUploadReader, sendFileContent } from "../../routes/files.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";

/** Files (`client.beta.files`): upload, list (with `scope_id`), retrieveMetadata, download, delete. */
export const filesFamily: AnthropicFamily = {
  name: "files",
  // As on /api/v1/cloud: the one `file` part streamed to a temporary file before validation.
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
      const page = await files.listFiles(deps, accountOf(res), {
        page: sdkPageQuery(req, "file"),
        scopeId: queryString(req, "scope_id"),
      });
      res.json({
        ...(await sdkPage(page, (f) => f)),
        has_more: page.has_more,
        first_id: page.first_id,
        last_id: page.last_id,
      });
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
