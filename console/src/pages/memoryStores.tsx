/** Memory stores: their memories, each memory's versions, and redaction of a version. */
import { useState } from "preact/hooks";
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { ActionButton, Age, bytes, Loaded, Page, Pager, Table, useAsync, useClient, usePager } from "../ui.tsx";

export function MemoryStoresPage() {
  const client = useClient();
  const pager = usePager();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/memory_stores", {
          params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } },
        }),
      ),
    [pager.page],
  );
  return (
    <Page title="Memory stores">
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Schemas["MemoryStore"]>
              caption="Memory stores"
              rows={page.data}
              columns={[
                { header: "Name", cell: (m) => <a href={href("memory_stores", m.id)}>{m.name}</a> },
                { header: "Description", cell: (m) => m.description ?? "" },
                { header: "Updated", cell: (m) => <Age at={m.updated_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

export function MemoryStorePage({ id }: { id: string }) {
  const client = useClient();
  const [memoryId, setMemoryId] = useState<string | null>(null);
  const store = useAsync(
    async () =>
      unwrap(await client.GET("/memory_stores/{memory_store_id}", { params: { path: { memory_store_id: id } } })),
    [id],
  );
  const memories = useAsync(
    async () =>
      unwrap(
        await client.GET("/memory_stores/{memory_store_id}/memories", {
          params: { path: { memory_store_id: id }, query: { limit: 100 } },
        }),
      ),
    [id],
  );
  const memory = useAsync(
    async () =>
      memoryId
        ? unwrap(
            await client.GET("/memory_stores/{memory_store_id}/memories/{memory_id}", {
              params: { path: { memory_store_id: id, memory_id: memoryId } },
            }),
          )
        : null,
    [id, memoryId],
  );
  const versions = useAsync(
    async () =>
      memoryId
        ? unwrap(
            await client.GET("/memory_stores/{memory_store_id}/memory_versions", {
              params: { path: { memory_store_id: id }, query: { memory_id: memoryId, limit: 50 } },
            }),
          )
        : null,
    [id, memoryId],
  );
  return (
    <Page title={store.data ? `Memory store ${store.data.name}` : "Memory store"}>
      <Loaded state={memories}>
        {(page) => (
          <Table<(typeof page.data)[number]>
            caption="Memories"
            rows={page.data}
            empty="No memories."
            columns={[
              {
                header: "Path",
                cell: (m) => (
                  <button type="button" class="link" onClick={() => setMemoryId(m.id)}>
                    {m.path}
                  </button>
                ),
              },
              { header: "Size", cell: (m) => bytes(m.size_bytes) },
              { header: "Updated", cell: (m) => <Age at={m.updated_at} /> },
            ]}
          />
        )}
      </Loaded>
      {memoryId ? (
        <section aria-labelledby="memory-title">
          <Loaded state={memory}>
            {(m) =>
              m && (
                <>
                  <h2 id="memory-title">{m.path}</h2>
                  <pre class="text">{m.content}</pre>
                </>
              )
            }
          </Loaded>
          <h3>Versions</h3>
          <Loaded state={versions}>
            {(page) =>
              page && (
                <Table<(typeof page.data)[number]>
                  caption="Versions"
                  rows={page.data}
                  columns={[
                    { header: "Operation", cell: (v) => v.operation },
                    { header: "When", cell: (v) => <Age at={v.created_at} /> },
                    { header: "Size", cell: (v) => (v.redacted_at ? "(redacted)" : bytes(v.size_bytes)) },
                    {
                      header: "Redact",
                      cell: (v) =>
                        v.redacted_at ? (
                          ""
                        ) : (
                          <ActionButton
                            label="Redact"
                            kind="danger"
                            run={async () =>
                              unwrap(
                                await client.POST(
                                  "/memory_stores/{memory_store_id}/memory_versions/{memory_version_id}/redact",
                                  { params: { path: { memory_store_id: id, memory_version_id: v.id } } },
                                ),
                              )
                            }
                            done={versions.reload}
                          />
                        ),
                    },
                  ]}
                />
              )
            }
          </Loaded>
        </section>
      ) : null}
    </Page>
  );
}
