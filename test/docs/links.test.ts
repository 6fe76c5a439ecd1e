/**
 * The README and the docs pages link to each other by relative paths and `#anchors`; a page moved,
 * renamed or retitled breaks them silently on GitHub. This reads README.md and every docs/*.md,
 * takes each Markdown link outside code, and checks that a relative target exists and that its
 * anchor is a heading of the target page, named as GitHub names heading anchors.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/servers/server.ts";

/** The README is the front door: what runs the service and where to read on, not the whole manual. */
const README_MAX_LINES = 500;

const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The page's text outside fenced code blocks, line by line (code lines become empty). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const words = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // a link in a heading counts by its text
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(words) ?? 0;
    seen.set(words, n + 1);
    anchors.add(n === 0 ? words : `${words}-${n}`);
  }
  return anchors;
}

/** Every Markdown link target of the page's prose (inline code left out), with its line number. */
function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  proseLines(text).forEach((line, i) => {
    const prose = line.replace(/`[^`]*`/g, "``");
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ target: m[1] ?? "", line: i + 1 });
  });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe("the README and the docs pages", () => {
  it(`keep the README at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it.each(PAGES)("%s: every relative link leads to a file, and every anchor to a heading of it", (page) => {
    const text = readFileSync(join(ROOT, page), "utf8");
    const broken: string[] = [];
    for (const { target, line } of linksOf(text)) {
      if (isExternal(target)) continue;
      const hash = target.indexOf("#");
      const path = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const file = path === "" ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
      if (!existsSync(file)) {
        broken.push(`${page}:${line}: ${target} (no ${relative(ROOT, file) || "."})`);
        continue;
      }
      if (anchor === null) continue;
      if (statSync(file).isDirectory() || !file.endsWith(".md")) {
        broken.push(`${page}:${line}: ${target} (an anchor into a file that is not a Markdown page)`);
        continue;
      }
      const anchors = anchorsOf(readFileSync(file, "utf8"));
      if (!anchors.has(anchor))
        broken.push(`${page}:${line}: ${target} (no heading #${anchor} in ${relative(ROOT, file)})`);
    }
    expect(broken).toEqual([]);
  });

  it("name heading anchors as GitHub does", () => {
    const anchors = anchorsOf(
      "# The sandbox's security model\n## How `npm test` takes\n```sh\n# not a heading\n```\n## Follow events live (Server-Sent Events)\n## Follow events live (Server-Sent Events)\n## 1,000 live streams",
    );
    expect([...anchors]).toEqual([
      "the-sandboxs-security-model",
      "how-npm-test-takes",
      "follow-events-live-server-sent-events",
      "follow-events-live-server-sent-events-1",
      "1000-live-streams",
    ]);
  });
});
