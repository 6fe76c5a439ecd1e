import { type Request, Router } from "express";
import type { AppDeps, RouteModule } from "../appDeps.ts";
import { decodePartFilename, type IncomingFile } from "../domain/skillPackage.ts";
import * as skills from "../domain/skills.ts";
import { invalidRequest } from "../errors.ts";
import { accountOf, pageQuery, pathParam, queryString } from "../http/context.ts";
import { requireDeclaredLength } from "../http/requestBodies.ts";
import type { SkillSource } from "../storage/port/skills.ts";

/** The part of a multer file that the routes use (memory storage). */
interface UploadedPart {
  fieldname: string;
  originalname: string;
  buffer: Buffer;
}

/** The file parts of a parsed multipart request, each named by its relative path. */
function uploadedFiles(req: Request): IncomingFile[] {
  const parts = (Array.isArray(req.files) ? req.files : []) as UploadedPart[];
  return parts.map((part) => {
    // `files[]` is what clients that suffix array fields with [] send (see CreateSkillRequest).
    if (part.fieldname !== "files" && part.fieldname !== "files[]") {
      throw invalidRequest(
        `Unexpected file part "${part.fieldname.slice(0, 64)}": send every file as a "files" part.`,
        part.fieldname.slice(0, 64),
      );
    }
    return {
      path: decodePartFilename(part.originalname),
      content: new Uint8Array(part.buffer.buffer, part.buffer.byteOffset, part.buffer.byteLength),
    };
  });
}

function textField(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/** Routes of the Skills tag. */
export const skillRoutes: RouteModule = {
  // An upload that declares a body over the limit is refused by the shared body-limit guard
  // (http/requestGuards.ts) before multer buffers it; one that declares none is refused here.
  preValidation: () =>
    Router().post("/skills", requireDeclaredLength).post("/skills/:skill_id/versions", requireDeclaredLength),

  router(deps: AppDeps) {
    const r = Router();
    r.get("/skills", async (req, res) => {
      const source = queryString(req, "source") as SkillSource | undefined;
      const name = queryString(req, "name");
      const displayTitle = queryString(req, "display_title");
      res.json(
        await skills.listSkills(deps, accountOf(res), {
          page: pageQuery(req, "skill"),
          ...(source !== undefined ? { source } : {}),
          ...(name !== undefined ? { name } : {}),
          ...(displayTitle !== undefined ? { displayTitle } : {}),
        }),
      );
    });
    r.post("/skills", async (req, res) => {
      res.json(
        await skills.createSkill(deps, accountOf(res), {
          files: uploadedFiles(req),
          display_title: textField(req, "display_title"),
          metadata: textField(req, "metadata"),
        }),
      );
    });
    r.get("/skills/:skill_id", async (req, res) => {
      res.json(await skills.getSkill(deps, accountOf(res), pathParam(req, "skill_id")));
    });
    r.delete("/skills/:skill_id", async (req, res) => {
      res.json(await skills.deleteSkill(deps, accountOf(res), pathParam(req, "skill_id")));
    });
    r.get("/skills/:skill_id/versions", async (req, res) => {
      res.json(await skills.listVersions(deps, accountOf(res), pathParam(req, "skill_id"), pageQuery(req, "skillver")));
    });
    r.post("/skills/:skill_id/versions", async (req, res) => {
      res.json(await skills.createVersion(deps, accountOf(res), pathParam(req, "skill_id"), uploadedFiles(req)));
    });
    r.get("/skills/:skill_id/versions/:version", async (req, res) => {
      res.json(await skills.getVersion(deps, accountOf(res), pathParam(req, "skill_id"), pathParam(req, "version")));
    });
    r.delete("/skills/:skill_id/versions/:version", async (req, res) => {
      res.json(await skills.deleteVersion(deps, accountOf(res), pathParam(req, "skill_id"), pathParam(req, "version")));
    });
    r.get("/skills/:skill_id/versions/:version/content", async (req, res) => {
      const { filename, zip } = await skills.versionContent(
        deps,
        accountOf(res),
        pathParam(req, "skill_id"),
        pathParam(req, "version"),
      );
      res.set("Content-Type", "application/zip");
      // An ASCII fallback name plus the exact UTF-8 one (RFC 6266).
      const ascii = filename.replace(/[^A-Za-z0-9._-]/g, "_");
      res.set(
        "Content-Disposition",
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      );
      res.send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    });
    return r;
  },
};
