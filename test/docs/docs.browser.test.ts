/**
 * The API reference at /docs, in a real browser (Debian's chromium driven by playwright-core),
 * with every request that does not go to the local server blocked: every operation and every
 * webhook of generated/openapi.json renders (webhooks with their own payload schema), the
 * introduction's sections exist, the sidebar and search lead to the operations, and nothing is
 * fetched from anywhere else. Screenshots go to artifacts/docs/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireProgram } from "../helpers/servers/requires.ts";
import { inProcess, ROOT, type TestServer } from "../helpers/servers/server.ts";
import { SpecValidator } from "../helpers/spec/specValidator.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Debian's chromium, or CHROMIUM_PATH (skips without it, one line, unless CI=true).
const noChromium = requireProgram(CHROMIUM, "chromium");
const SHOTS = join(ROOT, "artifacts/docs");

type Json = Record<string, any>;
const spec = new SpecValidator().spec as Json;
const refName = (node: Json | undefined) => (typeof node?.$ref === "string" ? node.$ref.split("/").pop() : undefined);
const slug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

interface Entry {
  label: string;
  tag: string;
  operationId: string;
  summary: string;
  /** Text the rendered entry must show. */
  shows: string[];
  /** Text it must not show. */
  hides: string[];
}

const operations: Entry[] = Object.entries(spec.paths as Json).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"]
    .filter((m) => item[m])
    .map((m) => {
      const op = item[m] as Json;
      return {
        label: `${m.toUpperCase()} ${path}`,
        tag: op.tags[0],
        operationId: op.operationId,
        summary: op.summary,
        shows: [path, ...Object.keys(op.responses)],
        hides: [],
      };
    }),
);

const webhooks: Entry[] = Object.entries(spec.webhooks as Json).map(([name, item]) => {
  const op = item.post as Json;
  const schema = op.requestBody.content["application/json"].schema as Json;
  const dataSchema = (schema.allOf as Json[]).map((m) => refName(m.properties?.data)).find(Boolean);
  return {
    label: `webhook ${name}`,
    tag: op.tags[0],
    operationId: op.operationId,
    summary: op.summary,
    // Its own data schema, by name, and not a choice among every kind.
    shows: [name, `(${dataSchema})`, "Webhook-Signature"],
    hides: ["One of"],
  };
});

let server: TestServer;
let browser: Browser;
let page: Page;
const offsite: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await inProcess();
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
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  // Only the local server is reachable: anything else is recorded and refused.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${server.url}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    offsite.push(url);
    return route.abort("blockedbyclient");
  });
  page = await context.newPage();
  page.on("pageerror", (err) => pageErrors.push(err.message));
  await page.goto(`${server.url}/docs`);
  await page.getByRole("link", { name: "Conventions" }).first().waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens an entry by its route and returns the text of its section once it shows its heading and
 * everything in `shows` (Redoc renders sections lazily, and may re-render them while scrolling).
 */
async function open(entry: Entry): Promise<string> {
  const id = `/${slug(entry.tag)}/${entry.operationId.toLowerCase()}`;
  await page.evaluate(`window.location.hash = ${JSON.stringify(`#${id}`)}`);
  const section = page.locator(`[data-section-id="${id}"]`);
  const deadline = Date.now() + 15_000;
  let text = "";
  for (;;) {
    text = await section.innerText({ timeout: 1_000 }).catch(() => "");
    const missing = [entry.summary, ...entry.shows].filter((s) => !text.includes(s));
    if (missing.length === 0) return text;
    if (Date.now() > deadline) {
      throw new Error(`${entry.label} (#${id}) does not show ${missing.join(", ")}; it shows:\n${text.slice(0, 2000)}`);
    }
    await page.waitForTimeout(100);
  }
}

describe.skipIf(noChromium)("the API reference at /docs", () => {
  it("is one self-contained page: the introduction and its sections render with no request leaving the machine", async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:/);
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    const sidebar = page.locator(".menu-content");
    for (const name of ["Conventions", "Idempotent requests", "Webhooks"]) {
      await expect.poll(() => sidebar.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    }
    // The introduction and the Events section point to sections that exist by those names.
    expect(spec.info.description).toContain("## Webhooks");
    const events = (spec.tags as Json[]).find((t) => t.name === "Events");
    expect(events?.description).toContain("Webhooks section of the introduction");
    await page.screenshot({ path: join(SHOTS, "introduction.png") });
  });

  it.each(operations.map((o) => [o.label, o] as const))("renders %s", async (_, entry) => {
    const text = await open(entry);
    for (const expected of entry.shows) expect(text, `${entry.label} shows ${expected}`).toContain(expected);
  });

  it.each(webhooks.map((w) => [w.label, w] as const))("renders %s with its own payload schema", async (_, entry) => {
    const text = await open(entry);
    for (const expected of entry.shows) expect(text, `${entry.label} shows ${expected}`).toContain(expected);
    for (const unexpected of entry.hides) expect(text, `${entry.label} hides ${unexpected}`).not.toContain(unexpected);
  });

  it("takes a screenshot of every section", async () => {
    const tags = [...new Set([...operations, ...webhooks].map((e) => e.tag))];
    for (const tag of tags) {
      const first = [...operations, ...webhooks].find((e) => e.tag === tag);
      if (first) await open(first);
      await page.screenshot({ path: join(SHOTS, `${slug(tag)}.png`) });
    }
    const idled = webhooks.find((w) => w.label === "webhook session.status_idled");
    if (idled) await open(idled);
    await page.screenshot({ path: join(SHOTS, "webhook-session.status_idled.png") });
    // A full-page screenshot per section: over 30 s in Chromium on a loaded 2-core machine.
  }, 90_000);

  it("navigates from the sidebar without leaving the page", async () => {
    await page.locator(".menu-content").getByText("Vault credentials", { exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#/vault-credentials");
    expect(new URL(page.url()).pathname).toBe("/docs");
    await page.locator("h2", { hasText: "Create a credential" }).first().waitFor();
  });

  it("finds operations and events with search", async () => {
    await page.locator(".menu-content").getByText("Search", { exact: false }).first().click();
    await page.keyboard.type("signing_secret");
    const hit = page.getByText("Create a webhook endpoint", { exact: true }).first();
    await hit.waitFor();
    await page.screenshot({ path: join(SHOTS, "search.png") });
    await hit.click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/webhook-endpoints\/createwebhookendpoint\b/);
    await page.locator("h2", { hasText: "Create a webhook endpoint" }).first().waitFor();

    await page.locator(".menu-content").getByText("Search", { exact: false }).first().click();
    await page.keyboard.type("status_run_started");
    await page.getByText("session.status_run_started", { exact: true }).first().waitFor();
    await page.keyboard.press("Escape");
  });

  it("fetched nothing from anywhere but the server, and raised no script error", () => {
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
