/**
 * A session's files: its workspace (`/workspace`) folder by folder, each file downloadable, an
 * upload into the folder shown; and its outputs (the files collected from /mnt/session/outputs).
 * Bytes come through the API with the token (never a link holding it) and are saved from a Blob.
 */
import { useState } from "preact/hooks";
import { downloadFile } from "../../../client/index.ts";
import { type Schemas, unwrap } from "../api.ts";
import { Age, bytes, ErrorNote, Loaded, saveBlob, Table, useAsync, useClient } from "../ui.tsx";

type Entry = Schemas["SessionFile"];

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** `turns`: the turns ended so far (the workspace and the outputs are read again after each). */
export function SessionFiles({ sessionId, turns }: { sessionId: string; turns: number }) {
  const client = useClient();
  const [folder, setFolder] = useState("");
  const [error, setError] = useState<unknown>(undefined);
  const listing = useAsync(
    async () =>
      unwrap(
        await client.GET("/sessions/{session_id}/files", {
          params: { path: { session_id: sessionId }, query: folder ? { path: folder } : {} },
        }),
      ),
    [sessionId, folder, turns],
  );
  const outputs = useAsync(
    async () => unwrap(await client.GET("/files", { params: { query: { scope_id: sessionId, limit: 100 } } })),
    [sessionId, turns],
  );
  const full = (entry: Entry) => (folder ? `${folder}/${baseName(entry.path)}` : entry.path);
  const download = async (path: string) => {
    setError(undefined);
    try {
      const result = await client.GET("/sessions/{session_id}/files/content", {
        params: { path: { session_id: sessionId }, query: { path } },
        parseAs: "blob",
      });
      saveBlob(unwrap(result) as Blob, baseName(path));
    } catch (err) {
      setError(err);
    }
  };
  const upload = async (file: File) => {
    setError(undefined);
    try {
      const path = folder ? `${folder}/${file.name}` : file.name;
      unwrap(
        await client.PUT("/sessions/{session_id}/files/content", {
          params: { path: { session_id: sessionId }, query: { path } },
          body: file as unknown as string,
          bodySerializer: (body) => body as unknown as Blob,
          headers: { "Content-Type": "application/octet-stream" },
        }),
      );
      listing.reload();
    } catch (err) {
      setError(err);
    }
  };
  const parts = folder ? folder.split("/") : [];
  return (
    <section aria-labelledby="files-title">
      <h2 id="files-title">Workspace</h2>
      <nav aria-label="Folder" class="crumbs">
        <button type="button" class="link" onClick={() => setFolder("")}>
          /workspace
        </button>
        {parts.map((part, i) => (
          <span key={parts.slice(0, i + 1).join("/")}>
            {" / "}
            <button type="button" class="link" onClick={() => setFolder(parts.slice(0, i + 1).join("/"))}>
              {part}
            </button>
          </span>
        ))}
      </nav>
      <ErrorNote error={error} />
      <Loaded state={listing}>
        {(list) => (
          <Table<Entry>
            caption="Files of the folder"
            rows={list.data}
            empty="This folder is empty."
            columns={[
              {
                header: "Name",
                cell: (e) =>
                  e.type === "directory" ? (
                    <button type="button" class="link" onClick={() => setFolder(full(e))}>
                      {baseName(e.path)}/
                    </button>
                  ) : (
                    <button
                      type="button"
                      class="link"
                      aria-label={`Download ${baseName(e.path)}`}
                      onClick={() => void download(full(e))}
                    >
                      {baseName(e.path)}
                    </button>
                  ),
              },
              { header: "Size", cell: (e) => (e.type === "directory" ? "" : bytes(e.size_bytes)) },
              { header: "Modified", cell: (e) => <Age at={e.modified_at} /> },
            ]}
          />
        )}
      </Loaded>
      <label class="upload">
        Upload into this folder
        <input
          type="file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload(file);
            e.currentTarget.value = "";
          }}
        />
      </label>
      <h2 id="outputs-title">Outputs</h2>
      <Loaded state={outputs}>
        {(list) => (
          <Table<Schemas["File"]>
            caption="Outputs"
            rows={list.data}
            empty="No outputs collected yet."
            columns={[
              {
                header: "File",
                cell: (f) =>
                  f.downloadable ? (
                    <button
                      type="button"
                      class="link"
                      aria-label={`Download output ${f.filename}`}
                      onClick={() =>
                        void downloadFile(client, f.id)
                          .then((res) => res.blob())
                          .then((blob) => saveBlob(blob, baseName(f.filename)))
                          .catch(setError)
                      }
                    >
                      {f.filename}
                    </button>
                  ) : (
                    `${f.filename} (expired)`
                  ),
              },
              { header: "Size", cell: (f) => bytes(f.size_bytes) },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
