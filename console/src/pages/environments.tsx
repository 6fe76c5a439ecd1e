/** Environments: where sessions run (cloud containers or self-hosted workers), with their configuration. */
import { type Schemas, unwrap } from "../api.ts";
import { Age, Json, Loaded, Page, Pager, Table, useAsync, useClient, usePager } from "../ui.tsx";

export function EnvironmentsPage() {
  const client = useClient();
  const pager = usePager();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/environments", {
          params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } },
        }),
      ),
    [pager.page],
  );
  return (
    <Page title="Environments">
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Schemas["Environment"]>
              caption="Environments"
              rows={page.data}
              columns={[
                { header: "Name", cell: (e) => e.name },
                { header: "Id", cell: (e) => <code>{e.id}</code> },
                { header: "Kind", cell: (e) => String((e.config as { type?: string }).type ?? "cloud") },
                { header: "Configuration", cell: (e) => <Json label="Configuration" value={e.config} /> },
                { header: "Created", cell: (e) => <Age at={e.created_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}
