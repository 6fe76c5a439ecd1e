#!/usr/bin/env node
/**
 * Rotate the token of a static_bearer vault credential, reading the new token from standard
 * input so that it never appears in shell history or in the process list. Node 18+.
 *
 *   printf '%s' "$NEW_TOKEN" | API=http://127.0.0.1:8080/api/v1/cloud TOKEN=... \
 *     node rotate-credential.mjs vault_... vcred_...
 *
 * Prints the updated credential (without its secret).
 */
import { readFileSync } from "node:fs";

const API = process.env.API ?? "http://127.0.0.1:8080/api/v1/cloud";
const TOKEN = process.env.TOKEN;
const [vaultId, credentialId] = process.argv.slice(2);

async function call(method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) {
    const e = json.error ?? {};
    throw new Error(`${method} ${path}: ${res.status} ${e.type}: ${e.message} (request ${json.request_id})`);
  }
  return json;
}

async function main() {
  if (!TOKEN || !vaultId || !credentialId) {
    console.error("usage: printf '%s' \"$NEW_TOKEN\" | TOKEN=<api token> node rotate-credential.mjs <vault_id> <credential_id>");
    return 2;
  }
  const secret = readFileSync(0, "utf8").replace(/\r?\n$/, "");
  if (!secret) {
    console.error("no token on standard input");
    return 2;
  }
  const current = await call("GET", `/vaults/${vaultId}/credentials/${credentialId}`);
  if (current.auth?.type !== "static_bearer") {
    console.error(`credential ${credentialId} is ${current.auth?.type}, not static_bearer`);
    return 1;
  }
  const updated = await call("POST", `/vaults/${vaultId}/credentials/${credentialId}`, {
    auth: { type: "static_bearer", mcp_server_url: current.auth.mcp_server_url, token: secret },
    metadata: { rotated_at: new Date().toISOString() },
  });
  console.log(JSON.stringify(updated, null, 2));
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err.message);
    process.exitCode = 1;
  },
);
