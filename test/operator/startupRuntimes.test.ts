/**
 * The start-up line names the model runtimes the configuration enables (an operator reading it
 * knows at once whether `claude-*` or `openai/<model>` agents can run here).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { serverProcess } from "../helpers/servers/server.ts";

it("names the enabled runtimes in the listening line", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cas-runtimes-"));
  const server = await serverProcess({
    env: {
      DATABASE_URL: `sqlite:${join(dir, "db.sqlite")}`,
      CLOUD_AGENTS_BOOTSTRAP_TOKEN: "cat_runtimes_0123456789abcdefghijklmnop",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      ANTHROPIC_API_KEY: "",
    },
  });
  try {
    const line = server
      .stdout()
      .split("\n")
      .find((l) => l.includes("listening on"));
    expect(JSON.parse(line ?? "{}").msg).toMatch(/listening on http:\/\/\S+ \(runtimes: echo, openai\/<model>\)$/);
  } finally {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
