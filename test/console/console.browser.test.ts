/**
 * The web console at /console, in a real browser (Debian's chromium driven by playwright-core),
 * against the real service in-process (real sandbox, real SQLite or PostgreSQL, a real webhook
 * receiver on loopback) whose model is the scripted fake (test/helpers/fakes/loopbackModel.ts):
 * log in with a token, start a session of an agent whose `bash` is `always_ask`, see the call
 * arrive live, Allow it, see the output and the reply without a reload; answer a custom tool
 * through the form made from its input_schema; interrupt a long turn; download a file the agent
 * wrote; see a failed webhook delivery and retry it. Agent and tool text holding HTML renders as
 * text; no request leaves the origin; every page passes axe-core without a serious or critical
 * violation. Screenshots of each step, at 1280 and 390 px wide, go to artifacts/console/.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackModel, loopbackModel } from "../helpers/fakes/loopbackModel.ts";
import { type Receiver, startReceiver } from "../helpers/fakes/receiver.ts";
import { createDeployment } from "../helpers/flows/deployments.ts";
import { createAgent, createEnvironment, createSession } from "../helpers/flows/lifecycle.ts";
import { requireProgram, requireSandboxPrograms } from "../helpers/servers/requires.ts";
import { inProcess, ROOT, type TestServer } from "../helpers/servers/server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Debian's chromium, or CHROMIUM_PATH, and the sandbox's programs (skips without them, one line, unless CI=true).
const skip = [requireProgram(CHROMIUM, "chromium"), requireSandboxPrograms()].filter(Boolean).join("; ") || null;
const SHOTS = join(ROOT, "artifacts/console");
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What the agent and the tool say: HTML that must show as text, never run or become elements. */
const HOSTILE = `<img src=x onerror=alert(1)><script>window.__pwned=1</script>`;

let s: TestServer;
let model: LoopbackModel;
let receiver: Receiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let agentId: string;
let environmentId: string;
const offsite: string[] = [];
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  model = await loopbackModel();
  receiver = await startReceiver(() => ({ status: 500, body: "receiver says no" }));
  s = await inProcess({
    env: {
      ...model.env,
      SANDBOX: "bubblewrap",
      RUN_POLL_INTERVAL_MS: "50",
      // A failing delivery goes through its 4 attempts in well under a second.
      WEBHOOK_RETRY_BASE_MS: "20",
      WEBHOOK_RETRY_FACTOR: "1",
      WEBHOOK_POLL_INTERVAL_MS: "20",
    },
  });
  const agent = await createAgent(s, {
    name: "careful",
    model: "openai/llama3.2",
    tools: [
      { type: "agent_toolset_20260401", configs: [{ name: "bash", permission_policy: "always_ask" }] },
      {
        type: "custom",
        name: "lookup_ticket",
        description: "Looks a ticket up by its number.",
        input_schema: {
          type: "object",
          properties: { number: { type: "integer", description: "The ticket's number." } },
          required: ["number"],
        },
      },
    ],
  });
  agentId = agent.id;
  environmentId = await createEnvironment(s);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  // Only the server is reachable: anything else is recorded and refused.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${s.url}/`) || url.startsWith("blob:") || url.startsWith("data:")) return route.continue();
    offsite.push(url);
    return route.abort("blockedbyclient");
  });
  page = await context.newPage();
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (err) => pageErrors.push(err.message));
}, 180_000);

afterAll(async () => {
  if (skip) return;
  await browser?.close();
  await s?.stop();
  await model?.close();
  await receiver?.close();
});

/** A screenshot of the page at 1280 px and at 390 px wide. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** axe-core on the page as it is: the serious and critical violations (none expected). */
async function axeViolations(): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  await page.evaluate(AXE);
  const violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] = await page.evaluate(
    "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)",
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const timeline = () => page.getByRole("list", { name: "Timeline" });

/** Nothing of the hostile text became an element or ran. */
async function expectNoInjection(): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator("body script").count()).toBe(0);
  expect(await page.evaluate("typeof window.__pwned")).toBe("undefined");
}

