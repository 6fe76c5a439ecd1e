/** Vaults and their credentials, shown without any secret (the API never returns one). */
import { type Schemas, unwrap } from "../api.ts";
import { href } from "../router.ts";
import { Age, Loaded, Page, Pager, Table, useAsync, useClient, usePager } from "../ui.tsx";

export function VaultsPage() {
  const client = useClient();
  const pager = usePager();
  const list = useAsync(
    async () =>
      unwrap(
        await client.GET("/vaults", { params: { query: { limit: 20, ...(pager.page ? { page: pager.page } : {}) } } }),
      ),
    [pager.page],
  );
  return (
    <Page title="Vaults">
      <Loaded state={list}>
        {(page) => (
          <>
            <Table<Schemas["Vault"]>
              caption="Vaults"
              rows={page.data}
              columns={[
                { header: "Name", cell: (v) => <a href={href("vaults", v.id)}>{v.display_name}</a> },
                { header: "Id", cell: (v) => <code>{v.id}</code> },
                { header: "Created", cell: (v) => <Age at={v.created_at} /> },
              ]}
            />
            <Pager list={page} pager={pager} />
          </>
        )}
      </Loaded>
    </Page>
  );
}

export function VaultPage({ id }: { id: string }) {
  const client = useClient();
  const vault = useAsync(
    async () => unwrap(await client.GET("/vaults/{vault_id}", { params: { path: { vault_id: id } } })),
    [id],
  );
  const credentials = useAsync(
    async () =>
      unwrap(
        await client.GET("/vaults/{vault_id}/credentials", {
          params: { path: { vault_id: id }, query: { limit: 100 } },
        }),
      ),
    [id],
  );
  return (
    <Page title={vault.data ? `Vault ${vault.data.display_name}` : "Vault"}>
      <Loaded state={credentials}>
        {(page) => (
          <Table<Schemas["VaultCredential"]>
            caption="Credentials"
            rows={page.data}
            empty="No credentials."
            columns={[
              { header: "Name", cell: (c) => c.display_name },
              { header: "Kind", cell: (c) => c.auth.type },
              {
                header: "For",
                cell: (c) => {
                  const auth = c.auth as Record<string, unknown>;
                  return String(auth.mcp_server_url ?? auth.secret_name ?? "");
                },
              },
              { header: "Updated", cell: (c) => <Age at={c.updated_at} /> },
            ]}
          />
        )}
      </Loaded>
    </Page>
  );
}
