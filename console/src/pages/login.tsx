/** The token gate: the token is checked with one API call, then kept for this tab (sessionStorage). */
import { useState } from "preact/hooks";
import { clientFor, describeError, storeToken, unwrap } from "../api.ts";

export function Login({ onToken }: { onToken: (token: string) => void }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main id="main" class="login">
      <h1>Cloud Agents console</h1>
      <p>
        Paste an API token (<code>cloud-agents token create</code> makes one). It is kept for this tab only and sent to
        this server alone.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const value = token.trim();
          if (!value) return;
          setBusy(true);
          setError(null);
          clientFor(value)
            .GET("/sessions", { params: { query: { limit: 1 } } })
            .then((result) => {
              unwrap(result);
              storeToken(value);
              onToken(value);
            })
            .catch((err: unknown) => {
              setBusy(false);
              setError(describeError(err));
            });
        }}
      >
        <label for="token">API token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          required
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy}>
          Log in
        </button>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}