describe.skipIf(skip !== null)("the console at /console", { timeout: 90_000 }, () => {
  it("is served with a strict Content-Security-Policy and asks for a token", async () => {
    const response = await page.goto(`${s.url}/console`);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    await page.getByLabel("API token").waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot("01-login");
    await page.getByLabel("API token").fill("not-a-token");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain("401");
    await page.getByLabel("API token").fill(s.token);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("heading", { name: "Sessions", level: 1 }).waitFor();
    // Kept for the tab, never in the address.
    expect(page.url()).not.toContain(s.token);
    expect(await page.evaluate('sessionStorage.getItem("cloud-agents-console-token")')).toBe(s.token);
  });

  it("starts a session, shows the always_ask call live, and runs it after Allow", async () => {
    await page.getByRole("button", { name: "New session" }).click();
    await page.getByRole("button", { name: "Start" }).click();
    await page.getByText("stream: live").waitFor();
    expect(page.url()).toMatch(/#\/sessions\/sess_/);
    model.script([
      {
        text: "Writing the report.",
        tool_calls: [
          {
            id: "b1",
            name: "bash",
            input: {
              command: `printf '%s' '${HOSTILE}' > /mnt/session/outputs/report.txt; cat /mnt/session/outputs/report.txt`,
            },
          },
        ],
      },
      { text: `Done. The file says ${HOSTILE}` },
    ]);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(`Write a report ${HOSTILE}`);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    // The call arrives live, waiting for the confirmation.
    const waiting = page.getByRole("region", { name: "Waiting for you" });
    await waiting.getByText("The agent asks to run").waitFor({ timeout: 20_000 });
    await timeline().getByText("Tool bash").waitFor();
    await shot("02-confirmation");
    expect(await axeViolations()).toEqual([]);
    await waiting.getByRole("button", { name: "Allow" }).click();
    // The output and the reply arrive without a reload.
    const reply = timeline().locator('[data-type="agent.message"]').filter({ hasText: "Done. The file says" });
    await reply.waitFor({ timeout: 20_000 });
    expect(await reply.innerText()).toContain(HOSTILE);
    await timeline().getByText("Allowed", { exact: true }).waitFor();
    const tool = timeline().locator('[data-type="agent.tool_use"]');
    await tool.getByText("Output", { exact: true }).click();
    expect(await tool.locator("pre").last().innerText()).toContain(HOSTILE);
    expect(await timeline().locator('[data-type="user.message"]').innerText()).toContain(HOSTILE);
    await expectNoInjection();
    await shot("03-allowed-and-replied");
  });

  it("downloads the file the agent wrote", async () => {
    await page.getByRole("button", { name: "Download output report.txt" }).waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download output report.txt" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("report.txt");
    const path = await download.path();
    expect(readFileSync(path, "utf8")).toBe(HOSTILE);
    await shot("04-outputs");
  });

  it("answers a custom tool through the form made from its input_schema", async () => {
    model.script([
      { tool_calls: [{ id: "c1", name: "lookup_ticket", input: { number: 7 } }] },
      { text: "Ticket 7 is open." },
    ]);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("How is ticket 7?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const form = page.getByRole("form", { name: "Answer lookup_ticket" });
    await form.waitFor({ timeout: 20_000 });
    // The field of the schema's property, with its description, holding what the agent asked.
    const number = form.getByLabel("number (required)");
    expect(await number.inputValue()).toBe("7");
    await form.getByText("The ticket's number.").waitFor();
    await form.getByLabel("Result").fill("open since Monday");
    await shot("05-custom-tool-form");
    expect(await axeViolations()).toEqual([]);
    await form.getByRole("button", { name: "Send the result" }).click();
    await timeline().getByText("Ticket 7 is open.").waitFor({ timeout: 20_000 });
    await form.waitFor({ state: "detached" });
    const used = model.requests.at(-1)?.body.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "c1");
    expect(used?.content).toBe("open since Monday");
  });

  it("interrupts a long turn", async () => {
    model.script([{ hang: true }]);
    const before = await timeline().locator('[data-type="session.status_run_started"]').count();
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Think for a long time.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect
      .poll(() => timeline().locator('[data-type="session.status_run_started"]').count(), { timeout: 20_000 })
      .toBe(before + 1);
    // The fifth request to the model (two per turn before): the one left hanging.
    await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(5);
    await page.getByRole("button", { name: "Interrupt" }).click();
    await timeline().getByText("Idle: interrupted").waitFor({ timeout: 20_000 });
    await timeline().getByText("Interrupted", { exact: true }).waitFor();
    expect(model.requests.at(-1)?.abortedAt).not.toBeNull();
    await shot("06-interrupted");
  });

  it("denies a call with a message the agent reads", async () => {
    model.script([
      { tool_calls: [{ id: "b2", name: "bash", input: { command: "rm -rf /workspace/*" } }] },
      { text: "Understood, I leave it." },
    ]);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Clean up.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const waiting = page.getByRole("region", { name: "Waiting for you" });
    await waiting.getByText("The agent asks to run").waitFor({ timeout: 20_000 });
    await waiting.getByLabel("Deny message").fill("not today");
    await waiting.getByRole("button", { name: "Deny" }).click();
    await timeline().getByText("Understood, I leave it.").waitFor({ timeout: 20_000 });
    expect(await timeline().locator('[data-type="user.tool_confirmation"]').last().innerText()).toContain("not today");
    const told = model.requests.at(-1)?.body.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "b2");
    expect(told?.content).toContain("not today");
    await shot("07-denied");
  });

  it("shows the agent's text live while the model writes it", async () => {
    const text = "Half of this arrives first, and then the rest of it.";
    model.script([{ text, pauseAfter: 2 }]);
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Say something slowly.");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const draft = timeline().locator('[data-type="draft"]');
    await expect
      .poll(() => draft.innerText().catch(() => ""), { timeout: 20_000 })
      .toContain(text.slice(0, text.length / 2));
    expect(await timeline().getByText(text).count()).toBe(0);
    await shot("08-live-text");
    model.release();
    await timeline().locator('[data-type="agent.message"]').filter({ hasText: text }).waitFor({ timeout: 20_000 });
    await draft.waitFor({ state: "detached" });
  });

  it("uploads a file into the workspace and downloads it again", async () => {
    await page.getByLabel("Upload into this folder").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("written from the console\n"),
    });
    const button = page.getByRole("button", { name: "Download notes.txt" });
    await button.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(readFileSync(await download.path(), "utf8")).toBe("written from the console\n");
    const stored = await s.request(
      "GET",
      `/sessions/${new URL(page.url()).hash.split("/")[2]}/files/content?path=notes.txt`,
    );
    expect(stored.text).toBe("written from the console\n");
  });

  it("shows a sub-agent's thread in the timeline", async () => {
    const helper = await createAgent(s, { name: "helper" });
    const lead = await createAgent(s, { name: "lead", multiagent: { type: "coordinator", agents: [helper.id] } });
    const session = await createSession(s, lead.id, environmentId);
    await page.goto(`${s.url}/console#/sessions/${session.id}`);
    await page.getByText("stream: live").waitFor();
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("three little words");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const inThread = timeline().locator(".event.in-thread");
    await inThread.first().waitFor({ timeout: 20_000 });
    expect(await inThread.first().locator(".thread-badge").innerText()).toMatch(/^thread /);
    await timeline().getByText("Idle: end turn").last().waitFor({ timeout: 20_000 });
    expect(await axeViolations()).toEqual([]);
    await shot("09-sub-agent-thread");
    // Its thread can be stopped on its own.
    const threads = page.getByRole("table", { name: "Threads" });
    await threads.getByRole("button", { name: /^Stop thread / }).click();
    await threads.getByText("terminated").waitFor({ timeout: 20_000 });
    await timeline().getByText("Thread terminated").waitFor();
  });

  it("shows a failed webhook delivery with its attempts and retries it", async () => {
    const created = await s.request("POST", "/webhook_endpoints", {
      body: { url: `${receiver.url}/hooks`, events: ["session.deleted"] },
    });
    expect(created.status).toBe(201);
    await page.goto(`${s.url}/console#/webhooks`);
    await page.getByRole("link", { name: `${receiver.url}/hooks` }).click();
    await page.getByRole("button", { name: "Send a test event" }).click();
    await receiver.waitForRequests(4, { path: "/hooks" });
    const deliveries = page.getByRole("table", { name: "Deliveries" });
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return deliveries.locator("tbody tr").first().innerText();
        },
        { timeout: 20_000 },
      )
      .toMatch(/webhook\.test\s+dead\s+4\s+500/);
    await deliveries.getByRole("button", { name: /^Attempts of / }).click();
    const attempts = page.getByRole("table", { name: "Attempts" });
    await expect.poll(() => attempts.locator("tbody tr").count()).toBe(4);
    expect(await attempts.innerText()).toContain("500");
    // The endpoint's health counts the failures.
    await page.getByText("4 failures in a row").waitFor();
    await shot("10-failed-delivery");
    expect(await axeViolations()).toEqual([]);
    receiver.respond(() => ({ status: 200 }));
    await deliveries.getByRole("button", { name: "Retry" }).click();
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return deliveries.locator("tbody tr").first().innerText();
        },
        { timeout: 20_000 },
      )
      .toMatch(/webhook\.test\s+succeeded\s+5\s+200/);
    await expect.poll(() => attempts.locator("tbody tr").count()).toBe(5);
    await shot("11-retried");
  });

  it.each([
    ["sessions", "Sessions"],
    ["agents", "Agents"],
    ["environments", "Environments"],
    ["vaults", "Vaults"],
    ["memory_stores", "Memory stores"],
    ["skills", "Skills"],
    ["deployments", "Deployments"],
    ["webhooks", "Webhooks"],
  ])("has no serious accessibility violation on #/%s, and reaches it by keyboard", async (route, title) => {
    await page.goto(`${s.url}/console#/sessions`);
    await page.getByRole("heading", { name: "Sessions", level: 1 }).waitFor();
    // From the top of the page, Tab reaches the section's link and Enter opens it.
    await page.locator("body").focus();
    let reached = false;
    for (let i = 0; i < 15 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await page.evaluate("document.activeElement?.textContent")) === title;
    }
    expect(reached, `Tab reaches ${title}`).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/${route}`);
    expect(await axeViolations()).toEqual([]);
    await shot(`page-${route}`);
  });

  it("has no serious accessibility violation on an agent's page", async () => {
    await page.goto(`${s.url}/console#/agents/${agentId}`);
    await page.getByRole("heading", { name: "Agent careful", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Versions" }).waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot("page-agent");
  });

  it("shows the server's validation of an agent inline", async () => {
    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("The agent (JSON)").fill(JSON.stringify({ name: "careful", model: "no-such-model" }));
    await page.getByRole("button", { name: "Save" }).click();
    const problem = page.getByRole("alert");
    await expect.poll(() => problem.innerText()).toContain("model");
    expect(await page.getByLabel("The agent (JSON)").getAttribute("aria-invalid")).toBe("true");
    await shot("agent-validation");
  });

  it("shows a vault's credentials without their secrets", async () => {
    const vault = (await s.request("POST", "/vaults", { body: { display_name: "Prod" } })).body;
    const secret = "ghp_console_secret_0123456789";
    const credential = await s.request("POST", `/vaults/${vault.id}/credentials`, {
      body: {
        display_name: "GitHub MCP",
        auth: { type: "static_bearer", mcp_server_url: "https://mcp.example.com/a", token: secret },
      },
    });
    expect(credential.status).toBe(200);
    await page.goto(`${s.url}/console#/vaults/${vault.id}`);
    const table = page.getByRole("table", { name: "Credentials" });
    await table.getByText("GitHub MCP").waitFor();
    expect(await table.innerText()).toContain("static_bearer");
    expect(await page.content()).not.toContain(secret);
    expect(await axeViolations()).toEqual([]);
    await shot("page-vault");
  });

  it("shows a memory's versions and redacts one", async () => {
    const store = (await s.request("POST", "/memory_stores", { body: { name: "notes" } })).body;
    const memory = (
      await s.request("POST", `/memory_stores/${store.id}/memories`, {
        body: { path: "a.md", content: "first words\n" },
      })
    ).body;
    const updated = await s.request("POST", `/memory_stores/${store.id}/memories/${memory.id}`, {
      body: { content: "second words\n" },
    });
    expect(updated.status, updated.text).toBe(200);
    await page.goto(`${s.url}/console#/memory_stores/${store.id}`);
    await page.getByRole("button", { name: "a.md" }).click();
    await page.getByText("second words").waitFor();
    const versions = page.getByRole("table", { name: "Versions" });
    await expect.poll(() => versions.locator("tbody tr").count()).toBe(2);
    await versions.getByRole("button", { name: "Redact" }).last().click();
    await versions.getByText("(redacted)").waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot("page-memory-store");
  });

  it("shows a deployment's next fire times and runs; runs it now and pauses it", async () => {
    const echo = await createAgent(s, { name: "nightly echo" });
    const deployment = await createDeployment(s, echo.id, environmentId, {
      schedule: { type: "cron", expression: "0 3 * * *", timezone: "UTC" },
    });
    await page.goto(`${s.url}/console#/deployments/${deployment.id}`);
    await page.getByRole("heading", { name: "Next fire times" }).waitFor();
    await expect.poll(() => page.locator("main ul li").count()).toBe(5);
    await page.getByRole("button", { name: "Run now" }).click();
    const runs = page.getByRole("table", { name: "Runs" });
    await runs.getByRole("link", { name: /^sess_/ }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByRole("button", { name: "Unpause" }).waitFor();
    expect(await axeViolations()).toEqual([]);
    await shot("page-deployment");
  });

  it("uploads a skill folder, lists its version and downloads it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "console-skill-"));
    mkdirSync(join(dir, "release-notes"));
    writeFileSync(
      join(dir, "release-notes/SKILL.md"),
      "---\nname: release-notes\ndescription: Writes release notes.\n---\nWrite them short.\n",
    );
    await page.goto(`${s.url}/console#/skills`);
    await page.getByLabel("Upload a skill folder (holding SKILL.md)").setInputFiles(join(dir, "release-notes"));
    await page.getByRole("link", { name: "release-notes" }).click();
    const versions = page.getByRole("table", { name: "Versions" });
    const download = versions.getByRole("button", { name: /^Download version / });
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString("latin1"),
    ).toBe("PK");
    expect(await axeViolations()).toEqual([]);
    await shot("page-skill");
    // A zip of a skill's folder makes a skill too.
    const zip = zipSync({
      "notes-writer/SKILL.md": strToU8("---\nname: notes-writer\ndescription: Writes notes.\n---\nBe brief.\n"),
    });
    await page.goto(`${s.url}/console#/skills`);
    await page.getByLabel("Or a zip of that folder").setInputFiles({
      name: "notes-writer.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zip),
    });
    await page.getByRole("link", { name: "notes-writer" }).waitFor();
  });

  it("loads no more than 150 KB of gzipped JavaScript for the first page", async () => {
    const html = await (await fetch(`${s.url}/console`)).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts).toEqual(["/console/console.js"]);
    expect(html).not.toMatch(/<script(?![^>]*src=)[^>]*>/);
    let gzipped = 0;
    for (const src of scripts) {
      const res = await fetch(`${s.url}${src}`, { headers: { "accept-encoding": "gzip" } });
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      // fetch decodes the body: count the bytes on the wire by compressing them as the server does.
      const { gzipSync } = await import("node:zlib");
      gzipped += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    }
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
  });

  it("requested nothing outside its origin, ran nothing injected and raised no script error", async () => {
    await expectNoInjection();
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
