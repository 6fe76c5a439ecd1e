/** The console's entry: the token gate, the navigation and the page of the current route. */
import "./console.css";
import { render } from "preact";
import { useMemo, useState } from "preact/hooks";
import { clientFor, forgetToken, storedToken } from "./api.ts";
import { AgentPage, AgentsPage } from "./pages/agents.tsx";
import { DeploymentPage, DeploymentsPage } from "./pages/deployments.tsx";
import { EnvironmentsPage } from "./pages/environments.tsx";
import { Login } from "./pages/login.tsx";
import { MemoryStorePage, MemoryStoresPage } from "./pages/memoryStores.tsx";
import { SessionPage } from "./pages/session.tsx";
import { SessionsPage } from "./pages/sessions.tsx";
import { SkillPage, SkillsPage } from "./pages/skills.tsx";
import { VaultPage, VaultsPage } from "./pages/vaults.tsx";
import { WebhookEndpointPage, WebhooksPage } from "./pages/webhooks.tsx";
import { href, useRoute } from "./router.ts";
import { ClientContext } from "./ui.tsx";

const SECTIONS: [string, string][] = [
  ["sessions", "Sessions"],
  ["agents", "Agents"],
  ["environments", "Environments"],
  ["vaults", "Vaults"],
  ["memory_stores", "Memory stores"],
  ["skills", "Skills"],
  ["deployments", "Deployments"],
  ["webhooks", "Webhooks"],
];

function Routed({ route }: { route: string[] }) {
  const [section = "sessions", id] = route;
  switch (section) {
    case "sessions":
      return id ? <SessionPage id={id} /> : <SessionsPage />;
    case "agents":
      return id ? <AgentPage id={id} /> : <AgentsPage />;
    case "environments":
      return <EnvironmentsPage />;
    case "vaults":
      return id ? <VaultPage id={id} /> : <VaultsPage />;
    case "memory_stores":
      return id ? <MemoryStorePage id={id} /> : <MemoryStoresPage />;
    case "skills":
      return id ? <SkillPage id={id} /> : <SkillsPage />;
    case "deployments":
      return id ? <DeploymentPage id={id} /> : <DeploymentsPage />;
    case "webhooks":
      return id ? <WebhookEndpointPage id={id} /> : <WebhooksPage />;
    default:
      return (
        <section class="page">
          <h1>Not found</h1>
          <p>
            There is no page here. <a href={href("sessions")}>Go to the sessions</a>.
          </p>
        </section>
      );
  }
}

function App() {
  const [token, setToken] = useState(storedToken);
  const client = useMemo(() => (token ? clientFor(token) : null), [token]);
  const route = useRoute();
  if (!client) return <Login onToken={setToken} />;
  const current = route[0] ?? "sessions";
  return (
    <ClientContext.Provider value={client}>
      <a class="skip" href="#main">
        Skip to the page
      </a>
      <header class="top">
        <span class="brand">Cloud Agents</span>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map(([key, label]) => (
              <li key={key}>
                <a href={href(key)} aria-current={current === key ? "page" : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          class="logout"
          onClick={() => {
            forgetToken();
            setToken(null);
          }}
        >
          Log out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Routed route={route} />
      </main>
    </ClientContext.Provider>
  );
}

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
