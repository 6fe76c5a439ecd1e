/**
 * One figure of `npm run bench`: a measurement, the baseline it is compared with (measured in the
 * same run, interleaved with it), their ratio, and the target it is held to. Every section of the
 * suite (scripts/bench/*.ts) returns its figures in this shape; the suite prints them as one table
 * and writes them to bench/results.json.
 */
export interface Figure {
  /** The section: "api", "delivery", "scheduler", "lists", "startup". */
  section: string;
  /** What was measured, e.g. "GET /skills?limit=20 requests/s". */
  name: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, e.g. a bare Express handler doing the same work. */
  baseline?: { name: string; value: number };
  /** value / baseline.value (or the inverse for "lower is better" figures, as `target` says). */
  ratio?: number;
  /** The issue's target: the ratio (or the value itself) compared with `value`. */
  target?: { of: "ratio" | "value"; op: ">=" | "<="; value: number };
  /** Whether the target is met (absent when the figure has no target). */
  met?: boolean;
  /** Anything a reader needs to interpret the figure (runs, concurrency, medians of what). */
  note?: string;
  /** Why the figure was not measured (e.g. no PostgreSQL server binaries): `value` is NaN. */
  skipped?: string;
}

/** Fills `met` from `target`. */
export function judged(figure: Figure): Figure {
  if (!figure.target) return figure;
  const measured = figure.target.of === "ratio" ? figure.ratio : figure.value;
  if (measured === undefined || !Number.isFinite(measured)) return { ...figure, met: false };
  const met = figure.target.op === ">=" ? measured >= figure.target.value : measured <= figure.target.value;
  return { ...figure, met };
}
