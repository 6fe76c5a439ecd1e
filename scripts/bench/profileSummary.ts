/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by function and by file (package
 * for node_modules), and the total time of every frame's subtree by function ("inclusive"), so a
 * profile can be read before an optimisation and compared after it.
 *
 *   npx tsx scripts/bench/profileSummary.ts PROFILE.cpuprofile [--top 30] [--match text] [--last-ms N]
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: [string, number][];
  byFile: [string, number][];
  inclusive: [string, number][];
}

/** Where a frame comes from: a package name for node_modules, a repository-relative path otherwise. */
function fileOf(url: string): string {
  if (!url) return "(native)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const server = url.search(/\/(server|scripts|dist)\//);
  return server >= 0 ? url.slice(server + 1) : url.replace(/^file:\/\//, "");
}

const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || "(anonymous)"} ${fileOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

/** `lastMs`: only the samples of the profile's last so many milliseconds (the steady state). */
export function summarise(profile: CpuProfile, lastMs = Number.POSITIVE_INFINITY): ProfileSummary {
  const self = new Map<number, number>();
  const from = profile.endTime - lastMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from) self.set(id, (self.get(id) ?? 0) + delta / 1000);
  });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    byFunction.set(label(node), (byFunction.get(label(node)) ?? 0) + ms);
    const file = fileOf(node.callFrame.url);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  // Inclusive time: each function counted once per stack (recursion does not double it).
  const inclusive = new Map<string, number>();
  const walk = (id: number, onStack: Set<string>): number => {
    const node = byId.get(id);
    if (!node) return 0;
    let total = self.get(id) ?? 0;
    const name = label(node);
    const fresh = !onStack.has(name);
    if (fresh) onStack.add(name);
    for (const child of node.children ?? []) total += walk(child, onStack);
    if (fresh) {
      onStack.delete(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + total);
    }
    return total;
  };
  const root = profile.nodes[0];
  if (root) walk(root.id, new Set());
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const totalMs = [...self.values()].reduce((a, b) => a + b, 0);
  return { totalMs, byFunction: sorted(byFunction), byFile: sorted(byFile), inclusive: sorted(inclusive) };
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error("usage: profileSummary.ts PROFILE.cpuprofile [--top N] [--match text]");
  const at = (name: string) => process.argv.indexOf(`--${name}`);
  const top = at("top") > 0 ? Number(process.argv[at("top") + 1]) : 30;
  const match = at("match") > 0 ? (process.argv[at("match") + 1] ?? "") : "";
  const lastMs = at("last-ms") > 0 ? Number(process.argv[at("last-ms") + 1]) : Number.POSITIVE_INFINITY;
  const summary = summarise(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, lastMs);
  const pct = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1).padStart(5)} %`;
  const show = (title: string, rows: [string, number][]) => {
    console.log(`\n${title}`);
    for (const [name, ms] of rows.filter(([n]) => n.includes(match)).slice(0, top)) {
      console.log(`${ms.toFixed(1).padStart(9)} ms ${pct(ms)}  ${name}`);
    }
  };
  console.log(`${file}: ${summary.totalMs.toFixed(0)} ms sampled`);
  show("self time by file/package", summary.byFile);
  show("self time by function", summary.byFunction);
  show("inclusive time by function", summary.inclusive);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
