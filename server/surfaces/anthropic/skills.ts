import { type Request, Router } from "express";
import type { Schema } from "../../api.ts";
import type { AppDeps } from "../../appDeps.ts";
import { decodePartFilename, type IncomingFile } from "../../domain/skillPackage.ts";
import * as skills from "../../domain/skills.ts";
import { invalidRequest } from "../../errors.ts";
import { accountOf, pathParam, queryString } from "../../http/context.ts";
import { readMultipartParts, requireDeclaredLength } from "../../http/requestBodies.ts";
import type { AnthropicFamily } from "./family.ts";
import { sdkPage, sdkPageQuery } from "./pagination.ts";

/** Our skill as `BetaSkill`: vendor skills (shipped with the server) are the `anthropic` source. */
function sdkSkill(s: Schema<"Skill">) {
  return {
    ...s,
    display_name: s.display_title,
    latest_version_id: s.latest_version,
    source: { type: s.source === "custom" ? "custom" : "anthropic" },
  };
}

/** Our version as `BetaSkillVersion`: its id is the version (what `latest_version_id` and the paths name). */
function sdkVersion(v: Schema<"SkillVersion">) {
  return {
    id: v.version,
    type: "skill_version" as const,
    skill_id: v.skill_id,
    name: v.name,
    description: v.description,
    created_at: v.created_at,
  };
}

/** The `files` parts of the SDK's multipart upload, each named by its relative path. */
function uploadedFiles(req: Request): IncomingFile[] {
  const parts = (Array.isArray(req.files) ? req.files : []) as {
    fieldname: string;
    originalname: string;
    buffer: Buffer;
  }[];
  return parts.map((part) => {
    if (part.fieldname !== "files" && part.fieldname !== "files[]") {
      throw invalidRequest(
        `Unexpected file part "${part.fieldname.slice(0, 64)}": send every file as "files".`,
        "files",
      );
    }
    return {
      path: decodePartFilename(part.originalname),
      content: new Uint8Array(part.buffer.buffer, part.buffer.byteOffset, part.buffer.byteLength),
    };
  });
}

/**
 * The SDK sends each file under its base name (FormData keeps no folders): files given without a
 * top-level folder are put under one named like the skill (SKILL.md's `name`), as ours expects.
 */
function underOneFolder(files: IncomingFile[]): IncomingFile[] {
  if (files.some((f) => f.path.includes("/"))) return files;
  const manifest = files.find((f) => f.path === "SKILL.md");
  const text = manifest ? new TextDecoder().decode(manifest.content) : "";
  const name = /^name:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]{0,63})/m.exec(text)?.[1] ?? "skill";
  return files.map((f) => ({ ...f, path: `${name}/${f.path}` }));
}

/** Skills (`client.beta.skills`): create from files, list, retrieve, delete; and their versions (`.versions`). */
export const skillsFamily: AnthropicFamily = {
  name: "skills",
  // As on /api/v1/cloud: the same guards, reader and limits (http/requestBodies.ts), and the parts
  // read before the routes, outside their retry while the database is busy (a retried route would
  // read a body that was read already, and wait for it for ever).
  preValidation: (deps: AppDeps) =>
    Router()
      .post("/skills", requireDeclaredLength, readMultipartParts(deps.config.maxUploadBytes))
      .post("/skills/:skill_id/versions", requireDeclaredLength, readMultipartParts(deps.config.maxUploadBytes)),
  router(deps: AppDeps) {
    const r = Router();
    r.post("/skills", async (req, res) => {
      const files = underOneFolder(uploadedFiles(req));
      if (files.length === 0) throw invalidRequest("files: at least one file (SKILL.md) is required.", "files");
      const title = (req.body as Record<string, unknown> | undefined)?.display_name;
      const skill = await skills.createSkill(deps, accountOf(res), {
        files,
        display_title: typeof title === "string" ? title : undefined,
      });
      res.json(sdkSkill(skill));
    });
    r.get("/skills", async (req, res) => {
      const source = queryString(req, "source");
      const page = await skills.listSkills(deps, accountOf(res), {
        page: sdkPageQuery(req, "skill"),
        ...(source !== undefined ? { source: source === "custom" ? "custom" : "vendor" } : {}),
      });
      res.json(await sdkPage(page, sdkSkill));
    });
    r.get("/skills/:skill_id", async (req, res) => {
      res.json(sdkSkill(await skills.getSkill(deps, accountOf(res), pathParam(req, "skill_id"))));
    });
    r.delete("/skills/:skill_id", async (req, res) => {
      res.json(await skills.deleteSkill(deps, accountOf(res), pathParam(req, "skill_id")));
    });

    r.post("/skills/:skill_id/versions", async (req, res) => {
      const files = underOneFolder(uploadedFiles(req));
      if (files.length === 0) throw invalidRequest("files: at least one file (SKILL.md) is required.", "files");
      res.json(sdkVersion(await skills.createVersion(deps, accountOf(res), pathParam(req, "skill_id"), files)));
    });
    r.get("/skills/:skill_id/versions", async (req, res) => {
      const skillId = pathParam(req, "skill_id");
      const page = await skills.listVersions(deps, accountOf(res), skillId, sdkPageQuery(req, "skillver"));
      res.json(await sdkPage(page, sdkVersion));
    });
    r.get("/skills/:skill_id/versions/:version", async (req, res) => {
      const [skillId, version] = [pathParam(req, "skill_id"), pathParam(req, "version")];
      res.json(sdkVersion(await skills.getVersion(deps, accountOf(res), skillId, version)));
    });
    r.delete("/skills/:skill_id/versions/:version", async (req, res) => {
      const [skillId, version] = [pathParam(req, "skill_id"), pathParam(req, "version")];
      const deleted = await skills.deleteVersion(deps, accountOf(res), skillId, version);
      res.json({ id: deleted.version, type: "skill_version_deleted" });
    });
    r.get("/skills/:skill_id/versions/:version/content", async (req, res) => {
      const [skillId, version] = [pathParam(req, "skill_id"), pathParam(req, "version")];
      const { filename, zip } = await skills.versionContent(deps, accountOf(res), skillId, version);
      res.set("Content-Type", "application/zip");
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
