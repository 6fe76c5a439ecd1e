import type { Figure } from "./figure.ts";

const fmt = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? "-" : Math.abs(n) >= 100 ? Math.round(n).toLocaleString("en") : String(n);

function targetText(f: Figure): string {
  if (!f.target) return "";
  return `${f.target.of === "ratio" ? "ratio" : "value"} ${f.target.op} ${f.target.value}`;
}

function metText(f: Figure): string {
  if (f.met === undefined) return "";
  return f.met ? "met" : "NOT met";
}

/** The figures as a Markdown table (it reads as a plain-text table in a terminal too). */
export function renderTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.section,
    f.name,
    f.skipped === undefined ? `${fmt(f.value)} ${f.unit}` : `skipped: ${f.skipped}`,
    f.baseline ? `${fmt(f.baseline.value)} (${f.baseline.name})` : "",
    f.ratio === undefined ? "" : fmt(f.ratio),
    targetText(f),
    metText(f),
  ]);
  const header = ["section", "figure", "value", "baseline (same run)", "ratio", "target", "met"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
