/** Skills: the list, an upload (a folder or a zip: a new skill), and a skill's versions with their download. */
import { unzipSync } from "fflate";
import { useState } from "preact/hooks";
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { Age, ErrorNote, Loaded, Page, Pager, saveBlob, Table, useAsync, useClient, usePager } from "../ui.tsx";

export function SkillsPage() {
  const client = useClient();
  const pager = usePager();
  const [error, setError] = useState<unknown>(undefined);
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/skills", { params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } } }),
      ),
    [pager.page],
  );
  /** Sends the files as the multipart body `POST /skills` takes: one `files` part per file, named by its path. */
  const send = async (parts: [Blob, string][]) => {
    setError(undefined);
    const form = new FormData();
    for (const [blob, path] of parts) form.append("files", blob, path);
    try {
      unwrap(
        await client.POST("/skills", {
          body: form as unknown as Schemas["CreateSkillRequest"],
          bodySerializer: (body) => body as unknown as FormData,
        }),
      );
      list.reload();
    } catch (err) {
      setError(err);
    }
  };
  const uploadFolder = (files: FileList) =>
    send(Array.from(files).map((file) => [file, file.webkitRelativePath || file.name]));
  /** A zip holds the folder: its entries become the files (the folders' own entries skipped). */
  const uploadZip = async (zip: File) => {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    } catch (err) {
      setError(new Error(`Not a zip archive: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    await send(
      Object.entries(entries)
        .filter(([path]) => !path.endsWith("/"))
        .map(([path, bytes]) => [new Blob([bytes as Uint8Array<ArrayBuffer>]), path]),
    );
  };
  return (
    <Page title="Skills">
      <label class="upload">
        Upload a skill folder (holding SKILL.md)
        <input
          type="file"
          multiple
          // @ts-expect-error: not in Preact's types, a standard attribute of Chromium, Firefox and Safari
          webkitdirectory={true}
          onChange={(e) => {
            const files = e.currentTarget.files;
            if (files && files.length > 0) void uploadFolder(files);
          }}
        />
      </label>
      <label class="upload">
        Or a zip of that folder
        <input
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void uploadZip(file);
            e.currentTarget.value = "";
          }}
        />
      </label>
      <ErrorNote error={error} />
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Schemas["Skill"]>
              caption="Skills"
              rows={page.data}
              columns={[
                { header: "Title", cell: (s) => <a href={href("skills", s.id)}>{s.display_title}</a> },
                { header: "Name", cell: (s) => s.name },
                { header: "Source", cell: (s) => s.source },
                { header: "Latest version", cell: (s) => s.latest_version },
                { header: "Updated", cell: (s) => <Age at={s.updated_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

export function SkillPage({ id }: { id: string }) {
  const client = useClient();
  const [error, setError] = useState<unknown>(undefined);
  const skill = useAsync(
    async () => unwrap(await client.GET("/skills/{skill_id}", { params: { path: { skill_id: id } } })),
    [id],
  );
  const versions = useAsync(
    async () =>
      unwrap(
        await client.GET("/skills/{skill_id}/versions", { params: { path: { skill_id: id }, query: { limit: 50 } } }),
      ),
    [id],
  );
  return (
    <Page title={skill.data ? `Skill ${skill.data.display_title}` : "Skill"}>
      {skill.data ? <p>{skill.data.description}</p> : null}
      <ErrorNote error={error} />
      <Loaded state={versions}>
        {(page) => (
          <Table<Schemas["SkillVersion"]>
            caption="Versions"
            rows={page.data}
            columns={[
              { header: "Version", cell: (v) => v.version },
              { header: "Folder", cell: (v) => v.directory },
              { header: "Created", cell: (v) => <Age at={v.created_at} /> },
              {
                header: "Download",
                cell: (v) => (
                  <button
                    type="button"
                    aria-label={`Download version ${v.version}`}
                    onClick={() =>
                      void client
                        .GET("/skills/{skill_id}/versions/{version}/content", {
                          params: { path: { skill_id: id, version: v.version } },
                          parseAs: "blob",
                        })
                        .then((result) => saveBlob(unwrap(result) as Blob, `${v.directory || v.name}-${v.version}.zip`))
                        .catch(setError)
                    }
                  >
                    Download
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </Page>
  );
}
